package org.ringlab.bench.harness;

/**
 * A ratio and its percentile-bootstrap 95 % interval.
 *
 * @param ratio   the point estimate (ratio of the medians of every repetition)
 * @param low     lower end of the interval
 * @param high    upper end
 * @param rounds  groups resampled (forks, or paired rounds)
 * @param samples repetitions per side in all (the smaller side)
 */
public record Estimate(double ratio, double low, double high, int rounds, int samples) {

    /** Nothing to estimate from. */
    public static final Estimate NONE = new Estimate(Double.NaN, Double.NaN, Double.NaN, 0, 0);

    public boolean known() {
        return Double.isFinite(ratio) && Double.isFinite(low) && Double.isFinite(high);
    }

    /** True when the whole interval lies on one side of {@code threshold}. */
    public boolean excludes(double threshold) {
        return known() && (low > threshold || high < threshold);
    }
}
