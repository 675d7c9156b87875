package org.ringlab.bench.util;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Timeouts counted in waits of {@link #SLICE}, not read off the clock once. A timed wait ends
 * early when the monotonic clock jumps (a VM paused and resumed: {@code System.nanoTime()}
 * leaps by however long the pause was), so one deadline computed up front can expire in a
 * moment of real time. Here a jump ends at most one slice early; a timeout of {@code t} lasts
 * at least {@code t - SLICE} of waiting, so a paused VM does not fail a run that moved all of
 * its records as "not finished within 60 s".
 */
public final class SlicedWait {

    /** One wait; a clock jump shortens at most one of these. */
    public static final Duration SLICE = Duration.ofMillis(100);

    private SlicedWait() {
    }

    /** How many slices a timeout of {@code timeout} waits (at least one). */
    public static long slices(Duration timeout) {
        return Math.max(1, Math.ceilDiv(timeout.toNanos(), SLICE.toNanos()));
    }

    /**
     * Waits until every one of {@code threads} has ended, at most {@code slices} slices in all;
     * true when they all ended. The slices are spent as a {@link Budget}: by the clock, at most
     * one per wait, so a wait that returns early spends only what it waited. {@code
     * Thread.join(Duration)} returns at once for a thread whose state already says TERMINATED
     * while {@code isAlive()} still says alive (the moment a thread takes to exit, long on a
     * loaded machine); counting each such return as a slice once used up a 60 s timeout in 19 ms
     * of a run that had delivered every record. {@code join(long)} waits on {@code isAlive()}.
     */
    public static boolean join(long slices, Thread... threads) throws InterruptedException {
        Budget budget = new Budget(SLICE.multipliedBy(slices));
        while (true) {
            Thread alive = firstAlive(threads);
            if (alive == null) {
                return true;
            }
            if (budget.spent()) {
                return false;
            }
            alive.join(SLICE.toMillis());
        }
    }

    /** Waits until {@code process} has exited, at most {@code timeout} in slices; true when it exited. */
    public static boolean waitFor(Process process, Duration timeout) throws InterruptedException {
        long slices = slices(timeout);
        for (long s = 0; s < slices; s++) {
            if (process.waitFor(SLICE.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
        }
        return !process.isAlive();
    }

    /**
     * A time budget for a polling loop, spent by what the clock shows between two checks but
     * at most {@link #SLICE} per check: a loop that checks more often than every slice (as
     * the polling loops here do) loses at most one slice to a jump of the clock.
     */
    public static final class Budget {
        private final long limitNanos;
        private long spentNanos;
        private long last = System.nanoTime();

        public Budget(Duration limit) {
            this.limitNanos = limit.toNanos();
        }

        /** Spends the time since the last check (at most a slice); true once the budget is spent. */
        public boolean spent() {
            long now = System.nanoTime();
            spentNanos += Math.min(Math.max(0, now - last), SLICE.toNanos());
            last = now;
            return spentNanos > limitNanos;
        }
    }

    private static Thread firstAlive(Thread... threads) {
        for (Thread t : threads) {
            if (t.isAlive()) {
                return t;
            }
        }
        return null;
    }
}
