package org.ringlab.bench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.RoundPool;

/**
 * The quick profile's plan: every part of the driver in at least four child JVMs, each shorter
 * than full's, and a claim over N forks a t interval with N − 1 degrees of freedom.
 */
class DriverProfileTest {

    private static final List<String> PARTS = List.of(DriverPartTask.SPSC_VS_LOCKED, DriverPartTask.POOL,
            DriverPartTask.BATCH_TWO_THREADS, DriverPartTask.BATCH_ONE_THREAD, DriverPartTask.WORK,
            DriverPartTask.HEADER, DriverPartTask.NAPI + DriverProfile.GIGABIT_64_BYTE_FRAMES);

    @Test
    void quickRunsEveryPartInFourShortForks() {
        DriverProfile quick = DriverProfile.named("quick");
        DriverProfile full = DriverProfile.named("full");
        assertTrue(quick.forks() >= 4, "quick's forks: " + quick.forks());
        for (String part : PARTS) {
            int reps = DriverPartTask.repetitions(quick, part);
            assertTrue(reps >= 1, part + ": every fork times a repetition");
            assertTrue(reps <= DriverPartTask.repetitions(full, part), part + ": quick's forks are not longer than full's");
        }
        // (a) shares its repetitions among its forks: each fork gets one, none is left without.
        assertEquals(1, DriverPartTask.repetitions(quick, DriverPartTask.SPSC_VS_LOCKED));
        assertTrue(quick.repetitions() >= quick.forks());
        assertTrue(quick.roundNanos() < full.roundNanos() && quick.interleavedRecords() < full.interleavedRecords()
                && quick.napiNanos() < full.napiNanos() && quick.poolOps() < full.poolOps()
                && quick.mallocOps() < full.mallocOps() && quick.headerOps() < full.headerOps(), quick.toString());
    }

    /**
     * N forks of one repetition each (quick's shape): the ratio's interval is Student's t on the
     * forks' log-ratios with N − 1 degrees of freedom, not the single-fork fallback that takes
     * repetitions as rounds.
     */
    @Test
    void anIntervalOverNForksHasNMinusOneDegreesOfFreedom() {
        DriverProfile quick = DriverProfile.named("quick");
        int n = quick.forks();
        double[] spsc = {8.9, 7.1, 9.6, 8.2, 10.4, 7.7};
        double[] locked = {1.2, 1.1, 1.5, 0.9, 1.3, 1.0};
        List<double[][]> forks = new ArrayList<>();
        double[] logs = new double[n];
        for (int f = 0; f < n; f++) {
            double[][] rows = new double[2][DriverPartTask.repetitions(quick, DriverPartTask.BATCH_TWO_THREADS)];
            java.util.Arrays.fill(rows[0], spsc[f]);
            java.util.Arrays.fill(rows[1], locked[f]);
            forks.add(rows);
            logs[f] = Math.log(spsc[f] / locked[f]);
        }
        ForkedRows rows = new ForkedRows(forks);
        Estimate e = RoundPool.none().ratioOfForks("", rows.groups(0), rows.groups(1));
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double ss = java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
        double half = TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
        assertEquals(n, e.rounds(), e.toString());
        assertEquals(Math.exp(mean - half), e.low(), 1e-9, e.toString());
        assertEquals(Math.exp(mean + half), e.high(), 1e-9, e.toString());
        assertEquals("t over " + n + " rounds", e.method());
    }
}
