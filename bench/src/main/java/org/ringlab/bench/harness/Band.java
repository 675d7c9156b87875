package org.ringlab.bench.harness;

import java.util.Locale;

/**
 * The range of a measured figure that agrees with a seed: {@code lower ≤ x ≤ upper}. A band around
 * a seed's figure is two-sided ({@link #around}); a seed sentence that is itself one-sided ("at
 * least", "up to") gives a one-sided band ({@link #atLeast}, {@link #atMost}).
 *
 * <p>A measured interval inside the band reproduces the seed, one wholly outside differs, one that
 * straddles an edge is inconclusive ({@link #verdict}); an exact figure (a count, bytes, pages) is a
 * point interval and so is always decided.
 *
 * @param lower the lowest agreeing value, 0 for none
 * @param upper the highest, {@code +∞} for none
 */
public record Band(double lower, double upper) {

    /**
     * How far a figure may lie from the seed's, as a factor either way, for every seed alike: a
     * seed's "2×" agrees with 1.6× … 2.5×. Wide enough for another CPU and OS to land inside when
     * the mechanism is the same, narrow enough that a different mechanism (a cache effect of 5×, a
     * copy that is not there) lands outside.
     */
    public static final double WIDTH = 1.25;

    public Band {
        if (!(lower >= 0) || !(upper >= lower) || Double.isNaN(upper)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "a band needs 0 ≤ lower ≤ upper, got [%s, %s]", lower, upper));
        }
    }

    /** {@code [figure / WIDTH, figure × WIDTH]}. */
    public static Band around(double figure) {
        if (!(figure > 0) || !Double.isFinite(figure)) {
            throw new IllegalArgumentException("a band is built around a positive figure, got " + figure);
        }
        return new Band(figure / WIDTH, figure * WIDTH);
    }

    public static Band atLeast(double bound) {
        return new Band(bound, Double.POSITIVE_INFINITY);
    }

    public static Band atMost(double bound) {
        return new Band(0, bound);
    }

    public boolean hasLower() {
        return lower > 0;
    }

    public boolean hasUpper() {
        return upper != Double.POSITIVE_INFINITY;
    }

    /** Reproduced when {@code [low, high]} lies inside, differs when wholly outside, else inconclusive. */
    public Claim.Verdict verdict(double low, double high) {
        if (!Double.isFinite(low) || !Double.isFinite(high) || low > high) {
            return Claim.Verdict.INCONCLUSIVE;
        }
        if (low >= lower && high <= upper) {
            return Claim.Verdict.REPRODUCED;
        }
        if (high < lower || low > upper) {
            return Claim.Verdict.DIFFERS;
        }
        return Claim.Verdict.INCONCLUSIVE;
    }

    /** An exact figure: inside or outside, never inconclusive. */
    public Claim.Verdict verdict(double exact) {
        if (!Double.isFinite(exact)) {
            return Claim.Verdict.INCONCLUSIVE;
        }
        return exact >= lower && exact <= upper ? Claim.Verdict.REPRODUCED : Claim.Verdict.DIFFERS;
    }

    /** {@code "1.60 … 2.50"}, {@code "≥ 1.80"} or {@code "≤ 1.50"}. */
    @Override
    public String toString() {
        if (hasLower() && hasUpper()) {
            return num(lower) + " … " + num(upper);
        }
        return hasLower() ? "≥ " + num(lower) : hasUpper() ? "≤ " + num(upper) : "any";
    }

    public static String num(double v) {
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 0.1 ? "%.2f" : "%.3g", v);
    }
}
