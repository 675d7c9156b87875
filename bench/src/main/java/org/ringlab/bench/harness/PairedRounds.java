package org.ringlab.bench.harness;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.descriptive.Variance;
import org.ringlab.bench.util.Stats;

/**
 * The 95 % interval of a claim's ratio over paired rounds, with the round as the unit: round
 * {@code r}'s log-ratio is ln(median of its numerator repetitions ÷ median of its denominator
 * repetitions), and the interval is Student's t on those log-ratios (df = rounds − 1),
 * exponentiated: exp(mean ± t · s / √rounds). The point is the geometric mean of the rounds'
 * ratios.
 * <p>
 * Why not the percentile bootstrap of rounds ({@link Bootstrap#paired}): over 2 or 3 rounds it
 * cannot be wider than the rounds are apart, so it misses most of the round-to-round (JVM to
 * JVM) variance that dominates on a shared machine, and verdicts flipped between runs. The t
 * interval widens with the rounds' spread whatever their number. Its price with 2 rounds
 * (t = 12.7) is paid down by {@link RoundPool}, which pools the round variance over the claims
 * of one experiment whose noise is alike.
 * <p>
 * One round has no spread to measure: its estimate has a ratio but no interval, so its claim is
 * inconclusive and says why. A round whose ratio is not positive (a loss of 0 %) has no
 * logarithm; such claims keep the bootstrap, and their method says so.
 */
public final class PairedRounds {

    private PairedRounds() {
    }

    /**
     * One claim's rounds on the log scale.
     *
     * @param logRatios ln(ratio) of each round
     * @param samples   repetitions per side in all (the smaller side)
     */
    public record Cell(double[] logRatios, int samples) {

        public Cell {
            logRatios = logRatios.clone();
        }

        public int rounds() {
            return logRatios.length;
        }

        public double mean() {
            return Mean.of(logRatios).getAsDouble();
        }

        /** Sum of squared deviations from the mean (the variance's numerator): 0 for one round. */
        public double sumOfSquares() {
            return rounds() < 2 ? 0 : Variance.of(logRatios).getAsDouble() * df();
        }

        /** Degrees of freedom of its own variance. */
        public int df() {
            return rounds() - 1;
        }
    }

    /**
     * The t interval of {@code median(num) / median(den)} over paired rounds ({@code num.get(r)}
     * and {@code den.get(r)} measured back to back), from the rounds' own variance.
     */
    public static Estimate paired(List<double[]> num, List<double[]> den) {
        Cell c = cell(num, den);
        if (c == null) {
            return Bootstrap.paired(num, den);
        }
        return c.rounds() < 2 ? oneRound(c) : interval(c, c.sumOfSquares() / c.df(), c.df(), "t over " + c.rounds()
                + " rounds");
    }

    /**
     * The rounds as log-ratios, or null when the t interval does not apply (a round without a
     * finite value on either side, or a round ratio that is not positive and finite).
     */
    static Cell cell(List<double[]> num, List<double[]> den) {
        if (num.size() != den.size()) {
            throw new IllegalArgumentException("paired rounds: " + num.size() + " numerator rounds vs " + den.size()
                    + " denominator rounds");
        }
        if (num.isEmpty()) {
            return null;
        }
        double[] logs = new double[num.size()];
        int ns = 0;
        int ds = 0;
        for (int r = 0; r < logs.length; r++) {
            double[] n = finite(num.get(r));
            double[] d = finite(den.get(r));
            if (n.length == 0 || d.length == 0) {
                return null;
            }
            double ratio = Stats.median(n) / Stats.median(d);
            if (!(ratio > 0) || !Double.isFinite(ratio)) {
                return null;
            }
            logs[r] = Math.log(ratio);
            ns += n.length;
            ds += d.length;
        }
        return new Cell(logs, Math.min(ns, ds));
    }

    /** The estimate of a single round: a ratio, no interval, and why. */
    public static Estimate oneRound(Cell c) {
        return new Estimate(Math.exp(c.mean()), Double.NaN, Double.NaN, 1, c.samples(),
                "one round: no interval without a second round's spread");
    }

    /** exp(mean ± t(0.975, df) · √(variance / rounds)). */
    public static Estimate interval(Cell c, double variance, int df, String method) {
        double m = c.mean();
        double half = TDistribution.of(df).inverseCumulativeProbability(0.5 + Bootstrap.CONFIDENCE / 2) * Math.sqrt(variance / c.rounds());
        return new Estimate(Math.exp(m), Math.exp(m - half), Math.exp(m + half), c.rounds(), c.samples(), method);
    }

    static String pooledMethod(int rounds, int cells, int df) {
        return String.format(Locale.ROOT, "t over %d rounds, round variance pooled over %d claims (df %d)", rounds, cells,
                df);
    }

    private static double[] finite(double[] v) {
        return Arrays.stream(v).filter(Double::isFinite).toArray();
    }
}
