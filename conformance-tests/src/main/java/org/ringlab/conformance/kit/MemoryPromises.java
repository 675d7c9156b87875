package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.DoubledViewMemory;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Promises of the {@code MemoryStrategy}/{@code RingMemory} SPI that the chains and the sweep,
 * run at position 0 on the matrix's capacities, let a wrong strategy keep quietly; one check
 * each, per strategy, on one small ring:
 * <ul>
 *   <li>{@link #viewsAfterClose}: every kind of segment the memory hands out (a window across
 *       the seam, a staged claim, the header, the lap, doubled and mirror views) throws
 *       {@link IllegalStateException} after close, not only in-place slices;</li>
 *   <li>{@link #farPositions}: positions are 64-bit: writes and windows across the seam from
 *       positions near 2<sup>31</sup>, 2<sup>32</sup> and a large random long (a ring mapping
 *       positions with 32-bit arithmetic fails there);</li>
 *   <li>{@link #capacitiesOfTheGranularity}: a capacity the stated granularity allows is
 *       accepted and works at its seam (for granularity 1, capacities that are not multiples
 *       of 8);</li>
 *   <li>{@link #copiesAreCounted}: a window across the seam that turns out to be a copy (it
 *       does not show a later write of its bytes), or a claim across the seam that turns out
 *       to be staged (writing into it after its commit does not reach the ring), moves the
 *       copy counters: a strategy that copies must count, model or not;</li>
 *   <li>{@link #selfDescription}: a ring answers the allocating strategy's name, capabilities
 *       and granularity.</li>
 * </ul>
 */
public final class MemoryPromises {

    /** The large positions the far-position check starts from (the third is drawn from the seed). */
    static final long NEAR_2_31 = 1L << 31;
    static final long NEAR_2_32 = 1L << 32;

    private MemoryPromises() {
    }

    /** The smallest capacity of the strategy's granularity holding at least 4 KiB. */
    static long smallCapacity(MemoryStrategy s) {
        long g = s.granularity();
        return Math.max(g, Math.ceilDiv(4096, g) * g);
    }

    private static void assumeAvailable(MemoryStrategy s) {
        Assumptions.assumeTrue(s.availability().isAvailable(),
                () -> "skipped: " + s.name() + " is unavailable: " + s.availability().reason());
    }

    /** Every kind of segment handed out before close throws {@link IllegalStateException} through it after close. */
    public static void viewsAfterClose(MemoryStrategy s) {
        assumeAvailable(s);
        long n = smallCapacity(s);
        RingMemory ring = s.allocate(RingSpec.ofCapacity(n));
        List<String> open = new ArrayList<>();
        List<Executable> accesses = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try {
            fillTwoLapsAndEight(ring, n);
            MemorySegment inPlace = ring.window(n + n / 2, 8);
            MemorySegment crossing = ring.window(2 * n - 8, 16); // 8 bytes before the seam, 8 after
            MemorySegment header = ring.header();
            MemorySegment committed = ring.claim(3 * n - 8, 16);
            ring.commit(3 * n - 8, 16);
            MemorySegment staged = ring.claim(4 * n - 8, 16); // across the seam, outstanding at close
            add(names, accesses, "a window in place", () -> inPlace.get(ValueLayout.JAVA_BYTE, 0));
            add(names, accesses, "a window across the seam", () -> crossing.get(ValueLayout.JAVA_BYTE, 0));
            add(names, accesses, "a committed claim across the seam", () -> committed.get(ValueLayout.JAVA_BYTE, 0));
            add(names, accesses, "an outstanding claim across the seam", () -> staged.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            add(names, accesses, "the header", () -> header.get(ValueLayout.JAVA_BYTE, 0));
            if (ring instanceof LapViewMemory lap) {
                MemorySegment view = lap.lapView();
                MemorySegment slice = view.asSlice(n / 2, 8);
                add(names, accesses, "the lap view", () -> view.get(ValueLayout.JAVA_BYTE, 0));
                add(names, accesses, "a slice of the lap view", () -> slice.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            }
            if (ring instanceof DoubledViewMemory doubled) {
                MemorySegment view = doubled.doubledView();
                add(names, accesses, "the doubled view", () -> view.get(ValueLayout.JAVA_BYTE, 2 * n - 1));
            }
            if (ring instanceof MirrorViewMemory mirrored) {
                MemorySegment view = mirrored.mirrorView();
                add(names, accesses, "the mirror view", () -> view.get(ValueLayout.JAVA_BYTE, 2 * n - 1));
            }
        } finally {
            ring.close();
        }
        for (int i = 0; i < accesses.size(); i++) {
            try {
                accesses.get(i).execute();
                open.add(names.get(i) + " still reads or writes");
            } catch (IllegalStateException expected) {
                // the contract
            } catch (Throwable other) {
                open.add(names.get(i) + " threw " + other);
            }
        }
        assertEquals(List.of(), open, s.name() + ": after RingMemory.close() these segments taken before it did not throw"
                + " IllegalStateException (memory the ring released, or scratch it never released)");
    }

    /** Positions {@code [0, 2n + 8)} written with the kit's pattern, a lap at a time. */
    private static void fillTwoLapsAndEight(RingMemory ring, long n) {
        ring.write(0, MemorySegment.ofArray(MemoryContract.pattern(0, (int) n)));
        ring.write(n, MemorySegment.ofArray(MemoryContract.pattern(n, (int) n)));
        ring.write(2 * n, MemorySegment.ofArray(MemoryContract.pattern(2 * n, 8)));
    }

    private static void add(List<String> names, List<Executable> accesses, String name, Executable access) {
        names.add(name);
        accesses.add(access);
    }

    /**
     * From positions near 2<sup>31</sup>, 2<sup>32</sup> and a large random long: writes, claims
     * and short commits at every ring offset of the last and first 16 bytes, each read back by
     * a window, then a window over everything the ring holds; copy counters against the model
     * (if any) and the capabilities after each.
     */
    public static void farPositions(MemoryStrategy s, Optional<Supplier<CopyCountModel>> counts, KitSettings settings) {
        assumeAvailable(s);
        long n = smallCapacity(s);
        java.util.Random random = new java.util.Random(settings.seed() ^ s.name().hashCode());
        long drawn = (1L << 40) + (long) (random.nextDouble() * (1L << 60));
        for (long far : List.of(NEAR_2_31, NEAR_2_32, drawn)) {
            // Starts a lap and a half before the large position, so the writes cross it.
            long start = far - n - n / 2;
            try (MemoryContract.RingState st = new MemoryContract.RingState(s, n, counts.map(Supplier::get).orElse(null))) {
                st.startAt(start);
                sweepNearTheSeam(st, n, 16, random);
                st.checkWindow(st.heldFrom(), st.writePos - st.heldFrom());
                st.invariants();
            } catch (RuntimeException e) {
                throw new AssertionError(s.name() + ": a ring of " + n + " written from position " + start + " (near "
                        + far + ") failed: " + e, e);
            }
        }
    }

    /** Writes (each way in turn) at every ring offset of the last and first {@code bytes} bytes, lengths 1, 3, 8 and a random one. */
    private static void sweepNearTheSeam(MemoryContract.RingState st, long n, int bytes, java.util.Random random) {
        MemoryContract.Via[] vias = MemoryContract.Via.values();
        int step = 0;
        for (int lap = 0; lap < 2; lap++) {
            for (long d = -bytes; d < bytes; d++) {
                long offset = Math.floorMod(d, n);
                for (long length : new long[] {1, 3, Math.min(8, n), 1 + (long) (random.nextDouble() * n)}) {
                    long gap = Math.floorMod(offset - st.writePos, n);
                    MemoryContract.Via via = vias[step++ % vias.length];
                    double committed = via == MemoryContract.Via.SHORT_COMMIT ? Math.min(1.0, (n - offset + 1.0) / length) : 1.0;
                    long from = st.writePos + gap;
                    st.write(via, length, committed, gap);
                    st.checkWindow(from, st.writePos - from);
                    st.invariants();
                }
            }
        }
    }

    /**
     * Capacities the granularity allows beyond the matrix's: for granularity 1 the odd 4,097
     * and 12,281 bytes (the matrix's are multiples of 8), otherwise 5 and 7 units. Each is
     * accepted, reports itself, and keeps its bytes at and across the seam.
     */
    public static void capacitiesOfTheGranularity(MemoryStrategy s, Optional<Supplier<CopyCountModel>> counts,
                                                  KitSettings settings) {
        assumeAvailable(s);
        long g = s.granularity();
        List<Long> capacities = g == 1 ? List.of(4097L, 12281L) : List.of(5 * g, 7 * g);
        java.util.Random random = new java.util.Random(settings.seed() ^ s.name().hashCode());
        for (long n : capacities) {
            try (MemoryContract.RingState st = new MemoryContract.RingState(s, n, counts.map(Supplier::get).orElse(null))) {
                assertEquals(n, st.ring.capacity(), s.name() + ": capacity() of a ring allocated with capacity " + n);
                sweepNearTheSeam(st, n, 16, random);
                st.checkWindow(st.heldFrom(), st.writePos - st.heldFrom());
                st.invariants();
            } catch (IllegalArgumentException e) {
                throw new AssertionError(s.name() + " states granularity " + g + " but refused capacity " + n + ": " + e, e);
            } catch (RuntimeException e) {
                throw new AssertionError(s.name() + " (granularity " + g + "): a ring of " + n + " failed at its seam: " + e, e);
            }
        }
    }

    /**
     * A window across the seam that is a copy, or a claim across the seam that is staged, must
     * move the copy counters. Found by behaviour: the window is a copy when a later write of its
     * positions does not show in it; the claim is staged when a byte written into it after its
     * commit does not reach the ring.
     */
    public static void copiesAreCounted(MemoryStrategy s) {
        assumeAvailable(s);
        long n = smallCapacity(s);
        try (RingMemory ring = s.allocate(RingSpec.ofCapacity(n))) {
            long at = 2 * n - 8; // 8 bytes before the seam, 8 after
            fillTwoLapsAndEight(ring, n);
            CopyCounters before = ring.copyCounters();
            MemorySegment window = ring.window(at, 16);
            byte[] seen = window.toArray(ValueLayout.JAVA_BYTE);
            CopyCounters afterWindow = ring.copyCounters();
            ring.write(at + 16, MemorySegment.ofArray(MemoryContract.pattern(at + 16, (int) (n - 16))));
            byte[] next = MemoryContract.pattern(at + n, 16);
            ring.write(at + n, MemorySegment.ofArray(next)); // the window's ring offsets, a lap on
            byte[] later = readOrNull(window);
            boolean copied = later != null && java.util.Arrays.equals(later, seen) && !java.util.Arrays.equals(seen, next);
            if (copied && afterWindow.equals(before)) {
                throw new AssertionError(s.name() + ": window(" + at + ", 16) across the seam of a ring of " + n
                        + " is a copy (it did not show a later write of its positions) but the copy counters did not move: "
                        + before + "; a strategy that copies must count what it copies");
            }
            long claimAt = at + 2 * n;
            CopyCounters beforeClaim = ring.copyCounters();
            MemorySegment claim = ring.claim(claimAt, 16);
            byte[] claimed = MemoryContract.pattern(claimAt, 16);
            MemorySegment.copy(MemorySegment.ofArray(claimed), 0, claim, 0, 16);
            ring.commit(claimAt, 16);
            CopyCounters afterCommit = ring.copyCounters();
            boolean written = writeOrFalse(claim, (byte) (claimed[15] ^ 0x5A));
            byte last = ring.window(claimAt + 15, 1).get(ValueLayout.JAVA_BYTE, 0);
            boolean staged = written && last == claimed[15];
            if (staged && afterCommit.equals(beforeClaim)) {
                throw new AssertionError(s.name() + ": claim(" + claimAt + ", 16) across the seam of a ring of " + n
                        + " is staged (a byte written into it after its commit did not reach the ring) but the copy"
                        + " counters never moved: " + afterCommit + "; a strategy that copies must count what it copies");
            }
        }
    }

    private static byte[] readOrNull(MemorySegment segment) {
        try {
            return segment.toArray(ValueLayout.JAVA_BYTE);
        } catch (IllegalStateException invalidated) {
            return null; // a window the strategy invalidates: nothing to learn from it
        }
    }

    private static boolean writeOrFalse(MemorySegment segment, byte value) {
        try {
            segment.set(ValueLayout.JAVA_BYTE, 15, value);
            return true;
        } catch (IllegalStateException | UnsupportedOperationException | IllegalArgumentException invalidated) {
            return false; // a claim the strategy invalidates at commit
        }
    }

    /** A ring answers its strategy's name, capabilities and granularity. */
    public static void selfDescription(MemoryStrategy s) {
        assumeAvailable(s);
        try (RingMemory ring = s.allocate(RingSpec.ofCapacity(smallCapacity(s)))) {
            assertEquals(s.name(), ring.strategyName(), s.name() + ": strategyName() of its ring");
            assertEquals(s.capabilities(), ring.capabilities(), s.name() + ": capabilities() of its ring (the strategy's)");
            assertEquals(s.granularity(), ring.granularity(), s.name() + ": granularity() of its ring (the strategy's)");
        }
    }
}
