package org.ringlab.bench.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ringlab.api.support.ElementRing;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Seed 000's own runs, under its conditions: each timed as a whole, from a fresh mapping to its
 * unmapping, first-touch page faults included, as the seed's {@code perf stat} timed one process
 * per run. Beside the steady state of {@link HistoryCell}, which times a ring already faulted in.
 *
 * <ul>
 *   <li><b>write</b>: allocate a ring of {@link ColdPlan#writeSlots()} elements, put
 *       {@code writePasses} rings' worth of elements, close. Minor faults, CPU time, and the
 *       Pss, Rss and address space (VmSize) the full ring added.</li>
 *   <li><b>read</b>: allocate a ring of {@link ColdPlan#readSlots()} elements, never written,
 *       load the first long of each element {@code readPasses} times over through one window,
 *       close: the seed's read test, which touched one page per element.</li>
 *   <li><b>example</b>: the seed's example program (4 one-page elements, 7 puts of elements
 *       filled with 0..6): the element sums and the whole history's sum.</li>
 * </ul>
 *
 * <p>Faults are the measuring thread's ({@code /proc/thread-self/stat}): the JVM's compiler and
 * GC threads fault too, and are not the run. The JIT is warmed on a small ring first, so that
 * "cold" means a cold mapping, not interpreted code (the seed's C was compiled ahead).
 */
public final class ColdRun {

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    /** The warm-up ring: small elements, many puts, so the put and read paths compile quickly. */
    private static final long WARM_ELEMENT = 4096;
    private static final long WARM_SLOTS = 16;
    private static final long WARM_PUTS = 20_000;
    private static final int WARM_READ_PASSES = 20_000;
    /** The seed's example program: M = 4 matrices of 16 x 16 x 16 bytes, filled with 0, 1, ..., 6. */
    static final long EXAMPLE_ELEMENT = 16 * 16 * 16;
    static final int EXAMPLE_SLOTS = 4;
    static final int EXAMPLE_PUTS = 7;

    private static final Path THREAD_STAT = Path.of("/proc/thread-self/stat");
    private static final Path STATUS = Path.of("/proc/self/status");

    /** Where the read loads go, so the JIT cannot drop them. */
    private static long sink;

    private ColdRun() {
    }

    /**
     * The seed's runs' sizes.
     *
     * @param writeElement bytes per element of the write run
     * @param writeSlots   elements in the write run's ring
     * @param writePasses  rings' worth of puts the write run makes
     * @param readElement  bytes per element of the read run
     * @param readSlots    elements in the read run's ring
     * @param readPasses   passes of the read run over its elements
     */
    public record ColdPlan(long writeElement, long writeSlots, int writePasses, long readElement, long readSlots,
                           int readPasses) {
        public ColdPlan {
            if (writeElement <= 0 || writeElement % Long.BYTES != 0 || readElement <= 0
                    || readElement % Long.BYTES != 0) {
                throw new IllegalArgumentException("cold run: element sizes must be positive multiples of 8, got "
                        + writeElement + " and " + readElement);
            }
            if (writeSlots < 1 || readSlots < 1 || writePasses < 1 || readPasses < 1) {
                throw new IllegalArgumentException("cold run: slots and passes must be at least 1, got " + writeSlots
                        + ", " + readSlots + ", " + writePasses + ", " + readPasses);
            }
        }
    }

    /** Runs the example, then the write and the read run, on {@code strategy}. */
    public static ColdResult measure(MemoryStrategy strategy, ColdPlan plan, boolean forked) {
        warmUp(strategy);
        long[] sums = example(strategy);
        Write w = write(strategy, plan);
        Read r = read(strategy, plan);
        return new ColdResult(strategy.name(), plan, w.ns, w.cpuNs, w.faults, w.pss, w.rss, w.vsz, r.ns, r.cpuNs,
                r.faults, sums, forked, null, 0);
    }

    private record Write(long ns, long cpuNs, double faults, double pss, double rss, double vsz) {
    }

    private record Read(long ns, long cpuNs, double faults) {
    }

    private static Write write(MemoryStrategy strategy, ColdPlan plan) {
        long capacity = Math.multiplyExact(plan.writeElement(), plan.writeSlots());
        boolean proc = ProcSelf.isSupported();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(plan.writeElement(), 64);
            src.fill((byte) 1);
            double pss0 = proc ? ProcSelf.pssBytes() : Double.NaN;
            double rss0 = proc ? ProcSelf.rssBytes() : Double.NaN;
            double vsz0 = proc ? vmSizeBytes() : Double.NaN;
            double f0 = minorFaults();
            long c0 = cpuNanos();
            long t0 = System.nanoTime();
            RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
            long t1;
            long c1;
            long t2;
            long c2;
            double f1;
            double f2;
            double pss;
            double rss;
            double vsz;
            try { // the close is timed too: after the try, from t2
                ElementRing ring = new ElementRing(memory, plan.writeElement());
                long puts = plan.writePasses() * plan.writeSlots();
                for (long i = 0; i < puts; i++) {
                    src.set(LONG, 0, i);
                    ring.put(src);
                }
                t1 = System.nanoTime();
                c1 = cpuNanos();
                f1 = minorFaults();
                // Outside the timed spans: reading /proc takes a millisecond and faults a few pages of its own.
                pss = proc ? ProcSelf.pssBytes() - pss0 : Double.NaN;
                rss = proc ? ProcSelf.rssBytes() - rss0 : Double.NaN;
                vsz = proc ? vmSizeBytes() - vsz0 : Double.NaN;
                long held = ring.history().get(LONG, (plan.writeSlots() - 1) * plan.writeElement());
                if (held != puts - 1) {
                    throw new IllegalStateException(strategy.name() + ": the newest element of the cold write run"
                            + " holds " + held + ", expected " + (puts - 1));
                }
                f2 = minorFaults();
                t2 = System.nanoTime();
                c2 = cpuNanos();
            } finally {
                memory.close();
            }
            long t3 = System.nanoTime();
            long c3 = cpuNanos();
            double f3 = minorFaults();
            return new Write((t1 - t0) + (t3 - t2), (c1 - c0) + (c3 - c2), (f1 - f0) + (f3 - f2), pss, rss, vsz);
        }
    }

    private static Read read(MemoryStrategy strategy, ColdPlan plan) {
        long capacity = Math.multiplyExact(plan.readElement(), plan.readSlots());
        double f0 = minorFaults();
        long c0 = cpuNanos();
        long t0 = System.nanoTime();
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity))) {
            sink += firstLongs(memory.window(0, capacity), plan.readElement(), plan.readSlots(), plan.readPasses());
        }
        long t1 = System.nanoTime();
        long c1 = cpuNanos();
        double f1 = minorFaults();
        return new Read(t1 - t0, c1 - c0, f1 - f0);
    }

    /** The seed's read loop: the first long of element {@code i % slots}, {@code passes × slots} times. */
    static long firstLongs(MemorySegment ring, long element, long slots, int passes) {
        long sum = 0;
        for (int p = 0; p < passes; p++) {
            for (long i = 0; i < slots; i++) {
                sum += ring.get(LONG, i * element);
            }
        }
        return sum;
    }

    /**
     * The seed's example program: element {@code i}'s byte sum and the whole history's, after 7
     * puts of elements filled with 0..6 into a ring of 4; {@code {sum0, sum1, sum2, sum3, total}}.
     * Empty when the strategy's granularity makes a ring of more than 4 elements.
     */
    static long[] example(MemoryStrategy strategy) {
        long capacity = EXAMPLE_ELEMENT * EXAMPLE_SLOTS;
        if (capacity % strategy.granularity() != 0) {
            return new long[0];
        }
        try (Arena arena = Arena.ofConfined();
             RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity))) {
            ElementRing ring = new ElementRing(memory, EXAMPLE_ELEMENT);
            MemorySegment src = arena.allocate(EXAMPLE_ELEMENT);
            for (int x = 0; x < EXAMPLE_PUTS; x++) {
                src.fill((byte) x);
                ring.put(src);
            }
            long[] sums = new long[EXAMPLE_SLOTS + 1];
            for (int i = 0; i < EXAMPLE_SLOTS; i++) {
                sums[i] = unsignedSum(ring.element(i));
            }
            sums[EXAMPLE_SLOTS] = unsignedSum(ring.history());
            return sums;
        }
    }

    /** The seed's {@code cv::sum} over {@code CV_8U} data: every byte as an unsigned value. */
    public static long unsignedSum(MemorySegment s) {
        long sum = 0;
        for (long i = 0; i < s.byteSize(); i++) {
            sum += Byte.toUnsignedLong(s.get(ValueLayout.JAVA_BYTE, i));
        }
        return sum;
    }

    /** The write and read loops on a small ring, until the JIT has compiled them. */
    private static void warmUp(MemoryStrategy strategy) {
        long capacity = HistoryCell.capacityFor(WARM_ELEMENT * WARM_SLOTS, WARM_ELEMENT, strategy.granularity());
        try (Arena arena = Arena.ofConfined();
             RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity))) {
            ElementRing ring = new ElementRing(memory, WARM_ELEMENT);
            MemorySegment src = arena.allocate(WARM_ELEMENT, 64);
            for (long i = 0; i < WARM_PUTS; i++) {
                src.set(LONG, 0, i);
                ring.put(src);
            }
            sink += firstLongs(memory.window(0, capacity), WARM_ELEMENT, capacity / WARM_ELEMENT, WARM_READ_PASSES);
        }
    }

    /**
     * Minor page faults of the calling thread so far: field 10 of {@code /proc/thread-self/stat}
     * (after the command name in parentheses, which may itself hold spaces and parentheses).
     */
    static double minorFaults() {
        if (!Files.isReadable(THREAD_STAT)) {
            return Double.NaN;
        }
        String stat;
        try {
            stat = Files.readString(THREAD_STAT);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + THREAD_STAT + " for the page-fault count", e);
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state), so field 10 (minflt) is f[7].
        return Long.parseLong(f[7]);
    }

    /** {@code VmSize} of {@code /proc/self/status} in bytes: the address space mapped. */
    static double vmSizeBytes() {
        if (!Files.isReadable(STATUS)) {
            return Double.NaN;
        }
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmSize:")) {
                    return Long.parseLong(line.substring(7).trim().split("\\s+")[0]) * 1024.0;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + STATUS, e);
        }
        throw new IllegalStateException(STATUS + " has no VmSize line");
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
