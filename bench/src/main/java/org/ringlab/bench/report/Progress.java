package org.ringlab.bench.report;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress line of a long run: experiment k of n, combination i of m, elapsed and an
 * estimate of what remains (from the mean time per combination so far). Written to stderr so
 * the tables on stdout stay clean.
 */
public final class Progress {

    private final PrintWriter err;
    private final long runStart = System.nanoTime();
    private int experimentIndex;
    private int experimentCount = 1;
    private String experiment = "";
    private int combinations;
    private int done;
    private long experimentStart;

    public Progress(PrintWriter err) {
        this.err = err;
    }

    /** A new experiment, {@code index} of {@code count} (1-based). */
    public void experiment(String id, int index, int count) {
        this.experiment = id;
        this.experimentIndex = index;
        this.experimentCount = count;
        this.combinations = 0;
        this.done = 0;
        this.experimentStart = System.nanoTime();
        err.printf(Locale.ROOT, "== [%d/%d] %s (elapsed %s)%n", index, count, id, clock(System.nanoTime() - runStart));
        err.flush();
    }

    /** How many combinations the current experiment will measure. */
    public void plan(int combinations) {
        this.combinations = combinations;
        this.done = 0;
    }

    /** Starting one combination, named readably ({@code spsc × mirrored-memfd × 64 B}). */
    public void step(String combination) {
        done++;
        if (combinations > 0 && done > combinations) {
            combinations = done; // a step beyond the plan (a round added while a claim was undecided) grows it
        }
        long now = System.nanoTime();
        String remaining = "";
        if (done > 1 && combinations >= done) {
            long perStep = (now - experimentStart) / (done - 1);
            remaining = ", ~" + clock(perStep * (combinations - done + 1)) + " left in " + experiment;
        }
        err.printf(Locale.ROOT, "[%d/%d %s] %d/%s %s (elapsed %s%s)%n", experimentIndex, experimentCount, experiment,
                done, combinations > 0 ? Integer.toString(combinations) : "?", combination,
                clock(now - runStart), remaining);
        err.flush();
    }

    /** A free-form note (a skipped combination, a retry). */
    public void note(String message) {
        err.println("  " + message);
        err.flush();
    }

    static String clock(long nanos) {
        long s = nanos / 1_000_000_000L;
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
