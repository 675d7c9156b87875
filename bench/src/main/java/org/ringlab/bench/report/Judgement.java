package org.ringlab.bench.report;

import java.util.Locale;

/**
 * How a claim was judged: the claimed ratio's threshold and direction, and the 95 % interval of
 * the measured ratio and how it was made. {@link #POINT} marks a claim judged on a single figure (a
 * median, a counter) without an interval: such a verdict can flip between runs, and the report
 * says so.
 *
 * @param seedFigure what the seed measured, as text ({@code "2x"}, {@code "31 % -> 0.12 %"})
 * @param threshold  the claim holds when the ratio is on this side of it
 * @param atLeast    true: the claim is "ratio >= threshold"; false: "ratio <= threshold"
 * @param ratio      the measured ratio (a t interval's: the geometric mean of the rounds' ratios of medians)
 * @param low        lower end of its 95 % interval
 * @param high       upper end
 * @param rounds     paired rounds (fork pairs, or interleaved repetition pairs) it came from
 * @param samples    repetitions per side in all
 * @param method     how the interval was made ({@code "t over 3 rounds"}), or why there is none; empty when not said
 */
public record Judgement(String seedFigure, double threshold, boolean atLeast, double ratio, double low, double high,
                        int rounds, int samples, String method) {

    /** No interval: a point verdict. */
    public static final Judgement POINT = new Judgement("", Double.NaN, true, Double.NaN, Double.NaN, Double.NaN, 0, 0);

    public Judgement {
        method = method == null ? "" : method;
    }

    /** A judgement whose interval method is not said (a file from before it was recorded). */
    public Judgement(String seedFigure, double threshold, boolean atLeast, double ratio, double low, double high,
                     int rounds, int samples) {
        this(seedFigure, threshold, atLeast, ratio, low, high, rounds, samples, "");
    }

    public boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /** {@code ">= 1.80x"} or {@code "<= 1.50x"}. */
    public String side() {
        return (atLeast ? "≥ " : "≤ ") + String.format(Locale.ROOT, "%.2f×", threshold);
    }

    /** {@code "2.31x [2.05, 2.60]"}, or "-" for a point verdict. */
    public String interval() {
        return hasInterval() ? String.format(Locale.ROOT, "%.2f× [%.2f, %.2f]", ratio, low, high) : "-";
    }
}
