package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Verdicts from intervals: confirmed and differs only when the whole interval is on one side. */
class RatioClaimTest {

    private static final RatioClaim AT_LEAST_2 = RatioClaim.atLeast("x is 2× y", "2×", 2.0);
    private static final RatioClaim AT_MOST_1_5 = RatioClaim.atMost("x at most 1.5× y", "1×", 1.5);

    @Test
    void theWholeIntervalDecides() {
        assertEquals(Claim.Verdict.REPRODUCED, AT_LEAST_2.verdict(new Estimate(2.5, 2.1, 2.9, 3, 15)));
        assertEquals(Claim.Verdict.DIFFERS, AT_LEAST_2.verdict(new Estimate(1.5, 1.2, 1.9, 3, 15)));
        assertEquals(Claim.Verdict.INCONCLUSIVE, AT_LEAST_2.verdict(new Estimate(2.2, 1.9, 2.6, 3, 15)));
        assertEquals(Claim.Verdict.REPRODUCED, AT_MOST_1_5.verdict(new Estimate(1.1, 1.0, 1.4, 3, 15)));
        assertEquals(Claim.Verdict.DIFFERS, AT_MOST_1_5.verdict(new Estimate(1.8, 1.6, 2.0, 3, 15)));
        assertEquals(Claim.Verdict.INCONCLUSIVE, AT_MOST_1_5.verdict(new Estimate(1.4, 1.2, 1.7, 3, 15)));
        assertEquals(Claim.Verdict.INCONCLUSIVE, AT_LEAST_2.verdict(Estimate.NONE));
        assertFalse(AT_LEAST_2.decisive(new Estimate(2.2, 1.9, 2.6, 3, 15)));
        assertTrue(AT_LEAST_2.decisive(new Estimate(1.5, 1.2, 1.9, 3, 15)));
        assertThrows(IllegalArgumentException.class, () -> RatioClaim.atLeast("bad", "", 0));
    }

    @Test
    void aJudgedClaimCarriesItsIntervalAndThreshold() {
        Claim c = AT_LEAST_2.judge(new Estimate(2.5, 2.1, 2.9, 3, 15), "a 10 ns, b 4 ns");
        assertEquals(Claim.Verdict.REPRODUCED, c.verdict());
        assertTrue(c.measured().startsWith("2.50× [2.10, 2.90]"), c.measured());
        assertEquals(2.0, c.judgement().threshold());
        assertEquals(2.1, c.judgement().low());
        assertTrue(c.judgement().hasInterval());
    }

    /**
     * The property that stops flipping: many simulated runs of one true ratio (2.3×, claim ≥ 2×)
     * with fork-to-fork drift of ±15 % and repetition noise; some may end inconclusive, none
     * "differs".
     */
    @Test
    void noisyRunsOfOneTruthNeverGiveOppositeVerdicts() {
        SplittableRandom random = new SplittableRandom(42);
        int confirmed = 0;
        int differs = 0;
        for (int run = 0; run < 200; run++) {
            List<double[]> num = new ArrayList<>();
            List<double[]> den = new ArrayList<>();
            for (int round = 0; round < 4; round++) {
                double load = 1 + 0.3 * random.nextDouble();   // shared by both sides of a round
                num.add(noisy(random, 230 * load * (0.9 + 0.2 * random.nextDouble())));
                den.add(noisy(random, 100 * load * (0.9 + 0.2 * random.nextDouble())));
            }
            Claim.Verdict v = AT_LEAST_2.verdict(PairedRounds.paired(num, den));
            confirmed += v == Claim.Verdict.REPRODUCED ? 1 : 0;
            differs += v == Claim.Verdict.DIFFERS ? 1 : 0;
        }
        assertEquals(0, differs, "a true 2.3× called below 2×");
        assertTrue(confirmed > 0, "never confirmed: the interval is useless");
    }

    @Test
    void resamplingForksWidensTheIntervalBeyondOneJvmsNoise() {
        // Two forks per side whose medians differ by 30 %, each internally tight.
        List<double[]> a = List.of(new double[] {100, 101, 99, 100, 100}, new double[] {130, 131, 129, 130, 130});
        List<double[]> oneFork = List.of(new double[] {100, 101, 99, 100, 100, 130, 131, 129, 130, 130});
        List<double[]> b = List.of(new double[] {112, 113, 111, 112, 112}, new double[] {118, 119, 117, 118, 118});
        Estimate forks = Bootstrap.unpaired(a, b);
        assertTrue(forks.low() <= 1 && forks.high() >= 1, "fork-to-fork drift must be inside the interval: " + forks);
        assertEquals(2, forks.rounds());
        Estimate pooled = Bootstrap.unpaired(oneFork, List.of(new double[] {112, 113, 111, 112, 112, 118, 119, 117, 118,
                118}));
        assertTrue(pooled.high() - pooled.low() > 0, pooled.toString());
        assertEquals(Bootstrap.unpaired(a, b), forks, "fixed seed: the same samples give the same interval");
    }

    @Test
    void pairedRoundsMustMatch() {
        assertThrows(IllegalArgumentException.class, () -> Bootstrap.paired(List.of(new double[] {1}), List.of()));
        assertEquals(Estimate.NONE, Bootstrap.paired(List.of(new double[] {Double.NaN}), List.of(new double[] {1})));
    }

    @Test
    void theBudgetAddsRoundsOnlyWhileUndecidedAndWhenTheyEndInTime() {
        RepetitionBudget b = new RepetitionBudget(3, 5, 60);
        assertTrue(b.allowsAnother(2, 100, true), "the minimum always runs");
        assertFalse(b.allowsAnother(3, 10, true), "decided: stop");
        assertTrue(b.allowsAnother(3, 10, false));
        assertFalse(b.allowsAnother(3, 61, false), "out of time");
        assertFalse(b.allowsAnother(5, 10, false), "at the cap");
        // A round runs only if it is expected to end in time: three rounds took 45 s, a fourth would end at 60.
        assertTrue(b.allowsAnother(3, 45, false), "45 + 45/3 = 60: ends within the budget");
        assertFalse(b.allowsAnother(3, 46, false), "46 + 46/3 > 60: would overrun, although 46 < 60");
        assertFalse(b.allowsAnother(3, 50, 11, false), "an explicit next-round cost: 50 + 11 > 60");
        assertTrue(b.allowsAnother(3, 50, 10, false), "a cheaper next round (history's pair only) fits");
        assertThrows(IllegalArgumentException.class, () -> new RepetitionBudget(3, 2, 1));
    }

    private static double[] noisy(SplittableRandom random, double centre) {
        double[] v = new double[5];
        for (int i = 0; i < v.length; i++) {
            v[i] = centre * (0.95 + 0.1 * random.nextDouble());
        }
        return v;
    }
}
