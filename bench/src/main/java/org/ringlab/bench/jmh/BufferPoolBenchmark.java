package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.queues.pool.BufferPool;

/**
 * Seed 001's preallocated pool against allocating each buffer from a confined {@link Arena}:
 * allocate + free, ns per buffer. The driver experiment compares the pool with malloc/free, the
 * seed's baseline; this asks what Java's own allocation would cost instead, which no claim judges.
 */
@ForExperiment("driver")
public class BufferPoolBenchmark extends JmhRun {

    @Param({"2048"})
    public int size;

    private BufferPool pool;

    @Setup(Level.Trial)
    public void setUp() {
        pool = BufferPool.create(1024, size, BufferPool.Threading.SINGLE_THREAD);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.close();
    }

    @Benchmark
    public int pool() {
        int index = pool.allocate();
        pool.free(index);
        return index;
    }

    @Benchmark
    public long arena() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(size);
            return buffer.address();
        }
    }
}
