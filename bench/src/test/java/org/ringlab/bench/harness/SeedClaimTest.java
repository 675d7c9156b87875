package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A claim of several interval checks, on deterministic synthetic rounds. */
class SeedClaimTest {

    private static final double[] ONES = {1, 1, 1, 1, 1, 1};

    @Test
    void aRatioWhollyAboveIsConfirmedWhollyBelowDiffersAndAStraddleIsInconclusive() {
        double[] base = {100, 102, 98, 101, 99, 100};
        double[] twice = {210, 205, 199, 212, 204, 208};
        double[] slower = {150, 155, 148, 152, 149, 151};
        double[] straddle = {180, 220, 190, 215, 185, 205};
        assertEquals(Claim.Verdict.REPRODUCED, claim(2.0 / 1.05, SeedClaim.ratio(twice, base)).verdict());
        assertEquals(Claim.Verdict.DIFFERS, claim(2.0 / 1.05, SeedClaim.ratio(slower, base)).verdict());
        SeedClaim undecided = claim(2.0, SeedClaim.ratio(straddle, base));
        assertEquals(Claim.Verdict.INCONCLUSIVE, undecided.verdict());
        Claim c = undecided.toClaim("detail");
        assertTrue(c.judgement().low() < 2.0 && c.judgement().high() > 2.0, c.toString());
        assertTrue(c.measured().contains("UNDECIDED") && c.measured().endsWith("; detail"), c.measured());
        assertFalse(undecided.decisive());
    }

    @Test
    void aBandIsTwoChecksAndEitherSideCanDiffer() {
        double[] ratio148 = {1.47, 1.49, 1.48, 1.50, 1.46, 1.48};
        double[] ratio3 = {3.0, 3.1, 2.9, 3.0, 3.05, 2.95};
        SeedClaim in = SeedClaim.of("1.48x within 1.25x", "1.48x").within("r", 1.18, 1.85,
                SeedClaim.ratio(ratio148, ONES)).build();
        SeedClaim above = SeedClaim.of("1.48x within 1.25x", "1.48x").within("r", 1.18, 1.85,
                SeedClaim.ratio(ratio3, ONES)).build();
        assertEquals(Claim.Verdict.REPRODUCED, in.verdict());
        assertEquals(Claim.Verdict.DIFFERS, above.verdict(), "too good is not the seed's figure either");
        Claim c = above.toClaim("");
        assertEquals(1.85, c.judgement().threshold(), "the check that differs is the one reported");
        assertFalse(c.judgement().atLeast());
        assertTrue(c.measured().contains("NOT: r"), c.measured());
    }

    @Test
    void oneDifferingCheckOutweighsConfirmedAndUndecidedOnes() {
        Estimate yes = new Estimate(5, 4, 6, 5, 5);
        Estimate maybe = new Estimate(1, 0.5, 1.5, 5, 5);
        Estimate no = new Estimate(0.2, 0.1, 0.3, 5, 5);
        assertEquals(Claim.Verdict.INCONCLUSIVE, SeedClaim.of("c", "s").atLeast("a", 2, yes).atLeast("b", 1, maybe)
                .build().verdict());
        assertEquals(Claim.Verdict.DIFFERS, SeedClaim.of("c", "s").atLeast("a", 2, yes).atLeast("b", 1, maybe)
                .atLeast("d", 1, no).build().verdict());
        assertEquals(Claim.Verdict.REPRODUCED, SeedClaim.of("c", "s").atLeast("a", 2, yes).atMost("d", 1, no)
                .build().verdict());
        assertEquals(Claim.Verdict.INCONCLUSIVE, SeedClaim.of("c", "s").atLeast("a", 2, Estimate.NONE).build().verdict(),
                "no finite samples decide nothing");
        assertThrows(IllegalArgumentException.class, () -> SeedClaim.of("c", "s").build());
    }

    @Test
    void aFigureAgainstAConstantIsTheIntervalOfItsMedian() {
        Estimate loss = SeedClaim.figure(new double[] {30, 31, 29, 32, 28, 30});
        assertTrue(loss.low() >= 28 && loss.high() <= 32 && loss.low() <= 30 && 30 <= loss.high(), loss.toString());
        Estimate none = SeedClaim.figure(new double[] {0, 0, 0});
        assertEquals(0, none.ratio());
        assertEquals(0, none.high(), "a loss of zero in every round is [0, 0], not unknown");
        assertEquals(3, none.rounds());
        // A zero denominator is no ratio: before / after loss with no loss after is unknown, not ∞.
        assertFalse(SeedClaim.ratio(new double[] {30, 31}, new double[] {0, 0}).known());
    }

    @Test
    void theSameSamplesGiveTheSameInterval() {
        double[] a = {10, 12, 11, 13, 9, 10, 12};
        double[] b = {5, 6, 5.5, 6.2, 4.8, 5.1, 5.9};
        assertEquals(SeedClaim.ratio(a, b), SeedClaim.ratio(a, b));
        assertEquals(7, SeedClaim.ratio(a, b).rounds());
    }

    /** Broadcast's producer CPU at 2 and 4 consumers: one check pooled, the other left out of its pool. */
    @Test
    void checksPooledDifferentlyEachSayHow() {
        java.util.List<double[]> one = SeedClaim.rounds(new double[] {1, 1});
        Claim c = RoundPool.judge(pool -> {
            pool.paired("cpu", SeedClaim.rounds(new double[] {2.0, 2.1}), one);
            pool.paired("cpu", SeedClaim.rounds(new double[] {1.5, 1.45}), one);
            return SeedClaim.of("copy / broadcast ≥ 1", "1×")
                    .atLeast("at 2", 1, pool.paired("cpu", SeedClaim.rounds(new double[] {1.2, 1.25}), one))
                    .atLeast("at 4", 1, pool.paired("cpu", SeedClaim.rounds(new double[] {0.3, 9}), one))
                    .build().toClaim("");
        });
        assertTrue(c.measured().contains("(claim ≥ 1.00) (t over 2 rounds, round variance pooled over 3 claims (df 3));"),
                c.measured());
        assertTrue(c.measured().contains("(claim ≥ 1.00) (t over 2 rounds, not pooled: its rounds vary more than its "
                + "pool's) (95 % intervals)"), c.measured());
        Claim same = claim(1, SeedClaim.ratio(new double[] {2, 2.2}, new double[] {1, 1})).toClaim("");
        assertTrue(same.measured().endsWith("(claim ≥ 1.00) (95 % intervals, t over 2 rounds)"), same.measured());
    }

    private static SeedClaim claim(double threshold, Estimate e) {
        return SeedClaim.of("x ≥ " + threshold + "× y", threshold + "×").atLeast("x / y", threshold, e).build();
    }
}
