package org.ringlab.bench.report;

import java.util.Locale;

/**
 * How a claim was judged: the claimed ratio's threshold and direction, and the bootstrap
 * interval of the measured ratio. {@link #POINT} marks a claim judged on a single figure (a
 * median, a counter) without an interval: such a verdict can flip between runs, and the report
 * says so.
 *
 * @param seedFigure what the seed measured, as text ({@code "2x"}, {@code "31 % -> 0.12 %"})
 * @param threshold  the claim holds when the ratio is on this side of it
 * @param atLeast    true: the claim is "ratio >= threshold"; false: "ratio <= threshold"
 * @param ratio      the measured ratio (medians of every repetition)
 * @param low        lower end of its 95 % interval
 * @param high       upper end
 * @param rounds     paired rounds (fork pairs, or interleaved repetition pairs) it came from
 * @param samples    repetitions per side in all
 */
public record Judgement(String seedFigure, double threshold, boolean atLeast, double ratio, double low, double high,
                        int rounds, int samples) {

    /** No interval: a point verdict. */
    public static final Judgement POINT = new Judgement("", Double.NaN, true, Double.NaN, Double.NaN, Double.NaN, 0, 0);

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
