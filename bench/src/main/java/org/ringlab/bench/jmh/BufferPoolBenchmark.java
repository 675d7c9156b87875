package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.ringlab.bench.report.ForExperiment;
import org.ringlab.queues.pool.BufferPool;

/** Seed 001's preallocated pool against allocating each buffer: allocate + free, ns per buffer. */
@ForExperiment("driver")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Thread)
public class BufferPoolBenchmark {

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
