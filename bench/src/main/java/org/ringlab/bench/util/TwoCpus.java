package org.ringlab.bench.util;

import java.util.BitSet;

import org.ringlab.api.PlatformThreads;

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
        if (Platform.threads().isEmpty()) {
            return null;
        }
        return firstTwo(Platform.requireThreads().currentThreadAffinity());
    }

    /** The two lowest CPUs of {@code allowed}, or null when it has fewer than two. */
    public static int[] firstTwo(BitSet allowed) {
        int first = allowed.nextSetBit(0);
        int second = first < 0 ? -1 : allowed.nextSetBit(first + 1);
        return second < 0 ? null : new int[] {first, second};
    }

    /** Pins the calling thread to side {@code side}'s CPU (0: producer, 1: consumer); no-op with fewer than two. */
    public static void pin(int side) {
        if (CPUS != null) {
            Platform.requireThreads().pinCurrentThread(CPUS[side]);
        }
    }

    /** The calling thread's CPUs now, to give back with {@link #restore} after a measurement on it. */
    public static BitSet save() {
        return Platform.threads().map(PlatformThreads::currentThreadAffinity).orElse(null);
    }

    /** Gives back what {@link #save} returned (null: nothing was pinned). */
    public static void restore(BitSet cpus) {
        if (cpus != null) {
            Platform.requireThreads().pinCurrentThread(cpus);
        }
    }

    /** For the report's notes. */
    public static String placement() {
        return Platform.threads().isEmpty() ? "not pinned (" + Platform.unavailabilityCause() + ")"
                : CPUS == null ? "not pinned (this process may use fewer than two CPUs)"
                : "producer pinned to CPU " + CPUS[0] + ", consumer to CPU " + CPUS[1];
    }
}
