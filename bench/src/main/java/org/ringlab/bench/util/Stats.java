package org.ringlab.bench.util;

import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * Median and spread of repeated samples. Medians, not means: a preempted repetition on a
 * shared 2-core machine must not move the figure. Quantiles are Apache Commons Statistics'
 * HF7 (linear interpolation between closest ranks, as R's default and Excel), on a copy.
 */
public record Stats(double median, double min, double max, double q1, double q3, int n) {

    private static final Quantile QUANTILE = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7)
            .withCopy(true);
    private static final Median MEDIAN = Median.withDefaults().withCopy(true);

    public static Stats of(double[] samples) {
        if (samples.length == 0) {
            return new Stats(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double[] q = QUANTILE.evaluate(samples, 0, 0.25, 0.5, 0.75, 1);
        return new Stats(q[2], q[0], q[4], q[1], q[3], samples.length);
    }

    /** The median of the samples (NaN when there are none); the samples are left as they were. */
    public static double median(double[] samples) {
        return MEDIAN.evaluate(samples);
    }
}
