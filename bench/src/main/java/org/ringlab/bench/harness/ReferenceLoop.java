package org.ringlab.bench.harness;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Locale;

/**
 * The reference loop every forked child runs beside its cell, so {@code ringlab diff} can take
 * a whole-VM shift between two runs (steal, a host's memory traffic, a frequency change) out of
 * the comparison: a figure of run B that moved by exactly as much as B's reference loop did is
 * not a change of the code. Two kernels, because a shift need not hit both alike:
 * <ul>
 *   <li>{@link Kernel#CPU}: a dependent multiply-xorshift chain in registers (no memory
 *       traffic): what the one-thread queue paths and the driver's per-packet work track;</li>
 *   <li>{@link Kernel#MEMORY}: {@code MemorySegment.copy} of {@link #COPY_BYTES} between two
 *       off-heap buffers, together as large as this VM's 32 MiB L3 (shared with the host's
 *       other tenants), so the copies stream through it from DRAM: what history's MiB copies
 *       and growth's remaps track.</li>
 * </ul>
 * The child runs the loop after its cell ({@link Fork#main}), never before: the cells that read
 * peak RSS and Pss must see a process that the loop's buffers never touched. The kernels are
 * warmed, then timed {@link #REPETITIONS} times each, CPU and memory alternating (ABAB): about
 * 60-80 ms a child on an idle machine, most of it faulting the buffers in.
 */
public final class ReferenceLoop {

    /** Which kernel an experiment's timed figures are normalised by. */
    public enum Kernel {
        CPU("ns per 2^20 dependent steps"),
        MEMORY("ns per MiB copied");

        private final String unit;

        Kernel(String unit) {
            this.unit = unit;
        }

        public String unit() {
            return unit;
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One child's timed repetitions of both kernels, in their units. */
    public record Sample(double[] cpu, double[] memory) {

        public Sample {
            cpu = cpu.clone();
            memory = memory.clone();
        }

        public double[] of(Kernel kernel) {
            return (kernel == Kernel.CPU ? cpu : memory).clone();
        }
    }

    public static final int REPETITIONS = 5;
    static final int CPU_STEPS = 1 << 20;
    static final long COPY_BYTES = 16L << 20;
    /**
     * Warm-up calls of 2^16 steps (about 6 ms in all): the chain is one tiny loop that C2 compiles
     * within the first calls. Not {@link JitWarmup}'s quiet rule: right after a cell the JIT is
     * still compiling the cell's code, and waiting for it cost 300 ms a child.
     */
    private static final int WARMUP_CALLS = 64;
    /** Keeps the chain's result alive so C2 cannot drop the loop. */
    private static volatile long sink;

    private ReferenceLoop() {
    }

    /** Warms and times both kernels (in this JVM): 32 MiB off-heap, released before return. */
    public static Sample measure() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment from = arena.allocate(COPY_BYTES, 64);
            MemorySegment to = arena.allocate(COPY_BYTES, 64);
            from.fill((byte) 1);
            to.fill((byte) 2); // both buffers faulted in before any copy is timed
            for (int i = 0; i < WARMUP_CALLS; i++) {
                sink = chain(sink, CPU_STEPS / 16);
            }
            copy(from, to);
            double[] cpu = new double[REPETITIONS];
            double[] memory = new double[REPETITIONS];
            for (int r = 0; r < REPETITIONS; r++) {
                long t0 = System.nanoTime();
                sink = chain(sink, CPU_STEPS);
                long t1 = System.nanoTime();
                copy(r % 2 == 0 ? to : from, r % 2 == 0 ? from : to);
                long t2 = System.nanoTime();
                cpu[r] = t1 - t0;
                memory[r] = (t2 - t1) / (double) (COPY_BYTES >> 20);
            }
            return new Sample(cpu, memory);
        }
    }

    private static void copy(MemorySegment from, MemorySegment to) {
        MemorySegment.copy(from, 0, to, 0, COPY_BYTES);
        sink += to.get(ValueLayout.JAVA_BYTE, COPY_BYTES - 1);
    }

    /** A chain each step of which needs the last: the multiply's latency, no memory at all. */
    static long chain(long seed, int steps) {
        long x = seed | 1;
        for (int i = 0; i < steps; i++) {
            x = x * 0x9E3779B97F4A7C15L;
            x ^= x >>> 29;
        }
        return x;
    }

    /** Per child, its finite repetitions of {@code kernel}: the groups {@link Bootstrap} resamples. */
    public static java.util.List<double[]> groups(java.util.List<Sample> children, Kernel kernel) {
        return children.stream().map(s -> Arrays.stream(s.of(kernel)).filter(Double::isFinite).toArray())
                .filter(g -> g.length > 0).toList();
    }
}
