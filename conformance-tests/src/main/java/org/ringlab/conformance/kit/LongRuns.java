package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** Leaks over many cycles, and resident memory over a long run. */
public final class LongRuns {

    /**
     * How far RSS may rise during a soak once warmed up: the JVM's heap and code cache settle
     * in steps of this order; a ring or a record leaked per operation would pass it within the
     * first percent of a soak.
     */
    public static final long RSS_TOLERANCE = 64L << 20;

    private LongRuns() {
    }

    /**
     * {@code cycles} allocate/write/window/close cycles of a page-sized ring leave the mappings,
     * descriptors and files of the process as they were.
     */
    public static void createCloseCycles(MemoryStrategy strategy, int cycles) {
        Assumptions.assumeTrue(ProcSelf.isSupported(), "needs /proc/self (Linux)");
        Assumptions.assumeTrue(strategy.availability().isAvailable(),
                () -> "skipped: " + strategy.name() + " is unavailable: " + strategy.availability().reason());
        long capacity = Math.max(strategy.granularity(), Math.ceilDiv(4096, strategy.granularity()) * strategy.granularity());
        MemorySegment one = MemorySegment.ofArray(new byte[] {42});
        java.nio.file.Path dir = Faults.tempDirectory();
        RingSpec spec = RingSpec.ofCapacity(capacity).inDirectory(dir);
        cycles(strategy, spec, one, 200); // warm up: JIT and allocator settle before the baseline
        // Only the kit's own directory: /tmp and /dev/shm are shared with every other process here.
        Resources before = Resources.take(List.of(dir));
        cycles(strategy, spec, one, cycles);
        before.assertUnchanged(cycles + " allocate/close cycles of " + strategy.name());
    }

    private static void cycles(MemoryStrategy s, RingSpec spec, MemorySegment one, int n) {
        long capacity = spec.capacity();
        for (int i = 0; i < n; i++) {
            try (RingMemory ring = s.allocate(spec)) {
                ring.write(capacity - 1, one); // touch both sides of the seam
                ring.window(capacity - 1, 1);
            }
        }
    }

    /**
     * {@code bytes} of records through one discipline by two threads, shared equally among the
     * {@code cells} (the discipline on each strategy) that can run here, in three rounds: a tenth
     * to warm up, then two halves of the rest. Across the last half (each end measured after a
     * GC), the resident memory outside the Java heap's address range ({@link JavaHeapRange})
     * may rise by at most {@link #RSS_TOLERANCE}, and the live Java heap by at most
     * {@link #HEAP_TOLERANCE}. A queue that leaks per record leaks as much in the last half as in
     * the first; the JVM does not, apart from its heap: G1 first touches regions it committed
     * long before (locked-list allocates a record per offer, by design), which raises VmRSS at
     * any time and is why the heap's own pages are set apart.
     */
    public static void soak(List<Cell> cells, long bytes, long seed) throws InterruptedException {
        Assumptions.assumeTrue(ProcSelf.isSupported(), "needs /proc/self (Linux)");
        List<Cell> runnable = cells.stream().filter(c -> c.runnableReason().isEmpty()).toList();
        Assumptions.assumeFalse(runnable.isEmpty(), () -> "skipped: no cell can run here: "
                + cells.stream().map(c -> c.runnableReason().orElse("")).toList());
        long perCell = bytes / runnable.size();
        long total = 0;
        for (Cell cell : runnable) {
            total += round(cell, records(cell, perCell) / 10, seed);
        }
        for (Cell cell : runnable) {
            total += round(cell, half(records(cell, perCell)), seed + 1);
        }
        JavaHeapRange.Result heap = JavaHeapRange.find();
        Footprint before = Footprint.take(heap);
        for (Cell cell : runnable) {
            total += round(cell, half(records(cell, perCell)), seed + 2);
        }
        Footprint after = Footprint.take(heap);
        String what = runnable.size() + " strategies (" + runnable.getFirst().displayName() + ", …)";
        long growth = after.nativeResident - before.nativeResident;
        if (growth > RSS_TOLERANCE) {
            throw new AssertionError(what + ": VmRSS grew from " + (before.rss >> 20) + " MiB to "
                    + (after.rss >> 20) + " MiB over the last half of a soak of " + total + " bytes, "
                    + (growth >> 20) + " MiB of it outside the Java heap ("
                    + heap.range().map(r -> "its mappings " + r + " set apart")
                            .orElse("heap growth taken as what the heap newly committed: " + heap.unknownReason())
                    + "); grew most: " + largestGrowth(before.mappings, after.mappings));
        }
        if (after.heapUsed - before.heapUsed > HEAP_TOLERANCE) {
            throw new AssertionError(what + ": the live Java heap grew from " + (before.heapUsed >> 20)
                    + " MiB to " + (after.heapUsed >> 20) + " MiB over the last half of a soak of " + total + " bytes");
        }
    }

    private static long half(long records) {
        return (records - records / 10) / 2;
    }

    /** The three mappings whose resident size grew most, for the failure message. */
    private static List<String> largestGrowth(List<ProcSelf.Mapping> before, List<ProcSelf.Mapping> after) {
        java.util.Map<Long, Long> rssBefore = new java.util.HashMap<>();
        before.forEach(m -> rssBefore.put(m.start(), m.rssBytes()));
        return after.stream()
                .sorted(java.util.Comparator.comparingLong(m -> -(m.rssBytes() - rssBefore.getOrDefault(m.start(), 0L))))
                .limit(3)
                .map(m -> String.format("%x-%x %s %s +%d KiB", m.start(), m.end(), m.permissions(),
                        m.name().isEmpty() ? "(anonymous)" : m.name(),
                        (m.rssBytes() - rssBefore.getOrDefault(m.start(), 0L)) >> 10))
                .toList();
    }

    /**
     * Records for {@code bytes} of payload delivered in all: a multi-consumer discipline's three
     * consumers each receive every record, so it is offered a third as many (three consumer
     * threads on a small machine would otherwise triple the soak's time).
     */
    private static long records(Cell cell, long bytes) {
        long meanRecord = cell.mode() == org.ringlab.api.QueueSpec.RecordMode.FIXED ? cell.recordSize()
                : (8 + cell.recordSize()) / 2;
        return Math.max(1000, bytes / meanRecord / cell.consumers());
    }

    private static long round(Cell cell, long records, long seed) throws InterruptedException {
        Concurrency.Result r = Concurrency.run(cell, records, seed, false, cell.consumers());
        if (r.firstViolation() != null || r.delivered() != records) {
            throw new AssertionError(cell.displayName() + ": soak delivered " + r.delivered() + " of " + records
                    + " records" + (r.firstViolation() == null ? "" : ": " + r.firstViolation()));
        }
        return r.bytes();
    }

    /** How far the live Java heap (after a GC) may rise during a soak. */
    public static final long HEAP_TOLERANCE = 16L << 20;

    /**
     * VmRSS, the resident memory outside the Java heap and the live heap, after a GC. Outside
     * the heap is the sum over the mappings that are not in the heap's address range; where that
     * range is unknown, VmRSS less the heap's committed size.
     */
    private record Footprint(long rss, long nativeResident, long heapUsed, List<ProcSelf.Mapping> mappings) {
        static Footprint take(JavaHeapRange.Result heap) {
            System.gc();
            java.lang.management.MemoryUsage usage = java.lang.management.ManagementFactory.getMemoryMXBean()
                    .getHeapMemoryUsage();
            List<ProcSelf.Mapping> mappings = ProcSelf.smaps();
            long rss = ProcSelf.vmRssBytes();
            long resident = mappings.stream().mapToLong(ProcSelf.Mapping::rssBytes).sum();
            long nativeResident = heap.range().map(r -> resident - r.residentBytes(mappings))
                    .orElse(rss - usage.getCommitted());
            return new Footprint(rss, nativeResident, usage.getUsed(), mappings);
        }
    }

}
