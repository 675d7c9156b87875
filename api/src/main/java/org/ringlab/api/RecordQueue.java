package org.ringlab.api;

import java.util.Map;

/**
 * A queue built by a {@link QueueDiscipline} on a {@link RingMemory}: one producer handle and
 * {@link QueueSpec#consumers()} consumer handles. Each handle belongs to one thread at a time.
 * Full and empty are return values ({@code false}, {@code null}, {@code -1}, {@code 0}), never
 * exceptions; the hot paths do not allocate.
 *
 * <p>The queue does not own its memory: {@link #close()} releases what the queue holds
 * (threads it started, waiters it parks); afterwards every method of the queue, of its
 * producer and of every consumer handle throws {@link IllegalStateException}, except
 * {@code close()} itself (idempotent). The caller closes the memory. Building a queue on
 * closed memory throws {@link IllegalStateException}.
 *
 * <p>The producer's and the consumers' contracts for misuse (claim then offer, a batch with a
 * bad element, a bad destination, a throwing handler, release without peek, null arguments)
 * are in {@link QueueProducer} and {@link QueueConsumer}.
 */
public interface RecordQueue extends AutoCloseable {

    /** Name of the discipline that built this queue. */
    String disciplineName();

    QueueSpec spec();

    RingMemory memory();

    /** The producer handle (the same object on every call). */
    QueueProducer producer();

    /** Consumer {@code index}, {@code 0 <= index < spec().consumers()}. */
    QueueConsumer consumer(int index);

    /**
     * A snapshot of the discipline's counters by name (records offered and delivered, failed
     * offers, drops, wake-ups, mode switches…), for reports; not for the hot path.
     */
    Map<String, Long> counters();

    @Override
    void close();

    /** Receives one record: a read-only view valid only during the call. */
    @FunctionalInterface
    interface RecordHandler {
        void onRecord(java.lang.foreign.MemorySegment record);
    }
}
