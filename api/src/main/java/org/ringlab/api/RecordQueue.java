package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * The common core of every queue discipline. Full and empty are return values, never
 * exceptions; the hot path does not allocate.
 */
public interface RecordQueue extends AutoCloseable {

    /** Copies {@code record} in; {@code false} when the queue is full. */
    boolean offer(MemorySegment record);

    /**
     * Hands up to {@code limit} records to {@code handler}, each as a read-only view valid only
     * during the call, and releases them; returns how many (0 when empty).
     */
    int drain(RecordHandler handler, int limit);

    @Override
    void close();

    /** Receives one record, valid only during the call. */
    @FunctionalInterface
    interface RecordHandler {
        void onRecord(MemorySegment record);
    }
}
