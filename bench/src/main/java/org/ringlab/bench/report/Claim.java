package org.ringlab.bench.report;

/**
 * A seed's claim beside what this run measured, and whether they agree.
 *
 * @param claim    what the seed (or an issue's goal) says, with its number
 * @param measured what this run measured, with the number
 * @param verdict  agreement
 */
public record Claim(String claim, String measured, Verdict verdict) {

    public enum Verdict {
        /** The measurement supports the claim. */
        CONFIRMED,
        /** The measurement contradicts the claim: the report says so plainly. */
        DIFFERS,
        /** Not measurable in this run (a strategy unavailable, a profile too small). */
        NOT_MEASURED
    }
}
