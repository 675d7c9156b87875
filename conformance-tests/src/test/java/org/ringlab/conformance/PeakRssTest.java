package org.ringlab.conformance;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;
import org.ringlab.growth.ProcSelf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Seed 002's deterministic figures, measured in this JVM with the peak reset through
 * {@code /proc/self/clear_refs}: growing to 64 MiB in 1 MiB appends costs mremap and
 * reserve-commit about the final size at the peak (≤ 1.1× with room for JVM noise), and
 * copying grows bytes copied by the live bytes at every doubling. No wall-clock time is asserted.
 */
class PeakRssTest {

    private static final long MIB = 1 << 20;
    private static final GrowthWorkload SEED_002 = GrowthWorkload.doubling(64 * MIB, MIB);

    @BeforeAll
    static void needsAResettablePeak() {
        assumeTrue(ProcSelf.isSupported(), "needs /proc/self");
        assumeTrue(ProcSelf.resetPeak(), "the kernel refuses to reset VmHWM here (clear_refs)");
    }

    @Test
    void mremapPeaksAtTheFinalSizeAndCopiesNothing() {
        GrowthRun.Result r = measure("mremap");
        assertTrue(r.peakRatio() <= 1.1, "mremap peak RSS is " + r.peakRatio() + "x the final size: " + r);
        assertEquals(0, r.counters().bytesCopied());
    }

    @Test
    void reserveCommitPeaksAtTheFinalSizeAndNeverMoves() {
        GrowthRun.Result r = measure("reserve-commit");
        assertTrue(r.peakRatio() <= 1.1, "reserve-commit peak RSS is " + r.peakRatio() + "x the final size: " + r);
        assertEquals(0, r.counters().moves());
        assertEquals(0, r.counters().bytesCopied());
    }

    @Test
    void copyDoublingCopiesEveryLiveByteAtEveryDoubling() {
        GrowthRun.Result r = measure("copy-doubling-native");
        // 1 -> 2 -> ... -> 64 MiB: six copies of 1, 2, 4, 8, 16 and 32 MiB.
        assertEquals(6, r.counters().grows());
        assertEquals(6, r.counters().moves());
        assertEquals(63 * MIB, r.counters().bytesCopied());
        assertTrue(r.peakRatio() >= 0.9, "the whole buffer is resident at the end: " + r);
    }

    private static GrowthRun.Result measure(String name) {
        GrowthStrategy s = Strategies.growth(name);
        GrowthRun.measure(s, GrowthWorkload.doubling(4 * MIB, MIB)); // warm up the code path, not the memory
        GrowthRun.Result r = GrowthRun.measure(s, SEED_002);
        System.out.printf("%-22s peak %.3fx of %d MiB, %s%n", name, r.peakRatio(), r.finalBytes() / MIB, r.counters());
        assertTrue(r.peakReset());
        assertEquals(64 * MIB, r.finalBytes());
        return r;
    }
}
