package org.ringlab.bench.harness;

/**
 * A ratio and its 95 % interval.
 *
 * @param ratio   the point estimate (for a t interval: the geometric mean of the rounds' ratios)
 * @param low     lower end of the interval (NaN when there is none, e.g. one round)
 * @param high    upper end
 * @param rounds  groups the interval came from (forks, or paired rounds)
 * @param samples repetitions per side in all (the smaller side)
 * @param method  how the interval was made, as the report prints it ({@code "t over 3 rounds"};
 *                for an estimate without an interval, why); empty when not said
 */
public record Estimate(double ratio, double low, double high, int rounds, int samples, String method) {

    /** Nothing to estimate from. */
    public static final Estimate NONE = new Estimate(Double.NaN, Double.NaN, Double.NaN, 0, 0, "");

    public Estimate {
        method = method == null ? "" : method;
    }

    /** An estimate whose method is not said. */
    public Estimate(double ratio, double low, double high, int rounds, int samples) {
        this(ratio, low, high, rounds, samples, "");
    }

    public boolean known() {
        return Double.isFinite(ratio) && Double.isFinite(low) && Double.isFinite(high);
    }

    /** True when the whole interval lies on one side of {@code threshold}. */
    public boolean excludes(double threshold) {
        return known() && (low > threshold || high < threshold);
    }

    /** The method for the report: {@code method}, or "N rounds" when it is not said. */
    public String describeMethod() {
        return method.isEmpty() ? rounds + " rounds" : method;
    }
}
