package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
import org.ringlab.api.support.ElementRing;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.history.HistoryCell;
import org.ringlab.bench.report.ForExperiment;

/**
 * Seed 000 in rigorous mode: {@code put} of one element and a read of the whole history
 * (every long of it) for each memory strategy and element size, the ring holding 16
 * elements, so every history read crosses the seam after the first lap. The strategy name is
 * resolved through the registry; an unavailable one fails the trial with its reason.
 */
@ForExperiment("history")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@State(Scope.Thread)
public class HistoryBenchmark {

    private static final long SLOTS = 16;

    @Param({"mirrored-memfd", "doubled", "linearize", "split"})
    public String strategy;

    @Param({"4096", "65536", "1048576"})
    public long elementSize;

    private Arena arena;
    private RingMemory memory;
    private ElementRing ring;
    private MemorySegment element;

    @Setup(Level.Trial)
    public void setUp() {
        MemoryStrategy s = Registries.memoryStrategies().require(strategy);
        long capacity = HistoryCell.capacityFor(SLOTS * elementSize, elementSize, s.granularity());
        memory = s.allocate(RingSpec.ofCapacity(capacity));
        ring = new ElementRing(memory, elementSize);
        arena = Arena.ofConfined();
        element = arena.allocate(elementSize, 64).fill((byte) 7);
        for (long i = 0; i <= ring.slots(); i++) {
            ring.put(element); // one lap and one element: the oldest is not at offset 0
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        memory.close();
        arena.close();
    }

    @Benchmark
    public void put() {
        ring.put(element);
    }

    /** Sum of every long of the history: what a reader of one contiguous view pays. */
    @Benchmark
    public long readHistory() {
        MemorySegment history = ring.history();
        long sum = 0;
        for (long offset = 0, end = history.byteSize(); offset < end; offset += Long.BYTES) {
            sum += history.get(ValueLayout.JAVA_LONG_UNALIGNED, offset);
        }
        return sum;
    }
}
