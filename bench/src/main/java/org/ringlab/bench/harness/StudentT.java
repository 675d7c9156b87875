package org.ringlab.bench.harness;

/**
 * Student's t quantiles and the F test's upper tail, for integer degrees of freedom: what a
 * t interval over a few paired rounds and the check that a claim's rounds are as noisy as its
 * pool's need. Both come from the regularised incomplete beta function; every shape parameter
 * here is a multiple of ½, so the beta function is exact (Γ of half-integers by recursion).
 */
public final class StudentT {

    private static final double EPS = 1e-15;

    private StudentT() {
    }

    /** The {@code p} quantile (0.5 < p < 1) of Student's t with {@code df} ≥ 1 degrees of freedom. */
    public static double quantile(double p, int df) {
        if (!(p > 0.5 && p < 1) || df < 1) {
            throw new IllegalArgumentException("t quantile: need 0.5 < p < 1 and df >= 1, got p " + p + ", df " + df);
        }
        double hi = 1;
        while (cdf(hi, df) < p) {
            hi *= 2;
        }
        double lo = 0;
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** P(T ≤ t) for t ≥ 0. */
    static double cdf(double t, int df) {
        return 1 - 0.5 * incompleteBeta(df / (df + t * t), df, 1);
    }

    /** P(F > f) for F with ({@code d1}, {@code d2}) degrees of freedom: the one-sided F test's p-value. */
    public static double fUpperTail(double f, int d1, int d2) {
        if (d1 < 1 || d2 < 1) {
            throw new IllegalArgumentException("F test: need both degrees of freedom >= 1, got " + d1 + ", " + d2);
        }
        if (!(f > 0)) {
            return 1;
        }
        if (f == Double.POSITIVE_INFINITY) {
            return 0;
        }
        return incompleteBeta(d2 / (d2 + d1 * f), d2, d1);
    }

    /** I_x(a, b) with a = twoA / 2, b = twoB / 2: the regularised incomplete beta function. */
    static double incompleteBeta(double x, int twoA, int twoB) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double a = twoA / 2.0;
        double b = twoB / 2.0;
        double front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - lnBeta(twoA, twoB));
        // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
        if (x < (a + 1) / (a + b + 2)) {
            return front * fraction(x, a, b) / a;
        }
        return 1 - front * fraction(1 - x, b, a) / b;
    }

    /** The continued fraction of I_x(a, b), by the modified Lentz method. */
    private static double fraction(double x, double a, double b) {
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m < 10_000; m++) {
            double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1 + even * d;
            c = 1 + even / c;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = Math.abs(c) < tiny ? tiny : c;
            h *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1 + odd * d;
            c = 1 + odd / c;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = Math.abs(c) < tiny ? tiny : c;
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < EPS) {
                break;
            }
        }
        return h;
    }

    private static double lnBeta(int twoA, int twoB) {
        return lnGammaHalf(twoA) + lnGammaHalf(twoB) - lnGammaHalf(twoA + twoB);
    }

    /** ln Γ(k / 2) for k ≥ 1, exactly: Γ(1/2) = √π, Γ(1) = 1, Γ(x + 1) = x Γ(x). */
    static double lnGammaHalf(int k) {
        double sum = k % 2 == 1 ? 0.5 * Math.log(Math.PI) : 0;
        for (int j = k % 2 == 1 ? 1 : 2; j < k; j += 2) {
            sum += Math.log(j / 2.0);
        }
        return sum;
    }
}
