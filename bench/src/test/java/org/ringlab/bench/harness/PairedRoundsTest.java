package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The claims' interval: a t interval over the rounds' log-ratios, its variance pooled where alike. */
class PairedRoundsTest {

    private static final RatioClaim AT_LEAST_2 = RatioClaim.atLeast("x is 2× y", "2×", 2.0);

    @Test
    void aClaimLeavesItsPoolWhereTheFTablesSay() {
        // Five alike cells of two rounds, log-ratios 0 and d: each variance d²/2 on one degree of
        // freedom, so the rest of the pool has variance d²/2 on 5. A sixth cell with log-ratios 0
        // and e has F = e²/d² on (1, 5); F(0.95; 1, 5) = 6.6079 from the tables.
        double d = 0.02;
        for (double f : new double[] {6.5, 6.7}) {
            double e = d * Math.sqrt(f);
            Estimate judged = RoundPool.judge(pool -> {
                for (int i = 0; i < 5; i++) {
                    pool.paired("p", rounds(2, 2 * Math.exp(d)), rounds(1, 1));
                }
                return pool.paired("p", rounds(2, 2 * Math.exp(e)), rounds(1, 1));
            });
            boolean pooled = judged.method().contains("pooled over 6 claims (df 6)");
            assertEquals(f < 6.6079, pooled, "F = " + f + ": " + judged.method());
        }
    }

    @Test
    void threeRoundsGiveTheTextbookTInterval() {
        // Round ratios 2, 4, 8: log-ratios ln 2 × (1, 2, 3), mean 2 ln 2 (geometric mean 4), sd ln 2;
        // t(0.975, 2) = 4.3027 from the tables, so the interval is 4 × exp(∓4.3027 × ln 2 / √3).
        Estimate e = PairedRounds.paired(rounds(2, 4, 8), rounds(1, 1, 1));
        assertEquals(4, e.ratio(), 1e-12);
        assertEquals(0.714924, e.low(), 1e-5);
        assertEquals(22.379993, e.high(), 1e-4);
        assertEquals(3, e.rounds());
        PairedRounds.Cell c = PairedRounds.cell(rounds(2, 4, 8), rounds(1, 1, 1));
        assertEquals(2 * Math.log(2), c.mean(), 1e-12);
        assertEquals(2 * Math.log(2) * Math.log(2), c.sumOfSquares(), 1e-12);
    }

    @Test
    void oneRoundHasNoIntervalAndIsInconclusiveSayingWhy() {
        Estimate e = PairedRounds.paired(List.of(new double[] {300, 301, 299}), List.of(new double[] {100, 100, 101}));
        assertFalse(e.known());
        assertEquals(3, e.ratio(), 0.02);
        Claim c = AT_LEAST_2.judge(e, "");
        assertEquals(Claim.Verdict.INCONCLUSIVE, c.verdict(), c.measured());
        assertTrue(c.measured().contains("no interval (one round: no interval without a second round's spread)"),
                c.measured());
        // Not even a pool gives a single round an interval: its noise cannot be checked against the pool's.
        Estimate pooled = RoundPool.judge(pool -> {
            pool.paired("p", rounds(2.5, 2.6), rounds(1, 1));
            pool.paired("p", rounds(2.5, 2.4), rounds(1, 1));
            return pool.paired("p", rounds(3), rounds(1));
        });
        assertEquals(Claim.Verdict.INCONCLUSIVE, AT_LEAST_2.verdict(pooled), pooled.toString());
    }

    @Test
    void twoRoundsGiveAnIntervalThatWidensWithTheirSpread() {
        Estimate narrow = PairedRounds.paired(rounds(2.2, 2.3), rounds(1, 1));
        Estimate wide = PairedRounds.paired(rounds(2.0, 2.6), rounds(1, 1));
        assertEquals("t over 2 rounds", narrow.method());
        // Wider than the rounds are apart (a percentile bootstrap of two rounds never is) ...
        assertTrue(narrow.low() < 2.2 && narrow.high() > 2.3, narrow.toString());
        assertTrue(wide.low() < 2.0 && wide.high() > 2.6, wide.toString());
        // ... and wider the further apart they are.
        assertTrue(Math.log(wide.high() / wide.low()) > 5 * Math.log(narrow.high() / narrow.low()), wide + " vs " + narrow);
        Estimate bootstrap = Bootstrap.paired(rounds(2.0, 2.6), rounds(1, 1));
        assertTrue(bootstrap.low() >= 2.0 - 1e-9 && bootstrap.high() <= 2.6 + 1e-9, bootstrap.toString());
    }

    @Test
    void aClearlyTrueClaimIsConfirmedWithThreeRounds() {
        // True 2.3× against ≥ 2×, rounds' log-sd 0.02, repetitions 1 %: 200 runs of 3 rounds each.
        SplittableRandom random = new SplittableRandom(7);
        int confirmed = 0;
        for (int run = 0; run < 200; run++) {
            List<double[]> num = new ArrayList<>();
            List<double[]> den = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                num.add(reps(random, 230 * Math.exp(0.02 * gaussian(random))));
                den.add(reps(random, 100));
            }
            Estimate e = PairedRounds.paired(num, den);
            confirmed += AT_LEAST_2.verdict(e) == Claim.Verdict.REPRODUCED ? 1 : 0;
        }
        assertTrue(confirmed >= 196, confirmed + " of 200 confirmed");
    }

    @Test
    void addingRoundsWhileUndecidedDecidesWithinTheBudget() {
        // True 1.3× against ≥ 1×, rounds' log-sd 0.1: two rounds (t = 12.7) cannot decide, more can.
        RatioClaim claim = RatioClaim.atLeast("1.3×", "1.3×", 1.0);
        RepetitionBudget budget = new RepetitionBudget(2, 8, 100);
        SplittableRandom random = new SplittableRandom(3);
        int decidedAt = 0;
        for (int run = 0; run < 50; run++) {
            List<double[]> num = new ArrayList<>();
            List<double[]> den = new ArrayList<>();
            boolean decisive = false;
            int done = 0;
            while (budget.allowsAnother(done, done, 1, decisive)) {
                num.add(reps(random, 130 * Math.exp(0.1 * gaussian(random))));
                den.add(reps(random, 100));
                done++;
                decisive = claim.decisive(PairedRounds.paired(num, den));
            }
            assertTrue(done >= 2 && done <= 8, "rounds " + done);
            Claim.Verdict v = claim.verdict(PairedRounds.paired(num, den));
            assertTrue(v != Claim.Verdict.DIFFERS, "a true 1.3× called below 1×");
            decidedAt += v == Claim.Verdict.REPRODUCED ? 1 : 0;
        }
        assertTrue(decidedAt >= 45, decidedAt + " of 50 decided within 8 rounds");
    }

    @Test
    void aPoolShortensTwoRoundIntervalsAndLeavesOutANoisierClaim() {
        List<Estimate> out = RoundPool.judge(pool -> List.of(
                pool.paired("writes", rounds(2.20, 2.40), rounds(1, 1)),
                pool.paired("writes", rounds(2.30, 2.10), rounds(1, 1)),
                pool.paired("writes", rounds(2.25, 2.45), rounds(1, 1)),
                pool.paired("writes", rounds(2.35, 2.20), rounds(1, 1)),
                pool.paired("writes", rounds(1.20, 4.00), rounds(1, 1)),   // far noisier: not alike
                pool.paired("reads", rounds(1.00, 1.01), rounds(1, 1))));  // another pool: its own variance
        Estimate own = PairedRounds.paired(rounds(2.20, 2.40), rounds(1, 1));
        Estimate pooled = out.getFirst();
        assertEquals("t over 2 rounds, round variance pooled over 4 claims (df 4)", pooled.method());
        assertTrue(Math.log(pooled.high() / pooled.low()) < Math.log(own.high() / own.low()) / 3, pooled + " vs " + own);
        assertEquals(own.ratio(), pooled.ratio(), 1e-12, "pooling moves no point");
        assertEquals("t over 2 rounds, not pooled: its rounds vary more than its pool's", out.get(4).method());
        assertEquals("t over 2 rounds", out.get(5).method());
        // The noisy claim's interval is its own (as wide as without a pool).
        Estimate noisy = PairedRounds.paired(rounds(1.20, 4.00), rounds(1, 1));
        assertEquals(noisy.low(), out.get(4).low(), 1e-12);
    }

    /** A claim of one round in a pool of two-round claims: a ratio, no interval borrowed from the pool, inconclusive. */
    @Test
    void aOneRoundClaimInAPoolHasNoInterval() {
        RatioClaim claim = RatioClaim.atLeast("one fork", "2×", 2);
        Claim judged = RoundPool.judge(pool -> {
            pool.figureOfForks("p", List.of(new double[] {2.2}, new double[] {2.4}));
            pool.figureOfForks("p", List.of(new double[] {2.3}, new double[] {2.1}));
            return claim.judge(pool.ratioOfForks("p", List.of(new double[] {3.0}), List.of(new double[] {1.0})), "");
        });
        assertEquals(Claim.Verdict.INCONCLUSIVE, judged.verdict());
        assertFalse(judged.judgement().hasInterval(), judged.toString());
        assertEquals(3.0, judged.judgement().ratio(), 1e-12);
        assertEquals(1, judged.judgement().rounds());
        assertTrue(judged.measured().startsWith("3.00×, no interval (one round"), judged.measured());
    }

    @Test
    void aClaimsFunctionThatChangesBetweenItsTwoPassesIsRefused() {
        int[] calls = {0};
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> RoundPool.judge(pool -> {
                    pool.paired("p", rounds(2.0, 2.2), rounds(1, 1));
                    return pool.paired("p", rounds(2.0, 2.1 + calls[0]++), rounds(1, 1));
                }));
        assertTrue(e.getMessage().contains("must be pure"), e.getMessage());
    }

    /** Rounds of one repetition each. */
    static List<double[]> rounds(double... values) {
        return SeedClaim.rounds(values);
    }

    static double[] reps(SplittableRandom random, double centre) {
        double[] r = new double[5];
        for (int i = 0; i < r.length; i++) {
            r[i] = centre * (1 + 0.01 * gaussian(random));
        }
        return r;
    }

    /** Box–Muller: SplittableRandom has no Gaussian of its own in every JDK. */
    static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
