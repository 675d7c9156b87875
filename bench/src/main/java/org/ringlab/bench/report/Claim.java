package org.ringlab.bench.report;

/**
 * A seed's claim beside what this run measured, and whether they agree.
 *
 * @param claim     what the seed (or an issue's goal) says, with its number
 * @param measured  what this run measured, with the number
 * @param verdict   agreement
 * @param judgement the threshold, direction and interval the verdict came from, or
 *                  {@link Judgement#POINT} for a verdict on a single figure
 */
public record Claim(String claim, String measured, Verdict verdict, Judgement judgement) {

    /** A point verdict (no interval); new claims should be judged by {@code harness.RatioClaim}. */
    public Claim(String claim, String measured, Verdict verdict) {
        this(claim, measured, verdict, Judgement.POINT);
    }

    public enum Verdict {
        /** The whole interval is on the claim's side (or, for a point verdict, the figure is). */
        CONFIRMED,
        /** The whole interval is on the other side: the report says so plainly. */
        DIFFERS,
        /** The interval straddles the threshold even after the repetition budget: no verdict. */
        INCONCLUSIVE,
        /** Not measurable in this run (a strategy unavailable, a profile too small). */
        NOT_MEASURED
    }
}
