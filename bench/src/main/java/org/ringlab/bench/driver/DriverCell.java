package org.ringlab.bench.driver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.bench.util.ChildJvm;

/**
 * One cell of the driver experiment's part (a): {@code spsc} against {@code locked-list} on one
 * memory strategy, two threads and one, every round kept. Runs in this JVM ({@link #measure}),
 * or in a fresh JVM ({@link #forked}, through {@link #main}) so that the queue's calls into
 * its memory see one strategy's class only, as they would in an application.
 */
public final class DriverCell {

    /** Prefix of the lines a forked cell prints: the row index, then one value per round. */
    static final String ROW = "driver-cell-row";
    static final long TIMEOUT_SECONDS = 600;

    private DriverCell() {
    }

    /**
     * Rows: spsc two threads (records/µs), locked-list two threads, spsc one thread (ns per
     * record), locked-list one thread; a null discipline gives a row of NaN. The two disciplines
     * alternate which goes first in each round, so a burst of background load hits both alike.
     */
    static double[][] measure(DriverProfile profile, MemoryStrategy strategy, QueueDiscipline spsc,
                              QueueDiscipline locked) {
        int n = profile.repetitions();
        double[][] f = new double[4][n];
        for (double[] row : f) {
            Arrays.fill(row, Double.NaN);
        }
        try {
            for (int r = -profile.warmups(); r < n; r++) {
                boolean spscFirst = (r & 1) == 0;
                for (int k = 0; k < 2; k++) {
                    boolean doSpsc = (k == 0) == spscFirst;
                    QueueDiscipline d = doSpsc ? spsc : locked;
                    if (d == null) {
                        continue;
                    }
                    int i = doSpsc ? 0 : 1;
                    double twoThreads = DriverWorkloads.twoThreadRate(strategy, d, DriverWorkloads.POLL_ONE,
                            profile.roundNanos());
                    double oneThread = DriverWorkloads.interleaved(strategy, d, DriverWorkloads.POLL_ONE,
                            profile.interleavedRecords());
                    if (r >= 0) {
                        f[i][r] = twoThreads;
                        f[i + 2][r] = oneThread;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring " + strategy.name(), e);
        }
        return f;
    }

    /** {@link #measure} in a fresh JVM like this one; its rows parsed from the child's stdout. */
    static double[][] forked(DriverProfile profile, MemoryStrategy strategy, boolean spsc, boolean locked) {
        List<String> args = List.of(profile.name(), strategy.name(), Boolean.toString(spsc), Boolean.toString(locked));
        ChildJvm.Outcome o = ChildJvm.run(DriverCell.class.getName(), args, TIMEOUT_SECONDS);
        if (o.timedOut() || o.exitCode() != 0) {
            throw new IllegalStateException("the forked cell for " + strategy.name() + (o.timedOut()
                    ? " timed out after " + TIMEOUT_SECONDS + " s" : " exited with " + o.exitCode())
                    + ": " + String.join(" | ", o.stderr()));
        }
        return parse(o.stdout(), profile.repetitions(), strategy.name());
    }

    static List<String> format(double[][] rows) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < rows.length; i++) {
            StringBuilder b = new StringBuilder(ROW).append(' ').append(i);
            for (double v : rows[i]) {
                b.append(' ').append(Double.toString(v)); // exact round trip, NaN included
            }
            lines.add(b.toString());
        }
        return lines;
    }

    static double[][] parse(List<String> stdout, int repetitions, String strategy) {
        double[][] rows = new double[4][];
        for (String line : stdout) {
            if (!line.startsWith(ROW + " ")) {
                continue;
            }
            String[] f = line.trim().split(" ");
            int i = Integer.parseInt(f[1]);
            if (i < 0 || i >= rows.length || f.length != 2 + repetitions) {
                throw new IllegalStateException("the forked cell for " + strategy + " printed a bad row: " + line);
            }
            rows[i] = new double[repetitions];
            for (int r = 0; r < repetitions; r++) {
                rows[i][r] = Double.parseDouble(f[2 + r]);
            }
        }
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] == null) {
                throw new IllegalStateException("the forked cell for " + strategy + " printed no row " + i + ": "
                        + stdout);
            }
        }
        return rows;
    }

    /** Arguments: profile, strategy, whether spsc and locked-list are measured. Exit 2 on bad arguments. */
    public static void main(String[] args) {
        if (args.length != 4) {
            System.err.println("usage: DriverCell profile strategy spsc(true|false) locked(true|false), got "
                    + String.join(" ", args));
            System.exit(2);
        }
        DriverProfile profile = DriverProfile.named(args[0]);
        MemoryStrategy strategy = Registries.memoryStrategies().require(args[1]);
        QueueDiscipline spsc = Boolean.parseBoolean(args[2]) ? Registries.disciplines().require(DriverExperiment.SPSC)
                : null;
        QueueDiscipline locked = Boolean.parseBoolean(args[3])
                ? Registries.disciplines().require(DriverExperiment.LOCKED) : null;
        for (String line : format(measure(profile, strategy, spsc, locked))) {
            System.out.println(line);
        }
        System.out.flush();
    }
}
