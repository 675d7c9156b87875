package org.ringlab.bench.driver.scenario;

import java.lang.foreign.MemorySegment;

/**
 * Seed 001's "before": a {@code malloc} per packet on the NIC's side and a {@code free} on the
 * consumer's, through the C library itself (not a pool in disguise: glibc's cross-thread free
 * and its arena lock are part of what is measured). Each {@link #segment} call makes a fresh
 * segment object, the Java side of the same allocation.
 */
@SuppressWarnings("restricted") // viewing malloc'd memory is this class's job
final class MallocBuffers implements PacketBuffers {

    private final int bufferSize;
    /** NIC thread's alone. */
    private long allocated;
    /** Consumer thread's alone. */
    private long freed;
    private volatile boolean closed;

    MallocBuffers(int bufferSize) {
        if (bufferSize < 1) {
            throw new IllegalArgumentException("buffer size must be positive, got " + bufferSize);
        }
        this.bufferSize = bufferSize;
    }

    @Override
    public long allocate() {
        long p = MallocBindings.malloc(bufferSize);
        if (p == 0) {
            return NONE; // out of memory: the packet is dropped, as a driver would
        }
        allocated++;
        return p;
    }

    @Override
    public MemorySegment segment(long handle) {
        return MemorySegment.ofAddress(handle).reinterpret(bufferSize);
    }

    @Override
    public void free(long handle) {
        if (closed) {
            throw new IllegalStateException("malloc buffers are closed");
        }
        MallocBindings.free(handle);
        freed++;
    }

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public long outstanding() {
        return allocated - freed;
    }

    @Override
    public String describe() {
        return "malloc per packet";
    }

    @Override
    public void close() {
        closed = true;
    }
}
