package org.ringlab.bench.harness;

/**
 * A claim beside what this run measured, and whether they agree: a seed's result from its
 * catalogue ({@code id} names the entry, {@code "000.write-ratio"}), or one of ringlab's own
 * goals ({@code id} starts with {@code "goal."}: against its peers Agrona, JCTools and the Disruptor,
 * fairness, a growth speed), which the report keeps apart from the seeds' results.
 *
 * @param id        the catalogue entry or goal this claim judges; empty in files that predate ids
 * @param claim     what the seed (or the goal) says, with its number
 * @param measured  what this run measured, with the number
 * @param verdict   agreement
 * @param judgement the band and interval the verdict came from, or {@link Judgement#POINT}
 */
public record Claim(String id, String claim, String measured, Verdict verdict, Judgement judgement) {

    /** The prefix of a claim id that is one of ringlab's own goals, not a seed's result. */
    public static final String GOAL = "goal.";

    public Claim {
        id = id == null ? "" : id;
    }

    public Claim(String claim, String measured, Verdict verdict, Judgement judgement) {
        this("", claim, measured, verdict, judgement);
    }

    /** A point verdict (no interval). */
    public Claim(String claim, String measured, Verdict verdict) {
        this("", claim, measured, verdict, Judgement.POINT);
    }

    /** This claim under the id {@code id}. */
    public Claim withId(String id) {
        return new Claim(id, claim, measured, verdict, judgement);
    }

    /** Whether this is one of ringlab's own goals, not a seed's result. */
    public boolean goal() {
        return id.startsWith(GOAL);
    }

    /** A claim of ringlab's own goal {@code name} ({@code "spsc-vs-agrona"}): never a seed's result. */
    public static Claim goal(String name, Claim judged) {
        return judged.withId(GOAL + name);
    }

    public enum Verdict {
        /** The whole interval lies inside the seed's band (an exact figure: the figure does). */
        @com.fasterxml.jackson.annotation.JsonAlias("CONFIRMED")
        REPRODUCED("reproduced"),
        /** The whole interval lies outside the band: the report says so plainly, beside the seed's figure. */
        DIFFERS("DIFFERS"),
        /** The interval straddles an edge of the band even after the repetition budget: no verdict. */
        INCONCLUSIVE("inconclusive"),
        /** Not measured in this run (an experiment not selected, a strategy unavailable). */
        NOT_MEASURED("not measured"),
        /** Not measurable on this kind of machine at all (hardware counters, a second NUMA node, Windows). */
        NOT_MEASURABLE("not measurable here"),
        /** A figure shown beside the seed's without a verdict (an absolute time on the seed's own hardware). */
        REPORTED("reported");

        private final String word;

        Verdict(String word) {
            this.word = word;
        }

        /** The verdict as the report states it. */
        public String word() {
            return word;
        }
    }
}
