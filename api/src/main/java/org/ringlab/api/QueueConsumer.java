package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/** One consuming side of a {@link RecordQueue}. */
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
