package org.ringlab.bench.mapped;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.ringlab.bench.harness.Bootstrap;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.Judgement;

/**
 * Seed 004's "Bind-m has the lowest p90" judged with intervals: each row's p90 over its runs
 * gets a bootstrap 95 % interval of the median (fixed seed, so a report is reproducible).
 * Confirmed when Bind-m's interval lies below every other row's, differs when another row's
 * lies below Bind-m's, and inconclusive, "not separable here", when they overlap or there are
 * fewer than {@link #MIN_RUNS} runs per row; the absolute figures beside the seed's in every case,
 * and the interval of Bind-m's p90 over the lowest other row's as the judgement.
 */
final class LatencyOrdering {

    static final int MIN_RUNS = 3;
    /** Why a ratio of single runs has no interval. */
    static final String ONE_RUN = "one run per row: no interval";
    static final int RESAMPLES = 2000;
    static final String CLAIM = "seed 004: pinned on tmpfs (Bind-m) has the lowest p90 latency of the four rows (seed: "
            + "7 µs vs 9-12), judged on 95 % bootstrap intervals of the runs' p90";

    private LatencyOrdering() {
    }

    /** [low, high] of a 95 % percentile-bootstrap interval of the median; one point for one sample. */
    static double[] medianInterval(double[] samples, long seed) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] medians = new double[RESAMPLES];
        double[] draw = new double[samples.length];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int i = 0; i < draw.length; i++) {
                draw[i] = samples[random.nextInt(samples.length)];
            }
            Arrays.sort(draw);
            int n = draw.length;
            medians[b] = (n & 1) == 1 ? draw[n / 2] : (draw[n / 2 - 1] + draw[n / 2]) / 2;
        }
        Arrays.sort(medians);
        return new double[] {medians[(int) (0.025 * RESAMPLES)], medians[(int) (0.975 * RESAMPLES) - 1]};
    }

    static Claim judge(List<LatencyExperiment.Result> latency) {
        LatencyExperiment.Result bindM = latency.stream().filter(r -> r.cell().name().equals("Bind-m")).findFirst()
                .orElse(null);
        if (bindM == null || latency.size() < 2) {
            return new Claim(CLAIM, latency.isEmpty() ? "the latency table was not run"
                    : "Bind-m or its comparison rows not measured", Claim.Verdict.NOT_MEASURED);
        }
        StringBuilder m = new StringBuilder("p90 µs, median [95 % interval] of the runs, seed's figures beside: ");
        double[] own = medianInterval(bindM.p90Samples(), 4);
        boolean below = true;
        boolean above = false;
        int fewest = Integer.MAX_VALUE;
        for (LatencyExperiment.Result r : latency) {
            double[] iv = medianInterval(r.p90Samples(), 4);
            fewest = Math.min(fewest, r.p90Samples().length);
            // One run's "interval" is its value twice: say it is one run rather than print [x..x] as if measured.
            m.append(String.format(Locale.ROOT, "%s %.1f %s (seed %s); ", r.cell().name(), r.p90().median(),
                    r.p90Samples().length < 2 ? "(one run)" : String.format(Locale.ROOT, "[%.1f..%.1f]", iv[0], iv[1]),
                    r.cell().seed()));
            if (r != bindM) {
                below &= own[1] < iv[0];
                above |= iv[1] < own[0];
            }
        }
        // The judgement shown: Bind-m's p90 over the lowest other row's, with its interval (runs resampled per row).
        LatencyExperiment.Result rival = latency.stream().filter(r -> r != bindM)
                .min(java.util.Comparator.comparingDouble(r -> r.p90().median())).orElseThrow();
        Estimate e = Bootstrap.unpaired(SeedClaim.rounds(rival.p90Samples()), SeedClaim.rounds(bindM.p90Samples()));
        if (Math.min(rival.p90Samples().length, bindM.p90Samples().length) < 2) {
            e = new Estimate(e.ratio(), Double.NaN, Double.NaN, 1, 1, ONE_RUN);
        }
        Judgement j = new Judgement("7 µs vs 9-12 µs", 1, false, e.ratio(), e.low(), e.high(), e.rounds(), e.samples(),
                e.method());
        String vs = String.format(Locale.ROOT, "Bind-m / %s p90 %.2f× %s; ", rival.cell().name(), e.ratio(),
                e.known() ? String.format(Locale.ROOT, "[%.2f, %.2f]", e.low(), e.high()) : "(" + ONE_RUN + ")");
        if (fewest < MIN_RUNS) {
            return new Claim(CLAIM, m + vs + "not separable here: " + fewest + " run(s) per row, " + MIN_RUNS
                    + " needed for an interval (the full profile runs more)", Claim.Verdict.INCONCLUSIVE, j);
        }
        if (below) {
            return new Claim(CLAIM, m + vs + "Bind-m's interval lies below every other row's", Claim.Verdict.REPRODUCED, j);
        }
        if (above) {
            return new Claim(CLAIM, m + vs + "another row's interval lies below Bind-m's", Claim.Verdict.DIFFERS, j);
        }
        return new Claim(CLAIM, m + vs + "not separable here: the intervals overlap", Claim.Verdict.INCONCLUSIVE, j);
    }
}
