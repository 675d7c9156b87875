package org.ringlab.bench.harness;

import org.apache.commons.statistics.distribution.FDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Student's t quantiles and the F test's upper tail, from Apache Commons Statistics: what a t
 * interval over a few paired rounds and the check that a claim's rounds are as noisy as its
 * pool's need. Only the argument checks are ringlab's, so a bad value is named.
 */
public final class StudentT {

    private StudentT() {
    }

    /** The {@code p} quantile (0.5 < p < 1) of Student's t with {@code df} ≥ 1 degrees of freedom. */
    public static double quantile(double p, int df) {
        if (!(p > 0.5 && p < 1) || df < 1) {
            throw new IllegalArgumentException("t quantile: need 0.5 < p < 1 and df >= 1, got p " + p + ", df " + df);
        }
        return TDistribution.of(df).inverseCumulativeProbability(p);
    }

    /** P(F > f) for F with ({@code d1}, {@code d2}) degrees of freedom: the one-sided F test's p-value. */
    public static double fUpperTail(double f, int d1, int d2) {
        if (d1 < 1 || d2 < 1) {
            throw new IllegalArgumentException("F test: need both degrees of freedom >= 1, got " + d1 + ", " + d2);
        }
        if (!(f > 0)) {
            return 1;
        }
        return FDistribution.of(d1, d2).survivalProbability(f);
    }
}
