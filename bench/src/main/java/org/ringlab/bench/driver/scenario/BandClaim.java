package org.ringlab.bench.driver.scenario;

import java.util.List;
import java.util.Locale;

import org.ringlab.bench.report.Claim;
import org.ringlab.bench.util.Cells;
import org.ringlab.bench.util.Stats;

/**
 * A seed's claim stated so the data can judge it: one or more checks, each a figure's samples
 * (one per repetition; ratios are per paired repetition) and the band [low, high] it must lie
 * in. Confirmed when every check's median lies in its band; the harness may judge the same
 * bands on a bootstrap interval of the samples instead ({@link #checks()} carries them).
 *
 * @param claim  what the seed says, with its figure and the bands used
 * @param checks the figures and their bands
 */
public record BandClaim(String claim, List<Check> checks) {

    /**
     * @param what    the figure (e.g. {@code "after / before delivered rate"})
     * @param unit    its unit
     * @param seed    the seed's value
     * @param low     lowest value that agrees (may be -∞)
     * @param high    highest value that agrees (may be +∞)
     * @param samples this run's values, one per repetition
     */
    public record Check(String what, String unit, double seed, double low, double high, double[] samples) {

        public Check {
            samples = samples.clone();
        }

        public double median() {
            return Stats.of(samples).median();
        }

        public boolean holds() {
            double m = median();
            return !Double.isNaN(m) && m >= low && m <= high;
        }

        String describe() {
            Stats s = Stats.of(samples);
            String band = Double.isInfinite(low) ? "≤ " + Cells.fmt(high) : Double.isInfinite(high)
                    ? "≥ " + Cells.fmt(low) : Cells.fmt(low) + " … " + Cells.fmt(high);
            return String.format(Locale.ROOT, "%s %s%s [%s..%s] (seed %s, agrees if %s)", what, Cells.fmt(s.median()),
                    unit, Cells.fmt(s.min()), Cells.fmt(s.max()), Cells.fmt(seed) + unit, band + unit);
        }
    }

    public BandClaim {
        checks = List.copyOf(checks);
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("a claim needs at least one check: " + claim);
        }
    }

    public boolean holds() {
        return checks.stream().allMatch(Check::holds);
    }

    /** Today's report claim. */
    public Claim toClaim() {
        StringBuilder m = new StringBuilder();
        for (Check c : checks) {
            if (!m.isEmpty()) {
                m.append("; ");
            }
            m.append(c.holds() ? "" : "NOT: ").append(c.describe());
        }
        return new Claim(claim, m.toString(), holds() ? Claim.Verdict.CONFIRMED : Claim.Verdict.DIFFERS);
    }
}
