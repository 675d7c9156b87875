package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Verdicts that hold on a rerun: two result sets drawn from the SAME synthetic distribution,
 * whose forks differ from each other far more than the repetitions inside a fork (the noise
 * that dominates on this machine), are an A/A pair: {@link Diff} must call at most 5 % of the
 * timed figures changed. The same pair with one figure slowed by 15 % must call that one
 * "slower". Seeds are fixed, so the test is deterministic; the data are not tuned to it.
 */
class AaDiffTest {

    private static final int FIGURES = 60;
    private static final int FORKS = 5;
    private static final int REPS = 5;
    /** Per fork, a factor exp(N(0, 6 %)): the run-to-run noise. */
    private static final double FORK_SIGMA = 0.06;
    /** Per repetition inside a fork, exp(N(0, 1 %)). */
    private static final double REP_SIGMA = 0.01;
    private static final Set<String> CHANGED = Set.of("faster", "slower", "better", "worse");

    private static List<Measurement> run(long seed, int slowed, double factor) {
        return figures(seed, FIGURES, FORKS, REPS, FORK_SIGMA, REP_SIGMA, slowed, factor);
    }

    /**
     * {@code figures} timings (ns/put, each its own scale), each from {@code forks} forks of
     * {@code reps} repetitions: per fork a factor exp(N(0, forkSigma)), per repetition
     * exp(N(0, repSigma)); figure {@code slowed} is {@code factor} times slower.
     */
    static List<Measurement> figures(long seed, int figures, int forks, int reps, double forkSigma, double repSigma,
                                     int slowed, double factor) {
        Random random = new Random(seed);
        List<Measurement> list = new ArrayList<>();
        for (int f = 0; f < figures; f++) {
            double base = 50 + 10 * f; // each figure its own scale
            List<double[]> groups = new ArrayList<>();
            for (int k = 0; k < forks; k++) {
                double jvm = Math.exp(random.nextGaussian() * forkSigma);
                double[] values = new double[reps];
                for (int r = 0; r < reps; r++) {
                    values[r] = base * jvm * Math.exp(random.nextGaussian() * repSigma) * (f == slowed ? factor : 1);
                }
                groups.add(values);
            }
            list.add(Measurement.ofForks("synthetic", Map.of("figure", Integer.toString(f)), "write", "ns/put", false,
                    false, groups));
        }
        return list;
    }

    private static long changed(Diff.Result r) {
        return r.rows().stream().filter(row -> CHANGED.contains(row.verdict())).count();
    }

    @Test
    void anAaPairCallsAtMostFivePercentOfTheFiguresChanged() {
        for (long pair = 0; pair < 3; pair++) {
            Diff.Result r = Diff.compare(run(1000 + pair, -1, 1), run(2000 + pair, -1, 1));
            assertEquals(FIGURES, r.rows().size());
            long changed = changed(r);
            assertTrue(changed <= FIGURES * 0.05, "A/A pair " + pair + ": " + changed + " of " + FIGURES
                    + " called changed:\n" + Diff.render(r, "A", "B"));
        }
    }

    @Test
    void aPlantedFifteenPercentSlowdownIsCalledSlowerInEveryPair() {
        int slowed = 7;
        for (long pair = 0; pair < 3; pair++) {
            Diff.Result r = Diff.compare(run(1000 + pair, -1, 1), run(2000 + pair, slowed, 1.15));
            Diff.Row row = r.rows().get(slowed);
            assertEquals(Integer.toString(slowed), row.b().labels().get("figure"));
            assertEquals("slower", row.verdict(), "pair " + pair + ": " + row);
        }
    }
}
