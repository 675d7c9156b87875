package org.ringlab.bench.harness;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Figures measured in several forked JVMs: for every fork, rows of repetitions
 * ({@code forks().get(f)[row][repetition]}). A part whose variants alternate inside one JVM
 * (A B, B A …) runs that JVM {@code forks} times, one after the other; each fork is a paired
 * round of the variants, so a claim's interval ({@link Bootstrap#paired} over {@link #groups})
 * and {@code diff} resample forks as well as repetitions, and JVM-to-JVM drift (JIT decisions,
 * memory placement) is inside the interval rather than outside it.
 */
public record ForkedRows(List<double[][]> forks) {

    /** What a forked part sends back: rows of repetitions, NaN kept. */
    public record Rows(double[][] rows) {
    }

    public ForkedRows {
        forks = List.copyOf(forks);
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("no forks");
        }
        int rows = forks.getFirst().length;
        for (double[][] f : forks) {
            if (f.length != rows) {
                throw new IllegalArgumentException("forks sent " + f.length + " and " + rows + " rows");
            }
        }
    }

    /**
     * Runs {@code task} {@code forks} times, each in a fresh JVM ({@link Fork#run}) when
     * {@code fork}, else in this JVM (tests, {@code --no-fork}: no fork-to-fork noise then).
     */
    public static ForkedRows run(ForkedTask<Rows> task, int forks, boolean fork, Duration timeout,
                                 Consumer<String> output) {
        return run(f -> task, forks, fork, timeout, output);
    }

    /** {@link #run} with fork {@code f}'s own task (its repetitions' order, {@link Interleaving}). */
    public static ForkedRows run(IntFunction<? extends ForkedTask<Rows>> taskOfFork, int forks, boolean fork,
                                 Duration timeout, Consumer<String> output) {
        if (forks < 1) {
            throw new IllegalArgumentException("forks must be >= 1, got " + forks);
        }
        List<double[][]> out = new ArrayList<>(forks);
        for (int f = 0; f < forks; f++) {
            ForkedTask<Rows> task = taskOfFork.apply(f);
            out.add((fork ? Fork.run(task, timeout, output) : task.measure()).rows());
        }
        return new ForkedRows(out);
    }

    public int rows() {
        return forks.getFirst().length;
    }

    /** Row {@code row}'s repetitions of every fork, fork 0 first. */
    public double[] flat(int row) {
        return forks.stream().flatMapToDouble(f -> Arrays.stream(f[row])).toArray();
    }

    /** Row {@code row}, one array of repetitions per fork: the groups {@link Bootstrap} and {@code Measurement.ofForks} take. */
    public List<double[]> groups(int row) {
        return forks.stream().map(f -> f[row].clone()).toList();
    }

    /**
     * Row {@code row} as a claim's paired rounds ({@link Bootstrap#paired}): one round per fork,
     * or, from a single JVM, one round per repetition (its variants alternated repetition by
     * repetition, so repetition {@code r} of each side ran back to back).
     */
    public List<double[]> rounds(int row) {
        return forks.size() == 1 ? SeedClaim.rounds(forks.getFirst()[row]) : groups(row);
    }

    /** Per fork, element-wise {@code num[i] / den[i]} of two rows measured together. */
    public List<double[]> ratioGroups(int num, int den) {
        return forks.stream().map(f -> {
            double[] r = new double[Math.min(f[num].length, f[den].length)];
            for (int i = 0; i < r.length; i++) {
                r[i] = f[num][i] / f[den][i];
            }
            return r;
        }).toList();
    }
}
