package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;
import org.ringlab.growth.ProcSelf;

/**
 * Seed 002's copy example as a workload: data that fills a power of two, then one byte more
 * (an append shorter than the append number, which must read back as appended), growth not
 * capped at the target, and the trace of every append (moves, VmRSS, the thread's faults).
 */
class GrowthRunTraceTest {

    private static final long MIB = 1 << 20;

    @Test
    void oneByteMorePastAPowerOfTwoDoublesUncappedAndReadsBack() {
        for (GrowthStrategy s : Strategies.growthAvailable()) {
            GrowthWorkload w = new GrowthWorkload(4 * MIB + 1, MIB, MIB, 2).uncapped();
            GrowthRun.Result r = GrowthRun.measure(s, w);
            assertEquals(4 * MIB + 1, r.finalBytes(), s.name());
            assertTrue(r.finalCapacity() >= 4 * MIB + 1, s.name() + ": " + r.finalCapacity());
            if (s.name().startsWith("copy-doubling")) {
                assertEquals(8 * MIB, r.finalCapacity(), s.name() + ": doubling passes the target");
                assertArrayEquals(new long[] {2 * MIB, 3 * MIB, 4 * MIB + 1}, r.movedAtBytes(),
                        s.name() + " moves at every grow");
            }
            assertEquals(r.counters().moves(), r.movedAtBytes().length, s.name());
        }
    }

    @Test
    void aCappedWorkloadStopsAtTheTarget() {
        GrowthWorkload w = new GrowthWorkload(4 * MIB + 1, MIB, MIB, 2);
        assertEquals(4 * MIB + 1, w.policy().nextCapacity(4 * MIB, 4 * MIB + 1, 1));
        assertEquals(8 * MIB, w.uncapped().policy().nextCapacity(4 * MIB, 4 * MIB + 1, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GrowthWorkload(4 * MIB, MIB, MIB, 2, 3 * MIB));
        assertTrue(e.getMessage().contains("3145728"), e.getMessage());
    }

    @Test
    void theTraceReadsRssAfterEveryAppendAndTheThreadsFaults() {
        assumeTrue(ProcSelf.isSupported(), "needs /proc/self");
        GrowthStrategy s = Strategies.growth("mremap");
        GrowthRun.Result r = GrowthRun.measureTraced(s, new GrowthWorkload(8 * MIB, MIB, MIB, 1));
        assertEquals(8, r.rssAfterAppend().length);
        for (long rss : r.rssAfterAppend()) {
            assertTrue(rss > 0, "VmRSS " + rss);
        }
        // 8 MiB written once: at least one fault per 4 KiB page (a huge page would take fewer, never here: no madvise).
        assertTrue(r.threadMinorFaults() >= 8 * MIB / 4096, "faults " + r.threadMinorFaults());
        assertEquals(0, GrowthRun.measure(s, new GrowthWorkload(MIB, MIB, MIB, 1)).rssAfterAppend().length,
                "untraced: no reads of /proc per append");
    }
}
