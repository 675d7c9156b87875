package org.ringlab.bench.driver.scenario;

import java.lang.foreign.MemorySegment;

import org.ringlab.queues.pool.BufferPool;

/**
 * Seed 001's "after": a preallocated pool on a free-list ring, allocated from by the NIC and
 * freed into by the consumer ({@link BufferPool.Threading#SPSC}); no allocation per packet.
 */
final class PoolBuffers implements PacketBuffers {

    private final BufferPool pool;

    PoolBuffers(int count, int bufferSize) {
        this.pool = BufferPool.create(count, bufferSize, BufferPool.Threading.SPSC);
    }

    @Override
    public long allocate() {
        int index = pool.allocate();
        return index == BufferPool.EXHAUSTED ? NONE : index;
    }

    @Override
    public MemorySegment segment(long handle) {
        return pool.buffer((int) handle);
    }

    @Override
    public void free(long handle) {
        pool.free((int) handle);
    }

    @Override
    public int bufferSize() {
        return pool.bufferSize();
    }

    @Override
    public long outstanding() {
        return pool.count() - pool.available();
    }

    @Override
    public String describe() {
        return "buffer pool (" + pool.count() + ")";
    }

    @Override
    public void close() {
        pool.close();
    }
}
