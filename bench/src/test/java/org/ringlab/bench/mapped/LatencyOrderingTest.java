package org.ringlab.bench.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.Claim;

class LatencyOrderingTest {

    private static LatencyExperiment.Result row(String name, double... p90) {
        LatencyExperiment.Cell c = new LatencyExperiment.Cell(name, "mem", Path.of("/dev/shm"), true, "p90 7");
        return new LatencyExperiment.Result(c, 1000, p90, p90, p90, p90, p90, p90, p90);
    }

    @Test
    void separableIntervalsDecideOverlappingOnesDoNot() {
        Claim lowest = LatencyOrdering.judge(List.of(row("Bind-m", 5, 5.1, 5.2, 5.0), row("Tmpfs", 9, 9.2, 9.1, 9.3)));
        assertEquals(Claim.Verdict.REPRODUCED, lowest.verdict(), lowest.measured());
        assertTrue(lowest.judgement().high() < 1, "Bind-m / Tmpfs wholly below 1: " + lowest.judgement());
        assertTrue(lowest.measured().contains("(seed p90 7)"), lowest.measured());

        Claim higher = LatencyOrdering.judge(List.of(row("Bind-m", 9, 9.2, 9.1), row("Tmpfs", 5, 5.1, 5.2)));
        assertEquals(Claim.Verdict.DIFFERS, higher.verdict(), higher.measured());

        Claim overlap = LatencyOrdering.judge(List.of(row("Bind-m", 5, 9, 6), row("Tmpfs", 6, 8, 5.5)));
        assertEquals(Claim.Verdict.INCONCLUSIVE, overlap.verdict());
        assertTrue(overlap.judgement().hasInterval(), overlap.toString());
        assertTrue(overlap.measured().contains("not separable here: the intervals overlap"), overlap.measured());

        Claim one = LatencyOrdering.judge(List.of(row("Bind-m", 5), row("Tmpfs", 9)));
        assertEquals(Claim.Verdict.INCONCLUSIVE, one.verdict());
        assertTrue(one.measured().contains("1 run(s)"), one.measured());
    }

    /** One run per row (the quick profile): its value is no interval, and neither is the ratio of two such values. */
    @Test
    void oneRunIsNotShownAsAZeroWidthInterval() {
        Claim one = LatencyOrdering.judge(List.of(row("Bind-m", 5.3), row("Tmpfs", 5.7), row("Disk", 2.0)));
        assertEquals(Claim.Verdict.INCONCLUSIVE, one.verdict());
        assertTrue(one.measured().contains("Disk 2.0 (one run)") && !one.measured().contains("[2.0..2.0]"),
                one.measured());
        assertFalse(one.judgement().hasInterval(), "a ratio of two single runs has no interval: " + one.judgement());
        assertEquals(5.3 / 2.0, one.judgement().ratio(), 1e-9, "the point is still shown");
        assertEquals(LatencyOrdering.ONE_RUN, one.judgement().method());
        assertTrue(one.measured().contains("Bind-m / Disk p90 2.65× (one run per row: no interval)"), one.measured());
        assertEquals("-", one.judgement().interval());
    }

    @Test
    void theIntervalHoldsTheMedianAndIsAPointForOneSample() {
        double[] iv = LatencyOrdering.medianInterval(new double[] {1, 2, 3, 4, 100}, 1);
        assertTrue(iv[0] <= 3 && 3 <= iv[1] && iv[1] <= 100, iv[0] + ".." + iv[1]);
        double[] point = LatencyOrdering.medianInterval(new double[] {7}, 1);
        assertEquals(7, point[0]);
        assertEquals(7, point[1]);
    }
}
