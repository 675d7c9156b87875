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
 * not a change of the code. Three kernels, because a shift need not hit them alike:
 * <ul>
 *   <li>{@link Kernel#CPU}: a dependent multiply-xorshift chain in registers (no memory
 *       traffic): latency-bound, it moves with the clock and with steal of CPU time;</li>
 *   <li>{@link Kernel#CORE}: {@code System.arraycopy} of 64-byte blocks back and forth between
 *       two 4 KiB arrays, all in L1: throughput-bound small copies, the shape of a one-thread
 *       queue path without the queue. It is the one that moves with this VM's episodes, when
 *       the host runs something on the physical core behind our vCPU: in one JVM over 150 s,
 *       alternating 200 ms blocks, spsc@split's one-thread path ran at 27-29 or at 43-50 ns a
 *       record, these copies at 4.4-5.0 or 8.5-9.9 ns per two (correlation with the path 0.83;
 *       FFM copies in L1 0.86), the {@code cpu} chain at 1.5 ns a step either way (0.31). An
 *       intrinsic rather than {@code MemorySegment.copy}: the FFM copy's compiled code depends on
 *       the JDK's shared type profiles and on which segment classes the cell loaded, and timed
 *       after a cell it ran at 2.2-57 ns a copy, much of it before C2 had compiled it. So the
 *       child also compiles this kernel before its cell ({@link #prewarmCore}), when the compile
 *       queue is empty. It names the children whose kernel ran slow after their cell
 *       ({@code Reference.episodeChildren}); it normalises nothing: per child, timed after the
 *       cell, it did not track the cell's one-thread path (dividing by it widened anchors' fork
 *       spread, docs/experiments.md);</li>
 *   <li>{@link Kernel#MEMORY}: {@code MemorySegment.copy} of {@link #COPY_BYTES} between two
 *       off-heap buffers, together as large as this VM's 32 MiB L3 (shared with the host's
 *       other tenants), so the copies stream through it from DRAM: what history's MiB copies
 *       and growth's remaps track.</li>
 * </ul>
 * The child runs the loop after its cell ({@link Fork#main}), never before: the cells that read
 * peak RSS and Pss must see a process that the loop's buffers never touched. The kernels are
 * warmed, then timed {@link #REPETITIONS} times each, alternating. The memory kernel runs only
 * in the children of an experiment it normalises ({@link ForkedTask#referenceKernel}): faulting
 * its 32 MiB in took 150-200 ms a child on this VM (a first touch of a page costs about 18 µs
 * here), the cpu and core kernels together about 20 ms.
 */
public final class ReferenceLoop {

    /** Which kernel an experiment's timed figures are normalised by. */
    public enum Kernel {
        CPU("ns per 2^20 dependent steps"),
        MEMORY("ns per MiB copied"),
        CORE("ns per 64-byte copy in L1");

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

    /**
     * One child's timed repetitions of each kernel, in their units; {@code core} is empty in
     * results written before that kernel existed.
     */
    public record Sample(double[] cpu, double[] memory, double[] core) {

        public Sample {
            cpu = cpu.clone();
            memory = memory.clone();
            core = core.clone();
        }

        /** A sample without the core kernel (results written before it existed). */
        public Sample(double[] cpu, double[] memory) {
            this(cpu, memory, new double[0]);
        }

        public double[] of(Kernel kernel) {
            return (switch (kernel) {
                case CPU -> cpu;
                case MEMORY -> memory;
                case CORE -> core;
            }).clone();
        }
    }

    public static final int REPETITIONS = 5;
    static final int CPU_STEPS = 1 << 20;
    static final long COPY_BYTES = 16L << 20;
    /** The core kernel's two arrays, each well inside L1 (32 KiB or more on every x86 and arm64 core here). */
    static final int CORE_BYTES = 4096;
    static final int CORE_BLOCK = 64;
    /** Iterations of two 64-byte copies a core repetition times (about 0.3 ms idle). */
    static final int CORE_COPIES = 1 << 16;
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

    /**
     * Warms and times the kernels (in this JVM): {@code cpu} and {@code core} always, and
     * {@code memory} when {@code normalising} is {@link Kernel#MEMORY} (32 MiB off-heap, released
     * before return); a sample without it has no memory repetitions.
     */
    public static Sample measure(Kernel normalising) {
        int memoryRepetitions = normalising == Kernel.MEMORY ? REPETITIONS : 0;
        long buffer = memoryRepetitions == 0 ? 0 : COPY_BYTES;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment from = arena.allocate(buffer, 64);
            MemorySegment to = arena.allocate(buffer, 64);
            byte[] left = new byte[CORE_BYTES];
            byte[] right = new byte[CORE_BYTES];
            from.fill((byte) 1);
            to.fill((byte) 2); // both buffers faulted in before any copy is timed
            java.util.Arrays.fill(left, (byte) 3);
            java.util.Arrays.fill(right, (byte) 4);
            for (int i = 0; i < WARMUP_CALLS; i++) {
                sink = chain(sink, CPU_STEPS / 16);
                sink += blocks(left, right, CORE_COPIES / 16);
            }
            double[] cpu = new double[REPETITIONS];
            double[] memory = new double[memoryRepetitions];
            double[] core = new double[REPETITIONS];
            if (memoryRepetitions > 0) {
                copy(from, to);
            }
            for (int r = 0; r < REPETITIONS; r++) {
                long t0 = System.nanoTime();
                sink = chain(sink, CPU_STEPS);
                long t1 = System.nanoTime();
                if (r < memoryRepetitions) {
                    copy(r % 2 == 0 ? to : from, r % 2 == 0 ? from : to);
                    memory[r] = (System.nanoTime() - t1) / (double) (COPY_BYTES >> 20);
                }
                long t2 = System.nanoTime();
                sink += blocks(left, right, CORE_COPIES);
                long t3 = System.nanoTime();
                cpu[r] = t1 - t0;
                core[r] = (t3 - t2) / (2.0 * CORE_COPIES); // two copies an iteration
            }
            return new Sample(cpu, memory, core);
        }
    }

    /**
     * {@code copies} iterations of two 64-byte {@code System.arraycopy}s back and forth between
     * two L1-resident arrays, at offsets that walk both (each copy reads what an earlier one
     * wrote). Returns a byte of the result so the copies stay.
     */
    static long blocks(byte[] left, byte[] right, int copies) {
        int mask = CORE_BYTES - CORE_BLOCK;
        for (int i = 0; i < copies; i++) {
            int o = (i * CORE_BLOCK) & mask;
            System.arraycopy(left, o, right, mask - o, CORE_BLOCK);
            System.arraycopy(right, o, left, o, CORE_BLOCK);
        }
        return left[0];
    }

    /** Most time {@link #prewarmCore} spends waiting for the core kernel's compile. */
    static final long PREWARM_NANOS = 200_000_000L;

    /**
     * Runs the core kernel until two calls in a row take within 10 % of each other (C2 has
     * compiled it), at most {@link #PREWARM_NANOS}: called by a child before its cell, when the
     * compile queue holds nothing else, so that after the cell the kernel runs compiled code
     * (typically 10-30 ms).
     */
    public static void prewarmCore() {
        byte[] left = new byte[CORE_BYTES];
        byte[] right = new byte[CORE_BYTES];
        long deadline = System.nanoTime() + PREWARM_NANOS;
        long last = Long.MAX_VALUE;
        int calls = 0;
        while (System.nanoTime() < deadline) {
            long t = System.nanoTime();
            sink += blocks(left, right, CORE_COPIES / 16);
            long took = System.nanoTime() - t;
            calls++;
            if (calls > 32 && Math.abs(took - last) <= last / 10) {
                break;
            }
            last = took;
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
