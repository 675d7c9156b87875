package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * The producing side of a {@link RecordQueue}. In {@link QueueSpec.RecordMode#FIXED} mode
 * every record is exactly {@link QueueSpec#recordSize()} bytes; in
 * {@link QueueSpec#recordSize() VARIABLE} mode at most that many.
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
