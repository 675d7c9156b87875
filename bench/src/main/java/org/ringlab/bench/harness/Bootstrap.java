package org.ringlab.bench.harness;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.commons.statistics.descriptive.Median;
import org.ringlab.bench.util.Stats;

/**
 * Two-level percentile bootstrap of a ratio of medians: first the groups (forked JVMs, or
 * paired rounds) are resampled with replacement, then the repetitions inside each chosen group.
 * Resampling groups is what puts fork-to-fork (run-to-run) variance into the interval; a
 * bootstrap of repetitions alone sees only the noise inside one JVM, and on a shared two-core
 * machine that is the smaller part.
 * <p>
 * The seed is fixed, so the same samples always give the same interval.
 * <p>
 * A percentile interval is never wider than the spread of the groups it resamples, so over 2 or
 * 3 groups it misses most of the group-to-group variance: claims take their intervals from
 * {@link PairedRounds} (a t interval over the rounds) and use {@link #paired} only where a
 * round's ratio is not positive; {@code ringlab diff} still resamples forks here (docs/experiments.md).
 */
public final class Bootstrap {

    public static final int RESAMPLES = 2000;
    public static final long SEED = 0x5EED_2026L;
    public static final double CONFIDENCE = 0.95;
    /** In place: every resample is a fresh array of its own. */
    private static final Median MEDIAN = Median.withDefaults();

    private Bootstrap() {
    }

    /**
     * Paired: round {@code r} measured {@code num.get(r)} and {@code den.get(r)} back to back
     * (interleaved), so a resample takes both sides of the same rounds. Ratio = median(num) /
     * median(den) over every repetition.
     */
    public static Estimate paired(List<double[]> num, List<double[]> den) {
        if (num.size() != den.size()) {
            throw new IllegalArgumentException("paired rounds: " + num.size() + " numerator rounds vs " + den.size()
                    + " denominator rounds");
        }
        List<double[]> n = finite(num);
        List<double[]> d = finite(den);
        if (n.size() != num.size() || d.size() != den.size() || n.isEmpty()) {
            return Estimate.NONE;
        }
        double point = ratio(concat(n), concat(d));
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        int k = 0;
        int[] pick = new int[n.size()];
        for (int i = 0; i < RESAMPLES; i++) {
            for (int g = 0; g < pick.length; g++) {
                pick[g] = random.nextInt(pick.length);
            }
            double r = ratio(resample(n, pick, random), resample(d, pick, random));
            if (Double.isFinite(r)) {
                ratios[k++] = r;
            }
        }
        return estimate(point, ratios, k, n.size(), Math.min(count(n), count(d)),
                "bootstrap over " + n.size() + " rounds");
    }

    /** Unpaired (two separate runs): each side's groups are resampled independently. Ratio = median(b) / median(a). */
    public static Estimate unpaired(List<double[]> a, List<double[]> b) {
        return unpaired(a, b, null, 0);
    }

    /**
     * A reference's change between two runs, resampled once for every figure it normalises:
     * {@code point} = median(b) / median(a) over every repetition, {@code ratios} its
     * {@link #RESAMPLES} two-level resamples (children, then repetitions), in resample order.
     */
    public record Resampled(double point, double[] ratios) {

        /** The {@link #CONFIDENCE} percentile interval of the reference's B/A ({@link Estimate#NONE} when unknown). */
        public Estimate interval() {
            double[] finite = Arrays.stream(ratios).filter(Double::isFinite).toArray();
            return estimate(point, finite, finite.length, 0, 0, "");
        }
    }

    /** {@code b}'s reference against {@code a}'s (their groups: one per child JVM). */
    public static Resampled resampled(List<double[]> a, List<double[]> b) {
        List<double[]> fa = finite(a);
        List<double[]> fb = finite(b);
        if (fa.isEmpty() || fb.isEmpty()) {
            double[] ratios = new double[RESAMPLES];
            Arrays.fill(ratios, Double.NaN);
            return new Resampled(Double.NaN, ratios);
        }
        // Its own stream: the figure's resamples stay what they are without a reference.
        return new Resampled(ratio(concat(fb), concat(fa)), resampleRatios(fa, fb, ~SEED));
    }

    /**
     * Unpaired and normalised by a reference measured beside each side ({@link #resampled}):
     * ratio = median(b) / median(a) × (reference B/A)^{@code exponent}, −1 for a time (a figure
     * that slowed exactly as much as its run's reference did gives 1), +1 for a rate. Resample
     * {@code i} of the figure is combined with resample {@code i} of the reference, so the
     * reference's own noise is in the interval.
     */
    public static Estimate unpairedNormalised(List<double[]> a, List<double[]> b, Resampled reference, int exponent) {
        if (exponent != 1 && exponent != -1) {
            throw new IllegalArgumentException("a reference's exponent is -1 (a time) or +1 (a rate), got " + exponent);
        }
        return unpaired(a, b, reference, exponent);
    }

    private static Estimate unpaired(List<double[]> a, List<double[]> b, Resampled reference, int exponent) {
        List<double[]> fa = finite(a);
        List<double[]> fb = finite(b);
        boolean normalised = reference != null;
        if (fa.isEmpty() || fb.isEmpty() || normalised && !Double.isFinite(reference.point())) {
            return Estimate.NONE;
        }
        double point = ratio(concat(fb), concat(fa)) * (normalised ? Math.pow(reference.point(), exponent) : 1);
        double[] ratios = resampleRatios(fa, fb, SEED);
        int k = 0;
        for (int i = 0; i < RESAMPLES; i++) {
            double r = ratios[i];
            if (normalised) {
                r *= Math.pow(reference.ratios()[i], exponent);
            }
            if (Double.isFinite(r)) {
                ratios[k++] = r;
            }
        }
        return estimate(point, ratios, k, Math.min(fa.size(), fb.size()), Math.min(count(fa), count(fb)), "");
    }

    /**
     * {@link #RESAMPLES} two-level resamples (groups, then the values of each picked group) of
     * median(b) / median(a), from {@code seed}: the one resampling loop of the unpaired estimate
     * and of a reference's change.
     */
    private static double[] resampleRatios(List<double[]> fa, List<double[]> fb, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[RESAMPLES];
        int[] pickA = new int[fa.size()];
        int[] pickB = new int[fb.size()];
        for (int i = 0; i < RESAMPLES; i++) {
            pick(pickA, random);
            pick(pickB, random);
            ratios[i] = ratio(resample(fb, pickB, random), resample(fa, pickA, random));
        }
        return ratios;
    }

    private static void pick(int[] into, SplittableRandom random) {
        for (int g = 0; g < into.length; g++) {
            into[g] = random.nextInt(into.length);
        }
    }

    private static Estimate estimate(double point, double[] ratios, int k, int rounds, int samples, String method) {
        if (k == 0 || !Double.isFinite(point)) {
            return Estimate.NONE;
        }
        double[] r = Arrays.copyOf(ratios, k);
        Arrays.sort(r);
        double tail = (1 - CONFIDENCE) / 2;
        return new Estimate(point, r[(int) Math.floor(tail * (k - 1))], r[(int) Math.ceil((1 - tail) * (k - 1))],
                rounds, samples, method);
    }

    private static double[] resample(List<double[]> groups, int[] pick, SplittableRandom random) {
        int total = 0;
        for (int g : pick) {
            total += groups.get(g).length;
        }
        double[] out = new double[total];
        int o = 0;
        for (int g : pick) {
            double[] s = groups.get(g);
            for (int i = 0; i < s.length; i++) {
                out[o++] = s[random.nextInt(s.length)];
            }
        }
        return out;
    }

    private static double ratio(double[] num, double[] den) {
        if (num.length == 0 || den.length == 0) {
            return Double.NaN;
        }
        double d = MEDIAN.evaluate(den);
        return d == 0 ? Double.NaN : MEDIAN.evaluate(num) / d;
    }

    /** The median (Apache Commons Statistics, on a copy); NaN for no samples. */
    public static double median(double[] v) {
        return Stats.median(v);
    }

    private static List<double[]> finite(List<double[]> groups) {
        return groups.stream().map(g -> Arrays.stream(g).filter(Double::isFinite).toArray()).filter(g -> g.length > 0)
                .toList();
    }

    private static double[] concat(List<double[]> groups) {
        return groups.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    private static int count(List<double[]> groups) {
        return groups.stream().mapToInt(g -> g.length).sum();
    }
}
