package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * One consuming side of a {@link RecordQueue}.
 *
 * <h2>Contract (every discipline, every consumer of a multi-consumer one)</h2>
 * <ul>
 *   <li><b>poll into a bad destination.</b> {@code poll(dst)} with {@code dst} read-only, or
 *       smaller than the oldest record, throws {@link IllegalArgumentException} naming the
 *       record length and {@code dst}'s size (or "read-only"); the record is not consumed:
 *       the next {@code poll}/{@code peek} returns it.</li>
 *   <li><b>A throwing drain handler.</b> The records handed to the handler before the one
 *       whose {@code onRecord} threw are consumed; that record and all after it are not (the
 *       next {@code poll}/{@code peek}/{@code drain} redelivers it); the exception propagates
 *       unchanged.</li>
 *   <li><b>A drain handler does not call its own consumer.</b> {@code poll}, {@code peek},
 *       {@code release} or {@code drain} called on a consumer from inside the handler its own
 *       {@code drain} is running throws {@link IllegalStateException} naming the re-entry (e.g.
 *       "poll called from inside drain's handler on consumer ..."), before it reads or consumes
 *       anything. The drain stays consistent: no record is delivered twice and none is lost,
 *       whether the handler catches the exception (the drain goes on with the next record) or
 *       lets it out (the rule above: that record and those after it stay queued, in order).
 *       Calls on the producer and on other consumers of a multi-consumer discipline are allowed.
 *       A consumer pays for this once per {@code drain} (a flag set on entry, cleared on the way
 *       out), not per record.</li>
 *   <li><b>release without peek.</b> {@link #release()} when no record is peeked (never
 *       peeked, already released, the last peek returned null, or after a poll) throws
 *       {@link IllegalStateException}.</li>
 *   <li><b>Null arguments.</b> {@code poll(null)} and {@code drain(null, n)} throw
 *       {@link NullPointerException} even when the queue is empty; {@code drain(h, limit)}
 *       with {@code limit <= 0} throws {@link IllegalArgumentException}.</li>
 *   <li><b>A peeked record is the consumer's until release.</b> Its view keeps the record's
 *       bytes while the producer offers and the other consumers of a multi-consumer discipline
 *       read on (records across the ring's seam included).</li>
 *   <li><b>After {@link RecordQueue#close()}</b> every method throws {@link IllegalStateException}.</li>
 * </ul>
 */
public interface QueueConsumer {

    /** Returned by {@link #poll(MemorySegment)} when the queue is empty. */
    int EMPTY = -1;

    /**
     * Zero-copy: a read-only view of the oldest record, or {@code null} when empty. The view
     * stays valid until {@link #release()}, which consumes it.
     */
    MemorySegment peek();

    /** Consumes the record the last {@link #peek()} returned. */
    void release();

    /**
     * Hands up to {@code limit} records to {@code handler} and consumes them with one store
     * at the end; returns how many (0 when empty).
     */
    int drain(RecordQueue.RecordHandler handler, int limit);

    /** Copies the oldest record into {@code dst} and consumes it; its length, or {@link #EMPTY}. */
    int poll(MemorySegment dst);
}
