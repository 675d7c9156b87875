package org.ringlab.bench.util;

import java.util.Arrays;

/**
 * Median and spread of repeated samples. Medians, not means: a preempted repetition on a
 * shared 2-core machine must not move the figure.
 */
public record Stats(double median, double min, double max, double q1, double q3, int n) {

    public static Stats of(double[] samples) {
        if (samples.length == 0) {
            return new Stats(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        return new Stats(quantile(s, 0.5), s[0], s[s.length - 1], quantile(s, 0.25), quantile(s, 0.75), s.length);
    }

    /** Linear interpolation between closest ranks (the R-7 / Excel definition). */
    private static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        if (h == lo || sorted[lo] == sorted[hi]) {
            return sorted[lo]; // exactly on a rank: no interpolation, so an infinite sample stays ∞, not ∞ − ∞ = NaN
        }
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
