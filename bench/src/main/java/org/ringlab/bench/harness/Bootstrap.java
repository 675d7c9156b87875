package org.ringlab.bench.harness;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

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
        return estimate(ratio(concat(n), concat(d)), resampleRatios(n, d, SEED, true), n.size(),
                Math.min(count(n), count(d)), "bootstrap over " + n.size() + " rounds");
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
            return estimate(point, ratios, 0, 0, "");
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
        return new Resampled(ratio(concat(fb), concat(fa)), resampleRatios(fb, fa, ~SEED, false));
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
        double[] ratios = resampleRatios(fb, fa, SEED, false);
        for (int i = 0; normalised && i < RESAMPLES; i++) {
            ratios[i] *= Math.pow(reference.ratios()[i], exponent);
        }
        return estimate(point, ratios, Math.min(fa.size(), fb.size()), Math.min(count(fa), count(fb)), "");
    }

    /**
     * {@link #RESAMPLES} two-level resamples (groups, then the values of each picked group) of
     * median(num) / median(den), from {@code seed}. Paired: one pick of rounds serves both sides;
     * unpaired: the denominator's groups are picked first, then the numerator's.
     */
    private static double[] resampleRatios(List<double[]> num, List<double[]> den, long seed, boolean paired) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            int[] pickDen = paired ? null : pick(den.size(), random);
            int[] pickNum = pick(num.size(), random);
            ratios[i] = ratio(resample(num, pickNum, random), resample(den, paired ? pickNum : pickDen, random));
        }
        return ratios;
    }

    private static int[] pick(int groups, SplittableRandom random) {
        int[] picked = new int[groups];
        Arrays.setAll(picked, g -> random.nextInt(groups));
        return picked;
    }

    /**
     * The percentile interval of the finite resamples, its ends the order statistics at
     * (k − 1)·2.5 % rounded down and (k − 1)·97.5 % rounded up: outward, never narrower.
     */
    private static Estimate estimate(double point, double[] ratios, int rounds, int samples, String method) {
        double[] r = Arrays.stream(ratios).filter(Double::isFinite).sorted().toArray();
        if (r.length == 0 || !Double.isFinite(point)) {
            return Estimate.NONE;
        }
        double tail = (1 - CONFIDENCE) / 2;
        int last = r.length - 1;
        return new Estimate(point, r[(int) Math.floor(tail * last)], r[(int) Math.ceil((1 - tail) * last)], rounds,
                samples, method);
    }

    private static double[] resample(List<double[]> groups, int[] pick, SplittableRandom random) {
        double[] out = new double[Arrays.stream(pick).map(g -> groups.get(g).length).sum()];
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
        double d = Stats.median(den);
        return num.length == 0 || d == 0 || Double.isNaN(d) ? Double.NaN : Stats.median(num) / d;
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
