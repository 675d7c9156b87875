package org.ringlab.bench.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.Judgement;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthWorkload;

/**
 * Growth's step-time claims on synthetic repetitions (two per case, as the quick profile runs):
 * pooled over both cases' copy / mremap ratios the interval is finite and narrower than a
 * ratio's own (df 1); a ratio whose repetitions disagree far more keeps its own.
 */
class GrowthStepPoolTest {

    private static GrowthSample sample(String strategy, long growthNanos) {
        return new GrowthSample(strategy, 65 * Sizes.MIB, 128 * Sizes.MIB, 0, 3 * 65 * Sizes.MIB, true,
                4 * growthNanos, 7, 7, 0, 0, growthNanos, -1, new long[0], new long[0]);
    }

    /** A case of two repetitions: mremap 1 ms; the copies' growth steps {@code heap} and {@code nativeMs} ms. */
    private static GrowthReport report(double[] heap, double[] nativeMs) {
        GrowthWorkload w = new GrowthWorkload(65 * Sizes.MIB, Sizes.MIB, Sizes.MIB, 2);
        GrowthPlan plan = new GrowthPlan(GrowthProfile.QUICK, List.of(), GrowthCase.custom(w), 2, true, 1, null, List.of());
        return new GrowthReport(plan, List.of(cell("copy-doubling-heap", heap), cell("copy-doubling-native", nativeMs),
                cell("mremap", 1, 1)), 0);
    }

    private static GrowthCell cell(String strategy, double... ms) {
        return new GrowthCell(strategy, Arrays.stream(ms).mapToObj(v -> sample(strategy, (long) (v * 1e6))).toList(),
                null);
    }

    private static Judgement heapStep(List<Claim> claims) {
        return claims.stream().filter(c -> c.id().equals("goal.mremap-speed-vs-copy-doubling-heap")).findFirst()
                .orElseThrow(() -> new AssertionError(claims.toString())).judgement();
    }

    @Test
    void bothCasesStepTimeRatiosPoolIntoAFiniteNarrowerInterval() {
        GrowthReport worst = report(new double[] {80, 86}, new double[] {40, 42});
        GrowthReport best = report(new double[] {60, 58}, new double[] {30, 31.5});
        var own = SeedClaim.ratio(new double[] {80, 86}, new double[] {1, 1});
        List<List<Claim>> pooled = RoundPool.judge(pool -> List.of(GrowthClaims.goals(worst, pool), GrowthClaims.goals(best, pool)));
        Judgement j = heapStep(pooled.getFirst());

        assertEquals("t over 2 rounds", own.method());
        assertTrue(j.hasInterval(), j.toString());
        assertEquals("t over 2 rounds, round variance pooled over 4 claims (df 4)", j.method());
        assertEquals(own.ratio(), j.ratio(), 1e-9);
        assertTrue(Math.log(j.high() / j.low()) < Math.log(own.high() / own.low()) / 3, j.interval() + " vs " + own);
        // One case alone pools its two ratios (df 2): between the two.
        Judgement alone = heapStep(RoundPool.judge(pool -> GrowthClaims.goals(worst, pool)));
        assertEquals("t over 2 rounds, round variance pooled over 2 claims (df 2)", alone.method());
    }

    @Test
    void aRatioWhoseRepetitionsDisagreeFarMoreKeepsItsOwnInterval() {
        GrowthReport worst = report(new double[] {20, 300}, new double[] {40, 42});
        GrowthReport best = report(new double[] {60, 58}, new double[] {30, 31.5});
        Judgement j = heapStep(RoundPool.judge(pool -> List.of(GrowthClaims.goals(worst, pool), GrowthClaims.goals(best, pool))).getFirst());
        assertEquals("t over 2 rounds, not pooled: its rounds vary more than its pool's", j.method());
        var own = SeedClaim.ratio(new double[] {20, 300}, new double[] {1, 1});
        assertEquals(own.low(), j.low(), 1e-9);
    }
}
