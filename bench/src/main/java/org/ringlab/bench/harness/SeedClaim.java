package org.ringlab.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;


/**
 * A seed's claim that needs more than one ratio to state (a band "within 1.25× of 1.48×" is two
 * one-sided checks; "31 % → 0.12 %, direction and order of size" is three), each check a
 * {@link RatioClaim} judged on its own interval. The claim is <b>confirmed</b> only when every
 * check is, <b>differs</b> when any check's interval lies wholly on the wrong side, else
 * <b>inconclusive</b>. A single check is exactly a {@link RatioClaim}.
 *
 * <p>Samples come as paired rounds: round {@code r} of the numerator and of the denominator
 * were measured back to back (interleaved), and the interval is {@link PairedRounds#paired}'s t
 * interval over the rounds' log-ratios. A figure judged against a constant (a loss of at least
 * 3.11 %) is its ratio to 1: {@link #figure}.
 *
 * @param text       the claim as the report prints it, with the seed's number and the thresholds
 * @param seedFigure what the seed measured ({@code "31.1 % -> 0.12 %"})
 * @param checks     its checks; the first is the headline (its interval goes into the judgement
 *                   unless another check decides the verdict)
 */
public record SeedClaim(String text, String seedFigure, List<Check> checks) {

    /**
     * One side of the claim.
     *
     * @param what     the figure ({@code "after / before delivered rate"})
     * @param side     its threshold and direction
     * @param estimate its interval in this run
     */
    public record Check(String what, RatioClaim side, Estimate estimate) {

        public Claim.Verdict verdict() {
            return side.verdict(estimate);
        }

        String describe() {
            String v = switch (verdict()) {
                case REPRODUCED -> "";
                case DIFFERS -> "NOT: ";
                default -> "UNDECIDED: ";
            };
            String interval = estimate.known()
                    ? String.format(Locale.ROOT, "%s [%s, %s]", Band.num(estimate.ratio()), Band.num(estimate.low()),
                    Band.num(estimate.high()))
                    : RatioClaim.unknown(estimate);
            return v + what + " " + interval + " (claim " + (side.atLeast() ? "≥ " : "≤ ") + Band.num(side.threshold()) + ")";
        }
    }

    public SeedClaim {
        checks = List.copyOf(checks);
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("claim '" + text + "' needs at least one check");
        }
    }

    /** Starts a claim; add checks with {@link Builder#atLeast} / {@link Builder#atMost}. */
    public static Builder of(String text, String seedFigure) {
        return new Builder(text, seedFigure);
    }

    /** Confirmed when every check is, differs when any check differs, else inconclusive. */
    public Claim.Verdict verdict() {
        if (checks.stream().anyMatch(c -> c.verdict() == Claim.Verdict.DIFFERS)) {
            return Claim.Verdict.DIFFERS;
        }
        return checks.stream().allMatch(c -> c.verdict() == Claim.Verdict.REPRODUCED) ? Claim.Verdict.REPRODUCED
                : Claim.Verdict.INCONCLUSIVE;
    }

    /** Whether more rounds cannot change the kind of verdict. */
    public boolean decisive() {
        return verdict() != Claim.Verdict.INCONCLUSIVE;
    }

    /** The check whose interval the report shows: the first that differs, else the first undecided, else the first. */
    public Check deciding() {
        for (Claim.Verdict v : List.of(Claim.Verdict.DIFFERS, Claim.Verdict.INCONCLUSIVE)) {
            for (Check c : checks) {
                if (c.verdict() == v) {
                    return c;
                }
            }
        }
        return checks.getFirst();
    }

    /** The report's claim: every check's interval in the text, the deciding one in the judgement. */
    public Claim toClaim(String detail) {
        // Checks pooled differently (one left out of its pool) each say how; alike ones say it once.
        boolean oneMethod = checks.stream().map(c -> c.estimate().describeMethod()).distinct().count() == 1;
        StringBuilder m = new StringBuilder();
        for (Check c : checks) {
            if (!m.isEmpty()) {
                m.append("; ");
            }
            m.append(c.describe());
            if (!oneMethod && c.estimate().known()) {
                m.append(" (").append(c.estimate().describeMethod()).append(')');
            }
        }
        Check d = deciding();
        Estimate e = d.estimate();
        m.append(oneMethod ? " (95 % intervals, " + e.describeMethod() + ")" : " (95 % intervals)");
        if (!detail.isEmpty()) {
            m.append("; ").append(detail);
        }
        return new Claim(text, m.toString(), verdict(), new Judgement(seedFigure, d.side().threshold(),
                d.side().atLeast(), e.ratio(), e.low(), e.high(), e.rounds(), e.samples(), e.method()));
    }

    /** The claim, not measured in this run, and why. */
    public static Claim notMeasured(String text, String seedFigure, String why) {
        return RatioClaim.atLeast(text, seedFigure, 1).notMeasured(why);
    }

    /** Rounds of one sample each: round {@code r} is {@code samples[r]}. */
    public static List<double[]> rounds(double[] samples) {
        List<double[]> out = new ArrayList<>(samples.length);
        for (double s : samples) {
            out.add(new double[] {s});
        }
        return out;
    }

    /**
     * The interval of {@code num / den}, round {@code r} of each measured together: a t interval
     * over the rounds' log-ratios, its point their geometric mean.
     */
    public static Estimate ratio(double[] num, double[] den) {
        return PairedRounds.paired(rounds(num), rounds(den));
    }

    /**
     * The interval of the ratio over paired rounds of several repetitions each (each round's
     * ratio of medians, a t interval over their logs): a round is a fork that measured both
     * sides ({@link ForkedRows#groups}).
     */
    public static Estimate ratio(List<double[]> num, List<double[]> den) {
        return PairedRounds.paired(num, den);
    }

    /** The interval of one figure (its ratio to a constant 1, the point its geometric mean), to judge it against a constant. */
    public static Estimate figure(double[] samples) {
        return figureOfForks(List.of(samples));
    }

    /**
     * Paired rounds of two figures measured together in forks ({@link ForkedRows#groups}, one
     * group per fork), on their own variance: {@link RoundPool#ratioOfForks} without a pool.
     */
    public static Estimate ratioOfForks(List<double[]> num, List<double[]> den) {
        return RoundPool.none().ratioOfForks("", num, den);
    }

    /** One figure against a constant, a fork a round, on its own variance: {@link RoundPool#figureOfForks} without a pool. */
    public static Estimate figureOfForks(List<double[]> groups) {
        return RoundPool.none().figureOfForks("", groups);
    }

    /** Builds a claim check by check. */
    public static final class Builder {
        private final String text;
        private final String seedFigure;
        private final List<Check> checks = new ArrayList<>();

        Builder(String text, String seedFigure) {
            this.text = text;
            this.seedFigure = seedFigure;
        }

        /** {@code what ≥ threshold}, judged on {@code estimate}. */
        public Builder atLeast(String what, double threshold, Estimate estimate) {
            checks.add(new Check(what, RatioClaim.atLeast(text, seedFigure, threshold), estimate));
            return this;
        }

        /** {@code what ≤ threshold}, judged on {@code estimate}. */
        public Builder atMost(String what, double threshold, Estimate estimate) {
            checks.add(new Check(what, RatioClaim.atMost(text, seedFigure, threshold), estimate));
            return this;
        }

        /** {@code low ≤ what ≤ high}: two checks on one estimate. */
        public Builder within(String what, double low, double high, Estimate estimate) {
            return atLeast(what, low, estimate).atMost(what, high, estimate);
        }

        public SeedClaim build() {
            return new SeedClaim(text, seedFigure, checks);
        }
    }
}
