package org.ringlab.bench.anchors;

/**
 * One single-producer single-consumer queue of byte records, whatever its mechanism: the small
 * interface the anchors experiment and {@code AnchorsBenchmark} drive, so every anchor (Agrona,
 * JCTools, the Disruptor) and ringlab's {@code spsc} does the same work per record: copy
 * {@link #recordSize()} bytes in on one thread, copy them out on another.
 *
 * <p>One thread offers, one other thread polls; neither call blocks, allocates in steady state
 * or throws for full or empty. {@link #close()} releases what the queue holds (native memory,
 * mappings); it is called once, after both threads have stopped.
 */
public interface AnchorQueue extends AutoCloseable {

    /** Returned by {@link #poll(byte[])} when the queue is empty. */
    int EMPTY = -1;

    /** The anchor's name as in tables and JMH params ({@code agrona-one-to-one}, {@code spsc@heap}). */
    String name();

    /** Bytes every record carries. */
    int recordSize();

    /** Copies the first {@link #recordSize()} bytes of {@code src} in and publishes them; {@code false} when full. */
    boolean offer(byte[] src);

    /** Copies the oldest record into {@code dst} and consumes it: its length, or {@link #EMPTY}. */
    int poll(byte[] dst);

    @Override
    void close();
}
