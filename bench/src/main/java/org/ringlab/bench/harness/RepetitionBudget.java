package org.ringlab.bench.harness;

/**
 * How many paired rounds an experiment may add to make its claims decisive: at least
 * {@code minRounds}, then one more round at a time while a claim is inconclusive, up to
 * {@code maxRounds}, and only if that round is expected to END within {@code seconds} of the
 * experiment's wall time (its cost estimated from the rounds so far). A rule that asked only
 * whether the time had run out started a round the budget could not pay for, and a budget
 * below what the minimum rounds cost (anchors: 40 s against 59 s) never allowed one at all.
 * <p>
 * Adding rounds until an interval is decisive is optional stopping: it makes a wrong verdict
 * somewhat likelier than the nominal 2.5 % per side, which is why the rounds are capped.
 */
public record RepetitionBudget(int minRounds, int maxRounds, double seconds) {

    public RepetitionBudget {
        if (minRounds < 1 || maxRounds < minRounds || !(seconds >= 0)) {
            throw new IllegalArgumentException("repetition budget: need 1 <= minRounds <= maxRounds and seconds >= 0, got "
                    + minRounds + ", " + maxRounds + ", " + seconds);
        }
    }

    /**
     * Whether round number {@code done + 1} may run, {@code elapsedSeconds} after the experiment
     * started, when it is expected to take {@code nextRoundSeconds}: always while under the
     * minimum, else only while a claim is undecided, under the cap, and
     * {@code elapsedSeconds + nextRoundSeconds <= seconds}.
     */
    public boolean allowsAnother(int done, double elapsedSeconds, double nextRoundSeconds, boolean allDecisive) {
        if (done < minRounds) {
            return true;
        }
        return !allDecisive && done < maxRounds && elapsedSeconds + nextRoundSeconds <= seconds;
    }

    /** {@link #allowsAnother(int, double, double, boolean)} for rounds that cost alike: the next one as their mean. */
    public boolean allowsAnother(int done, double elapsedSeconds, boolean allDecisive) {
        return allowsAnother(done, elapsedSeconds, done == 0 ? 0 : elapsedSeconds / done, allDecisive);
    }
}
