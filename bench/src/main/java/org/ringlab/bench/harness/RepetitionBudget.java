package org.ringlab.bench.harness;

/**
 * How many paired rounds an experiment may add to make its claims decisive: at least
 * {@code minRounds}, then one more round at a time while a claim is inconclusive, up to
 * {@code maxRounds} or until {@code seconds} of the experiment's wall time are spent.
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

    /** Whether round number {@code done + 1} may run, {@code elapsedSeconds} after the experiment started. */
    public boolean allowsAnother(int done, double elapsedSeconds, boolean allDecisive) {
        if (done < minRounds) {
            return true;
        }
        return !allDecisive && done < maxRounds && elapsedSeconds < seconds;
    }
}
