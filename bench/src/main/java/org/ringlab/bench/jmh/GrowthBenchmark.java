package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
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
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.ForExperiment;

/**
 * Seed 002 in rigorous mode: one whole growth per invocation (allocate 1 MiB, append 1 MiB at
 * a time up to the target, doubling, free), each strategy resolved through the registry. The
 * bytes the growth copied and the moves are auxiliary counters (exact, not timed). Peak
 * resident memory is not measurable inside JMH's shared JVM: {@code ringlab compare
 * --experiment growth} measures it, one fresh JVM per repetition.
 */
@ForExperiment("growth")
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@State(Scope.Thread)
public class GrowthBenchmark {

    private static final long CHUNK = 1L << 20;

    @Param({"copy-doubling-heap", "copy-doubling-native", "mremap", "realloc", "reserve-commit"})
    public String strategy;

    @Param({"64"})
    public int targetMiB;

    private GrowthStrategy growth;
    private Arena arena;
    private MemorySegment chunk;

    /** What each growth did, per invocation (JMH sums EVENTS counters over the iteration). */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Copies {
        public long bytesCopied;
        public long moves;
    }

    @Setup(Level.Trial)
    public void setUp() {
        growth = Registries.growthStrategies().require(strategy);
        arena = Arena.ofConfined();
        chunk = arena.allocate(CHUNK, Long.BYTES);
        chunk.fill((byte) 0x5A);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public long grow(Copies copies) {
        long target = (long) targetMiB << 20;
        try (GrowableBuffer buffer = growth.allocate(CHUNK, GrowthPolicy.doubling(target))) {
            for (long size = 0; size < target; size += CHUNK) {
                buffer.append(chunk);
            }
            GrowthCounters c = buffer.counters();
            copies.bytesCopied += Math.max(0, c.bytesCopied()); // realloc cannot see its copies: -1
            copies.moves += c.moves();
            return buffer.size();
        }
    }
}
