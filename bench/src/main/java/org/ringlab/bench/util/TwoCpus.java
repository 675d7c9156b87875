package org.ringlab.bench.util;

import java.util.BitSet;

import org.ringlab.linux.LinuxThreads;

/**
 * Where the two threads of a producer/consumer measurement run: one each on the first two
 * CPUs this process may use. Unpinned on a two-core machine, the scheduler sometimes put both
 * threads on one core, where a spinning side burns the slice the other needs: the same ring
 * measured 4 or 30 records/µs from one repetition to the next.
 */
public final class TwoCpus {

    /** The two CPUs (side 0, side 1), or null when this process may use fewer than two. */
    private static final int[] CPUS = choose();

    private TwoCpus() {
    }

    private static int[] choose() {
        BitSet allowed = LinuxThreads.currentThreadAffinity();
        int first = allowed.nextSetBit(0);
        int second = first < 0 ? -1 : allowed.nextSetBit(first + 1);
        return second < 0 ? null : new int[] {first, second};
    }

    /** Pins the calling thread to side {@code side}'s CPU (0: producer, 1: consumer); no-op with fewer than two. */
    public static void pin(int side) {
        if (CPUS != null) {
            LinuxThreads.pinCurrentThread(CPUS[side]);
        }
    }

    /** The calling thread's CPUs now, to give back with {@link #restore} after a measurement on it. */
    public static BitSet save() {
        return LinuxThreads.currentThreadAffinity();
    }

    public static void restore(BitSet cpus) {
        LinuxThreads.pinCurrentThread(cpus);
    }

    /** For the report's notes. */
    public static String placement() {
        return CPUS == null ? "not pinned (this process may use fewer than two CPUs)"
                : "producer pinned to CPU " + CPUS[0] + ", consumer to CPU " + CPUS[1];
    }
}
