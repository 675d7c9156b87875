package org.ringlab.bench.driver;

import java.time.Duration;
import java.util.Arrays;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.ForkedRows.Rows;
import org.ringlab.bench.harness.ForkedTask;
import org.ringlab.bench.report.Progress;

/**
 * One cell of the driver experiment's part (a): {@code spsc} against {@code locked-list} on one
 * memory strategy, two threads and one, every round kept. Runs in this JVM ({@link #measure}),
 * or in a fresh JVM ({@link #forked}, through {@link Fork}) so that the queue's calls into
 * its memory see one strategy's class only, as they would in an application.
 */
public final class DriverCell {

    /** Rows of {@link #measure}. */
    static final int ROWS = 6;
    static final Duration TIMEOUT = Duration.ofMinutes(10);

    private DriverCell() {
    }

    /**
     * Rows: spsc two threads (records/µs), locked-list two threads, spsc one thread (ns per
     * record), locked-list one thread, spsc's and locked-list's lock-wait share of the two
     * threads' time (0 … 1); a null discipline gives rows of NaN. The two disciplines
     * alternate which goes first in each round, so a burst of background load hits both alike.
     */
    static double[][] measure(DriverProfile profile, MemoryStrategy strategy, QueueDiscipline spsc,
                              QueueDiscipline locked) {
        int n = profile.repetitions();
        double[][] f = new double[ROWS][n];
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
                    DriverWorkloads.TwoThreadRun twoThreads = DriverWorkloads.twoThreadRun(strategy, d,
                            DriverWorkloads.POLL_ONE, profile.roundNanos());
                    double oneThread = DriverWorkloads.interleaved(strategy, d, DriverWorkloads.POLL_ONE,
                            profile.interleavedRecords());
                    if (r >= 0) {
                        f[i][r] = twoThreads.rate();
                        f[i + 2][r] = oneThread;
                        f[i + 4][r] = twoThreads.lockWaitShare();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring " + strategy.name(), e);
        }
        return f;
    }

    /** {@link #measure} in a fresh JVM like this one ({@link Fork}); its rows come back as one {@link Rows} record. */
    static double[][] forked(DriverProfile profile, MemoryStrategy strategy, boolean spsc, boolean locked,
                             Progress progress) {
        Rows rows = Fork.run(new Task(profile.name(), strategy.name(), spsc, locked), TIMEOUT,
                line -> progress.note("(child) " + line));
        if (rows.rows().length != ROWS) {
            throw new IllegalStateException("the forked cell for " + strategy.name() + " sent " + rows.rows().length
                    + " rows, expected " + ROWS);
        }
        return rows.rows();
    }

    /**
     * What a forked cell measures: profile, strategy, and whether spsc and locked-list are measured.
     */
    record Task(String profile, String strategy, boolean spsc, boolean locked) implements ForkedTask<Rows> {

        @Override
        public Rows measure() {
            QueueDiscipline s = spsc ? Registries.disciplines().require(DriverExperiment.SPSC) : null;
            QueueDiscipline l = locked ? Registries.disciplines().require(DriverExperiment.LOCKED) : null;
            return new Rows(DriverCell.measure(DriverProfile.named(profile),
                    Registries.memoryStrategies().require(strategy), s, l));
        }

        @Override
        public Class<Rows> resultType() {
            return Rows.class;
        }

        @Override
        public String describe() {
            return "driver " + strategy;
        }
    }
}
