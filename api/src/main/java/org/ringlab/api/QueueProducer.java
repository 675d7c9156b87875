package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * The producing side of a {@link RecordQueue}. In {@link QueueSpec.RecordMode#FIXED} mode
 * every record is exactly {@link QueueSpec#recordSize()} bytes; in
 * {@link QueueSpec#recordSize() VARIABLE} mode at most that many.
 *
 * <h2>Contract (every discipline)</h2>
 * <ul>
 *   <li><b>Claim then offer.</b> While a claim is outstanding, both {@code offer}s throw
 *       {@link IllegalStateException} naming the claim ("a claim of N bytes is outstanding:
 *       commit it first (or claim again to replace it)"); nothing is written and the claim
 *       stays valid: a later {@link #commit} publishes it normally. A new {@link #claim}
 *       replaces (cancels) an outstanding one. {@code commit} without a claim throws
 *       {@link IllegalStateException}; longer than the claim, {@link IllegalArgumentException}.</li>
 *   <li><b>A claim is the caller's until its commit.</b> Whatever the consumers read
 *       meanwhile on the same thread (records across the ring's seam included, where a strategy
 *       may gather or rotate), the bytes written into the claim's segment are the record its
 *       commit publishes.</li>
 *   <li><b>A batch with a bad element.</b> The batch {@code offer} validates every element
 *       first: a null element throws {@link NullPointerException}, one of a length the spec
 *       refuses {@link IllegalArgumentException}, naming its index and length, and nothing of
 *       the batch is published; the producer stays fully usable.</li>
 *   <li><b>Null arguments.</b> {@code offer(null)} throws {@link NullPointerException}, even
 *       when the queue is full.</li>
 *   <li><b>After {@link RecordQueue#close()}</b> every method throws {@link IllegalStateException}.</li>
 * </ul>
 */
public interface QueueProducer {

    /** Copies {@code record} in and publishes it; {@code false} when the queue is full. */
    boolean offer(MemorySegment record);

    /**
     * Copies {@code records[offset .. offset + count)} in and publishes all of them with one
     * store; returns how many fitted (0 when full). Publishing once per batch is the point.
     */
    int offer(MemorySegment[] records, int offset, int count);

    /**
     * Zero-copy: a writable segment of {@code length} bytes inside the queue's memory, or
     * {@code null} when the queue is full. Fill it, then {@link #commit(int)}.
     */
    MemorySegment claim(int length);

    /** Publishes the first {@code length} bytes of the outstanding claim as one record. */
    void commit(int length);
}
