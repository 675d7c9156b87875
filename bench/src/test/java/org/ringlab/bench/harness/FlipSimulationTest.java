package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Issue 15's goal on synthetic runs with this machine's noise: three runs in a row must not give
 * one claim confirmed in one and DIFFERS in another. A simulated run is one experiment of six
 * claims of one kind (one pool), each measured in 2 or 3 paired rounds of 5 repetitions per side;
 * a round's log-ratio varies with sd 0.1 around the truth (history's fork log-sd, 0.094–0.117),
 * repetitions by 1 %, and, where said, every ratio of the run is shifted by a run-level log-shift
 * of sd 0.05. The judged claim's true ratio sits on its threshold (≥ 2×) or 5 % either side.
 * <p>
 * The old interval (the percentile bootstrap of rounds, then repetitions) flips in more than 8 %
 * of the triples. The t interval with the pooled round variance flips only by the chance a 95 %
 * interval allows (2.5 % per side and run: a triple with the truth 5 % below the threshold is
 * rightly DIFFERS in one run and, 1 time in 40 or less, wrongly confirmed in another), at most
 * {@link #FLIP_BOUND_NO_SHIFT} of the triples without a run-level shift and {@link #FLIP_BOUND}
 * with it: a within-run interval cannot hold a shift of the whole run, so a claim whose truth is
 * on its threshold is a little likelier to flip (a 4,000-triple throw-away simulation gave 1.4 %
 * at the threshold, 1.0 % at 5 % beside it).
 */
class FlipSimulationTest {

    static final RatioClaim CLAIM = RatioClaim.atLeast("x ≥ 2× y", "2×", 2.0);
    static final int TRIPLES = 300;
    static final int CLAIMS = 6;
    static final double ROUND_SD = 0.1;
    static final double RUN_SD = 0.05;
    static final double[] OFFSETS = {-0.05, 0, 0.05};
    /** The new interval's share of flipping triples with the run-level shift, at most. */
    static final double FLIP_BOUND = 0.03;
    /** ... and without it. */
    static final double FLIP_BOUND_NO_SHIFT = 0.01;
    /** The old interval's share of flipping triples, at least. */
    static final double OLD_FLIPS = 0.08;

    record Outcome(int flips, Map<Claim.Verdict, Integer> verdicts) {
    }

    @Test
    void theOldIntervalFlipsTheNewDoesNot() {
        Outcome old = simulate(false, RUN_SD, 1);
        Outcome now = simulate(true, RUN_SD, 1);
        System.out.printf("flip simulation, run shift 0.05: old %d of %d triples %s, new %d %s%n", old.flips(),
                TRIPLES, old.verdicts(), now.flips(), now.verdicts());
        assertTrue(old.flips() >= OLD_FLIPS * TRIPLES, "the bootstrap of 2-3 rounds flipped in only " + old.flips());
        assertTrue(now.flips() <= FLIP_BOUND * TRIPLES, "the t interval flipped in " + now.flips() + " of " + TRIPLES);
        // Not by calling everything inconclusive: the near-threshold claim is still decided now and then.
        assertTrue(now.verdicts().get(Claim.Verdict.REPRODUCED) > 0, now.verdicts().toString());
    }

    @Test
    void withoutARunLevelShiftTheNewIntervalFlipsOnlyByTheIntervalsOwnChance() {
        Outcome old = simulate(false, 0, 2);
        Outcome now = simulate(true, 0, 2);
        System.out.printf("flip simulation, no run shift: old %d of %d triples %s, new %d %s%n", old.flips(), TRIPLES,
                old.verdicts(), now.flips(), now.verdicts());
        assertTrue(old.flips() >= OLD_FLIPS * TRIPLES, "the bootstrap of 2-3 rounds flipped in only " + old.flips());
        assertTrue(now.flips() <= FLIP_BOUND_NO_SHIFT * TRIPLES, "the t interval flipped in " + now.flips() + " of "
                + TRIPLES);
    }

    /** {@link #TRIPLES} triples of runs; a flip is a triple with the judged claim confirmed in one run and DIFFERS in another. */
    static Outcome simulate(boolean pooledT, double runSd, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Claim.Verdict, Integer> verdicts = new EnumMap<>(Claim.Verdict.class);
        for (Claim.Verdict v : Claim.Verdict.values()) {
            verdicts.put(v, 0);
        }
        int flips = 0;
        for (int t = 0; t < TRIPLES; t++) {
            double truth = Math.log(CLAIM.threshold()) + OFFSETS[t % OFFSETS.length];
            boolean confirmed = false;
            boolean differs = false;
            for (int run = 0; run < 3; run++) {
                Claim.Verdict v = CLAIM.verdict(run(random, truth, runSd, pooledT));
                verdicts.merge(v, 1, Integer::sum);
                confirmed |= v == Claim.Verdict.REPRODUCED;
                differs |= v == Claim.Verdict.DIFFERS;
            }
            flips += confirmed && differs ? 1 : 0;
        }
        return new Outcome(flips, verdicts);
    }

    /** One run: the judged claim (claim 0) and five more of its pool, 2 or 3 rounds each; claim 0's estimate. */
    static Estimate run(SplittableRandom random, double truth, double runSd, boolean pooledT) {
        int rounds = 2 + random.nextInt(2);
        double shift = runSd * PairedRoundsTest.gaussian(random);
        List<List<List<double[]>>> cells = new ArrayList<>();
        for (int c = 0; c < CLAIMS; c++) {
            double centre = c == 0 ? truth : Math.log(2.3);
            List<double[]> num = new ArrayList<>();
            List<double[]> den = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                double load = Math.exp(0.2 * PairedRoundsTest.gaussian(random));  // shared by both sides of a round
                double ratio = Math.exp(centre + shift + ROUND_SD * PairedRoundsTest.gaussian(random));
                num.add(PairedRoundsTest.reps(random, 100 * load * ratio));
                den.add(PairedRoundsTest.reps(random, 100 * load));
            }
            cells.add(List.of(num, den));
        }
        if (!pooledT) {
            return Bootstrap.paired(cells.getFirst().get(0), cells.getFirst().get(1));
        }
        return RoundPool.judge(pool -> {
            List<Estimate> out = new ArrayList<>();
            for (List<List<double[]>> cell : cells) {
                out.add(pool.paired("kind", cell.get(0), cell.get(1)));
            }
            return out.getFirst();
        });
    }
}
