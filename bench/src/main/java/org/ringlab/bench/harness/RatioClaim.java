package org.ringlab.bench.harness;

import java.util.Locale;


/**
 * A seed's claim stated so the data can judge it: a ratio of two measured figures, a threshold
 * and a direction. {@link #judge} says <b>confirmed</b> only when the whole interval of the
 * ratio is on the claim's side of the threshold, <b>differs</b> only when it is wholly on the
 * other side, and <b>inconclusive</b> (with the interval) otherwise, also when there is no
 * interval (one round). Noise can then widen an interval into "inconclusive", but, as long as the
 * interval holds the round-to-round variance ({@link PairedRounds}), it turns "confirmed" into
 * "differs" only by chance.
 *
 * @param text       the claim as the report prints it ({@code "seed 000: mirrored writes about 2x faster"})
 * @param seedFigure what the seed measured ({@code "2x"})
 * @param threshold  the ratio the claim is judged against
 * @param atLeast    true: "ratio ≥ threshold"; false: "ratio ≤ threshold"
 */
public record RatioClaim(String text, String seedFigure, double threshold, boolean atLeast) {

    public RatioClaim {
        if (!(threshold > 0) || !Double.isFinite(threshold)) {
            throw new IllegalArgumentException("claim '" + text + "': threshold must be a positive ratio, got " + threshold);
        }
    }

    public static RatioClaim atLeast(String text, String seedFigure, double threshold) {
        return new RatioClaim(text, seedFigure, threshold, true);
    }

    public static RatioClaim atMost(String text, String seedFigure, double threshold) {
        return new RatioClaim(text, seedFigure, threshold, false);
    }

    /** The verdict the interval allows. */
    public Claim.Verdict verdict(Estimate e) {
        if (!e.known()) {
            return Claim.Verdict.INCONCLUSIVE;
        }
        boolean allAbove = e.low() >= threshold;
        boolean allBelow = e.high() <= threshold;
        if (atLeast) {
            return allAbove ? Claim.Verdict.REPRODUCED : e.high() < threshold ? Claim.Verdict.DIFFERS
                    : Claim.Verdict.INCONCLUSIVE;
        }
        return allBelow ? Claim.Verdict.REPRODUCED : e.low() > threshold ? Claim.Verdict.DIFFERS
                : Claim.Verdict.INCONCLUSIVE;
    }

    /** True when more repetitions cannot change the verdict's kind: confirmed or differs. */
    public boolean decisive(Estimate e) {
        Claim.Verdict v = verdict(e);
        return v == Claim.Verdict.REPRODUCED || v == Claim.Verdict.DIFFERS;
    }

    /** The claim judged on {@code e}; {@code detail} is what was compared ({@code "doubled 812 ns/put vs mirrored 350"}). */
    public Claim judge(Estimate e, String detail) {
        Claim.Verdict v = verdict(e);
        String measured = e.known()
                ? String.format(Locale.ROOT, "%.2f× [%.2f, %.2f] (95 %%, %s)%s", e.ratio(), e.low(), e.high(),
                e.describeMethod(), detail.isEmpty() ? "" : "; " + detail)
                : unknown(e) + (detail.isEmpty() ? "" : "; " + detail);
        return new Claim(text, measured, v, new Judgement(seedFigure, threshold, atLeast, e.ratio(), e.low(), e.high(),
                e.rounds(), e.samples(), e.method()));
    }

    /** What an estimate without an interval says: its ratio and why it has no interval, or that it has nothing. */
    static String unknown(Estimate e) {
        return Double.isFinite(e.ratio()) && !e.method().isEmpty()
                ? String.format(Locale.ROOT, "%.2f×, no interval (%s)", e.ratio(), e.method())
                : "no finite samples";
    }

    /** The claim, not measured in this run, and why. */
    public Claim notMeasured(String why) {
        return new Claim(text, why, Claim.Verdict.NOT_MEASURED, new Judgement(seedFigure, threshold, atLeast, Double.NaN,
                Double.NaN, Double.NaN, 0, 0));
    }
}
