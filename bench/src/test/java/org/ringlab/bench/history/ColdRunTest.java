package org.ringlab.bench.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.RecordJson;

/**
 * Seed 000's cold runs on real strategies: the page faults and memory they count are the
 * mapping's (2N pages for the doubled array, N for a mirrored ring written through its first
 * view), and the example program prints the seed's sums.
 */
class ColdRunTest {

    private static final long PAGE = 4096;
    /**
     * 272 elements of 64 KiB: a 17 MiB ring, so that the doubled array's 34 MiB is above glibc's
     * largest mmap threshold (32 MiB) and always fresh pages, whatever this JVM freed before.
     */
    private static final ColdRun.ColdPlan PLAN = new ColdRun.ColdPlan(64 * 1024, 272, 1, 64 * 1024, 272, 100);

    @Test
    void theDoubledArrayFaultsInTwiceItsRing() {
        assumeTrue(ProcSelf.isSupported(), "no /proc here");
        ColdResult r = forked("doubled");
        long pages = PLAN.writeElement() * PLAN.writeSlots() / PAGE;
        assertTrue(r.ok(), r.error());
        // Faults of this thread: the array's 2N, plus at most a few of the JVM's own along the way.
        assertTrue(r.writeFaults() >= 2 * pages && r.writeFaults() < 2 * pages + 256, "write faults " + r.writeFaults());
        assertTrue(r.readFaults() >= 2 * pages && r.readFaults() < 2 * pages + 256,
                "the zero-filled array faults in all of its 2N on the read run too: " + r.readFaults());
        assertEquals(2.0, r.writePss() / (pages * PAGE), 0.15, "Pss growth / N");
        assertTrue(r.writeNs() > 0 && r.readNs() > 0 && r.writeCpuNs() > 0);
    }

    @Test
    void aMirroredRingFaultsInItsRingOnceAndShowsTheSeedsExampleSums() {
        assumeTrue(ProcSelf.isSupported(), "no /proc here");
        MemoryStrategy mirrored = Registries.defaultMirrored().chosen().orElse(null);
        assumeTrue(mirrored != null, "no mirrored strategy available");
        ColdResult r = forked(mirrored.name());
        long pages = PLAN.writeElement() * PLAN.writeSlots() / PAGE;
        assertTrue(r.ok(), r.error());
        assertTrue(r.writeFaults() >= pages && r.writeFaults() < pages + 256, "write faults " + r.writeFaults());
        assertEquals(1.0, r.writePss() / (pages * PAGE), 0.15, "Pss growth / N");
        // The read run touches one page per element, never written.
        assertTrue(r.readFaults() >= PLAN.readSlots() && r.readFaults() < PLAN.readSlots() + 64,
                "read faults " + r.readFaults());
        assertEquals(1.0, r.writeVsz() / (2.0 * pages * PAGE), 0.1, "a mirrored ring reserves 2N of address space");
        assertArrayEquals(new long[] {12288, 16384, 20480, 24576, 73728}, r.exampleSums());
    }

    /**
     * The cold runs in a fresh JVM, as the experiment makes them: in this one, memory other tests
     * freed (a heap uncommitted by the GC) comes off inside the run's Pss window.
     */
    private static ColdResult forked(String strategy) {
        ColdResult r = Fork.run(new HistoryCellTask(strategy, new long[] {PLAN.writeElement()},
                new long[] {PLAN.writeElement() * PLAN.writeSlots()}, 0, 1, PLAN), Duration.ofMinutes(5), line -> { })
                .cold();
        assertTrue(r != null && r.ok(), strategy + ": " + (r == null ? "no cold result" : r.error()));
        return r;
    }

    @Test
    void theThreadsFaultCountSeesFreshPagesTouched() {
        assumeTrue(ProcSelf.isSupported(), "no /proc here");
        double before = ColdRun.minorFaults();
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            // 40 MiB: above glibc's largest mmap threshold, so fresh pages, zero-filled by this thread.
            arena.allocate(10240 * PAGE);
            double after = ColdRun.minorFaults();
            assertTrue(after - before >= 10240, "40 MiB zero-filled, faults " + (after - before));
            assertTrue(ColdRun.vmSizeBytes() >= 10240 * PAGE);
        }
    }

    @Test
    void aColdResultSurvivesTheTripFromAForkedJvm() {
        ColdResult r = new ColdResult("x", PLAN, 5, 4, 2880, 1.5, 2.5, 3.5, 7, 6, 48, new long[] {1, 2, 3, 4, 10}, true,
                null, 0).inRound(2);
        ColdResult back = RecordJson.read(RecordJson.write(r), ColdResult.class);
        assertEquals(r.plan(), back.plan());
        assertEquals(2880, back.writeFaults());
        assertArrayEquals(r.exampleSums(), back.exampleSums());
        assertEquals(2, back.round());
    }

    @Test
    void aPlanNamesItsBadValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ColdRun.ColdPlan(12, 4, 1, 8, 4, 1));
        assertTrue(e.getMessage().contains("12"), e.getMessage());
    }
}
