package org.ringlab.bench.driver.scenario;

import java.lang.foreign.MemorySegment;

/**
 * Where the NIC gets a buffer for each packet and where the consumer returns it: one thread
 * allocates (the NIC), one other thread frees (the consumer). Handles are longs so that they
 * travel through an 8-byte ring slot, as seed 001's rings carry {@code rx_buffer_t *}.
 */
sealed interface PacketBuffers extends AutoCloseable permits MallocBuffers, PoolBuffers {

    /** Returned by {@link #allocate()} when no buffer is left. */
    long NONE = -1;

    /** A buffer's handle, or {@link #NONE}. NIC thread only. */
    long allocate();

    /** The buffer behind {@code handle}, {@link #bufferSize()} bytes. */
    MemorySegment segment(long handle);

    /** Gives a buffer back. Consumer thread only (or any thread once both have stopped). */
    void free(long handle);

    int bufferSize();

    /** Buffers allocated and not freed; valid once both threads have stopped. */
    long outstanding();

    /** For tables: {@code malloc per packet} or {@code buffer pool}. */
    String describe();

    @Override
    void close();
}
