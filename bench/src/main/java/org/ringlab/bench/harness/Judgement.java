package org.ringlab.bench.harness;

import java.util.Locale;

/**
 * How a claim was judged: the band of agreeing values and the 95 % interval of the measured figure
 * and how it was made. {@link #POINT} marks a claim judged on a single figure without an interval.
 * An exact figure (a count of faults, pages, bytes) has {@code low == high}: it needs no interval.
 *
 * @param seedFigure what the seed measured, as text ({@code "2x"}, {@code "31 % -> 0.12 %"})
 * @param band       the measured figures that agree with the seed
 * @param ratio      the measured figure (a t interval's: the geometric mean of the rounds' ratios of medians)
 * @param low        lower end of its 95 % interval (the figure itself when exact)
 * @param high       upper end
 * @param rounds     paired rounds (fork pairs, or interleaved repetition pairs) it came from
 * @param samples    repetitions per side in all
 * @param method     how the interval was made ({@code "t over 3 rounds"}, {@code "exact count"}), or why there is
 *                   none; empty when not said
 */
public record Judgement(String seedFigure, Band band, double ratio, double low, double high, int rounds, int samples,
                        String method) {

    /** No interval: a point verdict. */
    public static final Judgement POINT = new Judgement("", Band.atLeast(0), Double.NaN, Double.NaN, Double.NaN, 0, 0,
            "");

    /** The method of an exact figure's judgement. */
    public static final String EXACT = "exact";

    public Judgement {
        method = method == null ? "" : method;
    }

    /** A one-sided judgement: {@code ratio ≥ threshold} ({@code atLeast}) or {@code ratio ≤ threshold}. */
    public Judgement(String seedFigure, double threshold, boolean atLeast, double ratio, double low, double high,
                     int rounds, int samples, String method) {
        this(seedFigure, atLeast ? Band.atLeast(threshold) : Band.atMost(threshold), ratio, low, high, rounds,
                samples, method);
    }

    /** A one-sided judgement whose interval method is not said (a file from before it was recorded). */
    public Judgement(String seedFigure, double threshold, boolean atLeast, double ratio, double low, double high,
                     int rounds, int samples) {
        this(seedFigure, threshold, atLeast, ratio, low, high, rounds, samples, "");
    }

    /** Whether the band is bounded below only ("at least"). */
    public boolean atLeast() {
        return !band.hasUpper();
    }

    /** The one side's bound: the lower bound of an "at least" band, else the upper bound. */
    public double threshold() {
        return atLeast() ? band.lower() : band.upper();
    }

    public boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /** Whether the figure is exact (a count, not a timing): judged as it is, without an interval. */
    public boolean exact() {
        return EXACT.equals(method);
    }

    /** {@code "≥ 1.80×"}, {@code "≤ 1.50×"} or {@code "1.60 … 2.50"}. */
    public String side() {
        if (band.hasLower() && band.hasUpper()) {
            return band.toString();
        }
        return (atLeast() ? "≥ " : "≤ ") + String.format(Locale.ROOT, "%.2f×", threshold());
    }

    /** {@code "2.31x [2.05, 2.60]"}, {@code "2.00 (exact)"}, or "-" for a point verdict. */
    public String interval() {
        if (!hasInterval()) {
            return "-";
        }
        return exact() ? Band.num(ratio) + " (exact)"
                : String.format(Locale.ROOT, "%s [%s, %s]", Band.num(ratio), Band.num(low), Band.num(high));
    }
}
