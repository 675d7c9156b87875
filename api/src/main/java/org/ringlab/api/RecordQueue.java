package org.ringlab.api;

import java.util.Map;

/**
 * A queue built by a {@link QueueDiscipline} on a {@link RingMemory}: one producer handle and
 * {@link QueueSpec#consumers()} consumer handles. Each handle belongs to one thread at a time.
 * Full and empty are return values ({@code false}, {@code null}, {@code -1}, {@code 0}), never
 * exceptions; the hot paths do not allocate.
 *
 * <p>The queue does not own its memory: {@link #close()} releases what the queue holds
 * (threads it started, waiters it parks) and makes every handle throw
 * {@link IllegalStateException}; the caller closes the memory.
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
