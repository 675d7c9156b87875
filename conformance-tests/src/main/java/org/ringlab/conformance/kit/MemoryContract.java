package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.Transformer;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The {@link RingMemory} contract as a jqwik action chain against a byte array indexed by
 * {@code position mod capacity}: writes through {@code write}, claim/commit and short commits,
 * with gaps, of every length 1..capacity; windows of any position and length over what the ring
 * holds; grows on growable rings (only the live range is kept). After every action the
 * invariants hold: the capacity is the model's, and the copy counters are exactly what the
 * strategy documents ({@link CopyCountModel}) or, for a strategy without a model, within what its
 * capabilities promise. Plus a deterministic sweep of the seam: a write and a window crossing
 * it at every offset.
 */
public final class MemoryContract {

    private MemoryContract() {
    }

    /** How a write reaches the ring. */
    enum Via { WRITE, CLAIM_COMMIT, SHORT_COMMIT }

    /** A segment handed out earlier, over {@code [start, start + length)}. */
    record Retained(MemorySegment segment, long start, long length, String what) {
    }

    /** The ring and its model, side by side; one per chain. */
    static final class RingState implements AutoCloseable {
        final MemoryStrategy strategy;
        final RingMemory ring;
        final CopyCountModel counts; // null: only the capability bounds are known
        final long initialCapacity;
        long capacity;
        byte[] model;
        /** Which offsets of the model hold a byte the ring must return (a grow drops the rest). */
        boolean[] known;
        long writePos;
        /** Positions below it are not kept (a grow dropped them). */
        long keptFrom;
        /** End of the furthest claim so far (abandoned ones too): a claim may overwrite the ring's oldest bytes. */
        long claimedTo;
        /**
         * Segments a zero-copy strategy handed out earlier (windows of a {@link Capability#ZERO_COPY_WINDOW}
         * ring, committed claims of a {@link Capability#ZERO_COPY_CLAIM} one): views of the ring
         * itself, so they must keep showing their bytes until those are overwritten.
         */
        final java.util.ArrayDeque<Retained> retained = new java.util.ArrayDeque<>();

        RingState(MemoryStrategy strategy, long capacity, CopyCountModel counts) {
            this.strategy = strategy;
            this.ring = strategy.allocate(RingSpec.ofCapacity(capacity));
            this.counts = counts;
            this.initialCapacity = capacity;
            this.capacity = capacity;
            this.model = new byte[Math.toIntExact(capacity)];
            this.known = new boolean[model.length];
            java.util.Arrays.fill(known, true); // a new ring is zeroed
        }

        /** A fresh ring's first write goes at {@code position} or later: nothing below it is held. */
        void startAt(long position) {
            writePos = position;
            keptFrom = position;
            claimedTo = position;
        }

        long heldFrom() {
            return Math.max(keptFrom, writePos - capacity);
        }

        /** Positions below it may have been overwritten, by a commit or by bytes written into a claim. */
        long overwrittenBelow() {
            return Math.max(keptFrom, Math.max(writePos, claimedTo) - capacity);
        }

        /** {@code position 12345 (ring offset 45 of 4096)}: where a byte lives, for failure messages. */
        String at(long position) {
            return "position " + position + " (ring offset " + Math.floorMod(position, capacity) + " of " + capacity + ")";
        }

        private void retain(MemorySegment segment, long start, long length, String what) {
            if (length == 0) {
                return;
            }
            if (retained.size() == 6) {
                retained.removeFirst();
            }
            retained.addLast(new Retained(segment, start, length, what));
        }

        void write(Via via, long length, double committedFraction, long gap) {
            long position = writePos + gap;
            byte[] data = pattern(position, (int) length);
            long committed = length;
            switch (via) {
                case WRITE -> {
                    ring.write(position, MemorySegment.ofArray(data));
                    if (counts != null) {
                        counts.written(position, length, capacity);
                    }
                }
                case CLAIM_COMMIT, SHORT_COMMIT -> {
                    MemorySegment claim = claim(position, length);
                    assertEquals(length, claim.byteSize(), "claim(" + position + ", " + length + ") size");
                    assertFalse(claim.isReadOnly(), "claim(" + position + ", " + length + ") is read-only");
                    committed = via == Via.CLAIM_COMMIT ? length : Math.round(committedFraction * length);
                    MemorySegment.copy(MemorySegment.ofArray(data), 0, claim, 0, committed);
                    ring.commit(position, committed);
                    if (counts != null) {
                        counts.claimCommitted(position, length, committed, capacity);
                    }
                    if (strategy.has(Capability.ZERO_COPY_CLAIM)) {
                        retain(claim.asSlice(0, committed), position, committed, "ZERO_COPY_CLAIM claim");
                    }
                }
            }
            claimedTo = Math.max(claimedTo, position + length);
            for (int i = 0; i < committed; i++) {
                int at = (int) ((position + i) % capacity);
                model[at] = data[i];
                known[at] = true;
            }
            writePos = position + committed;
        }

        /** {@code claim(position, length)}, told to the model. */
        private MemorySegment claim(long position, long length) {
            MemorySegment claim = ring.claim(position, length);
            if (counts != null) {
                counts.claimed(position, length, capacity);
            }
            return claim;
        }

        /**
         * A claim of {@code length} bytes after {@code gap}; before the caller fills it, a window
         * over bytes the ring holds that the claim does not cover ({@code startFraction} and
         * {@code lengthFraction} of them, the whole of them when both are 0: the window most likely
         * to cross the seam); then the claim filled and committed whole, and a window over it. A
         * strategy whose window moves bytes (linearize's rotation) must not move them from under
         * the claim's segment: what the caller writes after the window must still be the claim's.
         */
        void claimAroundAWindow(long gap, long length, double startFraction, double lengthFraction) {
            long position = writePos + gap;
            long lo = Math.max(heldFrom(), position + length - capacity); // the claim may cover the oldest bytes
            MemorySegment claim = claim(position, length);
            assertEquals(length, claim.byteSize(), "claim(" + position + ", " + length + ") size");
            claimedTo = Math.max(claimedTo, position + length);
            long held = writePos - lo;
            if (held > 0) {
                long n = startFraction == 0 && lengthFraction == 0 ? held : Math.max(1, Math.round(lengthFraction * held));
                checkWindow(lo + Math.round(startFraction * (held - n)), n);
            }
            byte[] data = pattern(position, (int) length);
            MemorySegment.copy(MemorySegment.ofArray(data), 0, claim, 0, length);
            ring.commit(position, length);
            if (counts != null) {
                counts.claimCommitted(position, length, length, capacity);
            }
            for (int i = 0; i < length; i++) {
                int at = (int) ((position + i) % capacity);
                model[at] = data[i];
                known[at] = true;
            }
            writePos = position + length;
            checkWindow(position, length);
        }

        /**
         * A claim of {@code abandonedLength} bytes, filled with bytes the ring must never show as
         * committed, abandoned; then a claim (or a write) {@code shift} bytes after its start
         * replaces it. The abandoned claim may have written into the ring itself (a zero-copy
         * claim is the ring), so its bytes count as unknown until they are written again.
         */
        void abandonThenWrite(long abandonedLength, long gap, long shift, Via via, long length, double committedFraction) {
            long position = writePos + gap;
            MemorySegment abandoned = claim(position, abandonedLength);
            assertEquals(abandonedLength, abandoned.byteSize(), "claim(" + position + ", " + abandonedLength + ") size");
            abandoned.fill((byte) 0xA5);
            for (long p = position; p < position + abandonedLength; p++) {
                known[(int) Math.floorMod(p, capacity)] = false;
            }
            claimedTo = Math.max(claimedTo, position + abandonedLength);
            write(via, length, committedFraction, gap + shift);
        }

        /**
         * A write of {@code length} bytes placed so that the seam falls {@code split} of the way
         * into it, then a window over its bytes after the seam (read from the start of the ring).
         */
        void writeAcrossTheSeam(Via via, long length, double split) {
            long before = Math.max(1, Math.min(length - 1, Math.round(split * length)));
            long offset = writePos % capacity;
            long gap = Math.floorMod(capacity - before - offset, capacity);
            write(via, length, 1.0, gap);
            long after = length - before;
            if (after > 0 && writePos - after >= heldFrom()) {
                checkWindow(writePos - after, after);
            }
        }

        /** A window over a fraction of what the ring holds, compared byte for byte. */
        void window(double startFraction, double lengthFraction) {
            long lo = heldFrom();
            long held = writePos - lo;
            long length = Math.round(lengthFraction * held);
            long start = lo + Math.round(startFraction * (held - length));
            checkWindow(start, length);
        }

        void checkWindow(long start, long length) {
            MemorySegment window = ring.window(start, length);
            if (counts != null) {
                counts.windowed(start, length, capacity);
            }
            assertEquals(length, window.byteSize(), () -> "window(" + start + ", " + length + ") size, at " + at(start));
            assertTrue(window.isReadOnly(), "windows are read-only");
            byte[] actual = window.toArray(ValueLayout.JAVA_BYTE);
            int wrong = firstWrongByte(start, actual);
            if (wrong >= 0) {
                throw new AssertionError(ring.strategyName() + ": window(" + start + ", " + length + ") over ring offsets "
                        + Math.floorMod(start, capacity) + ".." + Math.floorMod(start + length - 1, capacity)
                        + (Math.floorMod(start, capacity) + length > capacity ? " (across the seam)" : "")
                        + " of a ring of " + capacity + " written up to " + writePos + ": byte " + wrong + ", at "
                        + at(start + wrong) + ", is " + actual[wrong] + ", expected " + model[(int) Math.floorMod(start + wrong, capacity)]);
            }
            if (strategy.has(Capability.ZERO_COPY_WINDOW)) {
                retain(window, start, length, "ZERO_COPY_WINDOW window");
            }
        }

        /** The first byte of {@code actual} (read from {@code start}) the model says is wrong, or -1. */
        private int firstWrongByte(long start, byte[] actual) {
            for (int i = 0; i < actual.length; i++) {
                int at = (int) ((start + i) % capacity);
                // A byte the ring need not keep (outside a grow's live range, written by an abandoned claim) matches anything.
                if (known[at] && model[at] != actual[i]) {
                    return i;
                }
            }
            return -1;
        }

        /**
         * A view's first and last {@value #SAMPLE} bytes (all of it when shorter): re-reading
         * whole 1 MiB views after every action would cost more than everything else, and
         * reused scratch shows at the start of a view.
         */
        private static byte[] sampled(MemorySegment view) {
            long n = view.byteSize();
            if (n <= 2 * SAMPLE) {
                return view.toArray(ValueLayout.JAVA_BYTE);
            }
            byte[] b = new byte[2 * SAMPLE];
            MemorySegment.copy(view, ValueLayout.JAVA_BYTE, 0, b, 0, SAMPLE);
            MemorySegment.copy(view, ValueLayout.JAVA_BYTE, n - SAMPLE, b, SAMPLE, SAMPLE);
            return b;
        }

        /** The index in the view of the first sampled byte the model says is wrong, or -1. */
        private int firstWrongSample(Retained r, byte[] sample) {
            boolean whole = r.length() <= 2 * SAMPLE;
            for (int i = 0; i < sample.length; i++) {
                long inView = whole || i < SAMPLE ? i : r.length() - 2L * SAMPLE + i;
                int at = (int) ((r.start() + inView) % capacity);
                if (known[at] && model[at] != sample[i]) {
                    return (int) inView;
                }
            }
            return -1;
        }

        private static final int SAMPLE = 2048;

        /** The segments a zero-copy strategy handed out still show their bytes, unless those were overwritten. */
        void retainedStillShowTheirBytes() {
            long below = overwrittenBelow();
            retained.removeIf(r -> r.start() < below);
            for (Retained r : retained) {
                byte[] actual;
                try {
                    actual = sampled(r.segment());
                } catch (IllegalStateException e) {
                    throw new AssertionError(ring.strategyName() + ": a " + r.what() + " of " + r.length() + " bytes at "
                            + at(r.start()) + " became unusable before its bytes were overwritten: " + e.getMessage(), e);
                }
                int wrong = firstWrongSample(r, actual);
                if (wrong >= 0) {
                    throw new AssertionError(ring.strategyName() + ": a " + r.what() + " of " + r.length() + " bytes at "
                            + at(r.start()) + ", taken earlier, no longer shows its bytes after later window and claim calls"
 + " (written up to " + writePos + "): byte " + wrong + ", at " + at(r.start() + wrong) + ", is "
                            + r.segment().get(ValueLayout.JAVA_BYTE, wrong) + ", expected " + model[(int) Math.floorMod(r.start() + wrong, capacity)]
                            + " — is it scratch memory the next call reuses? Then the strategy is not zero-copy");
                }
            }
        }

        /** Grows to {@code factor} × the capacity keeping {@code [liveFrom, writePos)}. */
        void grow(int factor, double liveFraction) {
            GrowableRingMemory growable = (GrowableRingMemory) ring;
            long g = strategy.granularity();
            long newCapacity = Math.ceilDiv(capacity * factor, g) * g;
            long lo = heldFrom();
            long liveFrom = writePos - Math.round(liveFraction * (writePos - lo));
            growable.grow(newCapacity, liveFrom, writePos);
            retained.clear(); // a grow may move the ring: earlier segments may then throw
            if (counts != null) {
                counts.grew(capacity, newCapacity, liveFrom, writePos);
            }
            byte[] next = new byte[Math.toIntExact(newCapacity)];
            boolean[] nextKnown = new boolean[next.length];
            for (long p = liveFrom; p < writePos; p++) {
                next[(int) (p % newCapacity)] = model[(int) (p % capacity)];
                nextKnown[(int) (p % newCapacity)] = known[(int) (p % capacity)];
            }
            model = next;
            known = nextKnown;
            capacity = newCapacity;
            keptFrom = liveFrom;
            claimedTo = writePos;
        }

        /** The invariants checked after every action. */
        void invariants() {
            assertTrue(ring.isOpen(), "the ring closed by itself");
            assertEquals(capacity, ring.capacity(), "capacity");
            CopyCounters actual = ring.copyCounters();
            if (counts != null) {
                assertEquals(counts.expected(), actual, ring.strategyName()
                        + ": copy counters differ from what the strategy documents (its CopyCountModel)");
            }
            // Always, model or not: a model could be as wrong as the strategy it describes.
            assertEquals(List.of(), CopyCountModel.capabilityBounds(strategy, actual),
                    ring.strategyName() + ": copy counters break a capability's promise: " + actual);
            retainedStillShowTheirBytes();
        }

        @Override
        public void close() {
            ring.close();
        }

        @Override
        public String toString() {
            return ring.strategyName() + " ring of " + capacity + ", written up to " + writePos;
        }
    }

    /** The chains of one memory cell; {@code counts} supplies a fresh copy-count model per ring, or none. */
    static ActionChainArbitrary<RingState> chains(Cell cell, Optional<Supplier<CopyCountModel>> counts) {
        long capacity = cell.capacity();
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).withSpecialValue(0.0).withSpecialValue(1.0);
        Action.Dependent<RingState> write = new Action.Dependent<>() {
            @Override
            public Arbitrary<Transformer<RingState>> transformer(RingState s) {
                Arbitrary<Long> length = Arbitraries.longs().between(1, s.capacity);
                Arbitrary<Long> gap = gaps(s.capacity, 4);
                return Combinators.combine(Arbitraries.of(Via.class), length, fraction, gap).as((via, n, f, skip) ->
                        Transformer.mutate(describe(via, n, f, skip), st -> st.write(via, n, f, skip)));
            }
        };
        Action.Dependent<RingState> abandon = new Action.Dependent<>() {
            @Override
            public Arbitrary<Transformer<RingState>> transformer(RingState s) {
                Arbitrary<Long> length = Arbitraries.longs().between(1, s.capacity);
                Arbitrary<Long> gap = gaps(s.capacity, 3);
                return Combinators.combine(length, gap, fraction, Arbitraries.of(Via.class), length, fraction)
                        .as((abandoned, skip, shiftFraction, via, n, f) -> {
                            long shift = Math.round(shiftFraction * abandoned);
                            return Transformer.mutate("claim " + abandoned + (skip == 0 ? "" : " after a gap of " + skip)
                                    + ", fill it, abandon it; then " + describe(via, n, f, 0) + " " + shift
                                    + " bytes after the abandoned claim's start",
                                    st -> st.abandonThenWrite(abandoned, skip, shift, via, n, f));
                        });
            }
        };
        Action.Dependent<RingState> acrossTheSeam = new Action.Dependent<>() {
            @Override
            public boolean precondition(RingState s) {
                return s.capacity >= 2;
            }

            @Override
            public Arbitrary<Transformer<RingState>> transformer(RingState s) {
                Arbitrary<Long> length = Arbitraries.longs().between(2, s.capacity);
                return Combinators.combine(Arbitraries.of(Via.WRITE, Via.CLAIM_COMMIT), length, fraction).as((via, n, f) ->
                        Transformer.mutate(describe(via, n, 1.0, 0) + " across the seam, " + percent(f)
                                + " before it, then a window after it", st -> st.writeAcrossTheSeam(via, n, f)));
            }
        };
        Action.Dependent<RingState> claimAroundAWindow = new Action.Dependent<>() {
            @Override
            public Arbitrary<Transformer<RingState>> transformer(RingState s) {
                Arbitrary<Long> length = Arbitraries.longs().between(1, s.capacity);
                Arbitrary<Long> gap = gaps(s.capacity, 3);
                return Combinators.combine(gap, length, fraction, fraction).as((skip, n, start, f) ->
                        Transformer.mutate("claim " + n + (skip == 0 ? "" : " after a gap of " + skip) + ", a window at "
                                + percent(start) + " of the bytes it does not cover, " + percent(f)
                                + " of them long, then fill and commit the claim",
                                st -> st.claimAroundAWindow(skip, n, start, f)));
            }
        };
        Action.Independent<RingState> windowAction = new Action.Independent<>() {
            @Override
            public Arbitrary<Transformer<RingState>> transformer() {
                return Combinators.combine(fraction, fraction).as((start, length) -> Transformer.mutate(
                        "window at " + percent(start) + " of what is held, " + percent(length) + " of it long",
                        st -> st.window(start, length)));
            }
        };
        Action.Dependent<RingState> grow = new Action.Dependent<>() {
            @Override
            public boolean precondition(RingState s) {
                return s.ring instanceof GrowableRingMemory && s.capacity < 8 * s.initialCapacity;
            }

            @Override
            public Arbitrary<Transformer<RingState>> transformer(RingState s) {
                return Combinators.combine(Arbitraries.integers().between(2, 3), fraction).as((factor, live) ->
                        Transformer.mutate("grow ×" + factor + " keeping the last " + percent(live) + " of what is held",
                                st -> st.grow(factor, live)));
            }
        };
        return ActionChain.startWith(() -> ChainRunner.opened(
                        new RingState(cell.strategy(), capacity, counts.map(Supplier::get).orElse(null))))
                .withAction(4, write)
                .withAction(1, abandon)
                .withAction(2, acrossTheSeam)
                .withAction(2, claimAroundAWindow)
                .withAction(4, windowAction)
                .withAction(1, grow)
                .withMaxTransformations(40);
    }

    /** No gap {@code zeroWeight} times in {@code zeroWeight + 1}, else a gap of 1 to {@code capacity} bytes. */
    private static Arbitrary<Long> gaps(long capacity, int zeroWeight) {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(zeroWeight, Arbitraries.just(0L)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(1, capacity)));
    }

    private static String describe(Via via, long length, double committed, long gap) {
        String skip = gap == 0 ? "" : " after a gap of " + gap;
        return switch (via) {
            case WRITE -> "write " + length + skip;
            case CLAIM_COMMIT -> "claim " + length + skip + ", commit all";
            case SHORT_COMMIT -> "claim " + length + skip + ", commit " + Math.round(committed * length);
        };
    }

    private static String percent(double f) {
        return Math.round(f * 100) + "%";
    }

    /** Runs the chains of {@code cell}, the invariants checked after every action. */
    public static void check(Cell cell, Optional<Supplier<CopyCountModel>> counts, KitSettings settings) {
        cell.assumeAvailable();
        ChainRunner.run(cell.displayName(), chains(cell, counts).map(chain ->
                        chain.withInvariant("ring matches model", RingState::invariants)),
                settings);
    }

    /** How many bytes on each side of the seam the sweep tries at every offset. */
    public static final int SEAM_BYTES = 64;
    /** The fixed lengths tried at every offset near the seam (plus one random length per offset). */
    public static final List<Long> SEAM_LENGTHS = List.of(1L, 2L, 3L, 8L);
    /** What the strided part of the sweep writes in all, at most, on a large ring. */
    private static final long STRIDED_BYTES = 16L << 20;

    /**
     * The seam, deterministically. First every ring offset of the last and the first
     * {@value #SEAM_BYTES} bytes of the ring, each with the lengths {@link #SEAM_LENGTHS} and one
     * random length up to the capacity: a write there (write, claim/commit and a short commit in
     * turn) and a window over exactly it. Then windows alone at those offsets and lengths over
     * what the ring now holds (bytes written by other calls). Then the strided part elsewhere:
     * a write from every offset of the ring (every offset up to 1024, then a stride, bounded in
     * bytes on large rings) long enough to wrap, with windows either side of the seam, over the
     * wrapped part and over the write's last bytes. Copy counters and zero-copy views are
     * checked after every step.
     */
    public static void seamSweep(Cell cell, Optional<Supplier<CopyCountModel>> counts, KitSettings settings) {
        cell.assumeAvailable();
        long capacity = cell.capacity();
        java.util.Random random = new java.util.Random(settings.seed() ^ cell.displayName().hashCode());
        try (RingState s = new RingState(cell.strategy(), capacity, counts.map(Supplier::get).orElse(null))) {
            sweep(s, capacity, random);
        } catch (RuntimeException e) {
            // A strategy's own exception (an index out of bounds in its scratch…): say where.
            throw new AssertionError(cell.displayName() + ": the seam sweep failed: " + e, e);
        }
    }

    private static void sweep(RingState s, long capacity, java.util.Random random) {
        {
            List<Long> offsets = seamOffsets(capacity);
            Via[] vias = Via.values();
            int step = 0;
            for (long offset : offsets) {
                for (long length : lengths(random, capacity)) {
                    long gap = Math.floorMod(offset - s.writePos, capacity);
                    Via via = vias[step++ % vias.length];
                    // A short commit keeps at least one byte past the seam when the claim crosses it.
                    double committed = via == Via.SHORT_COMMIT ? Math.min(1.0, (capacity - offset + 1.0) / length) : 1.0;
                    long start = s.writePos + gap;
                    s.write(via, length, committed, gap);
                    s.checkWindow(start, s.writePos - start);
                    s.invariants();
                }
            }
            for (long offset : offsets) {
                for (long length : lengths(random, capacity)) {
                    long last = s.writePos - length;
                    long start = last - Math.floorMod(last - offset, capacity);
                    if (start >= s.heldFrom()) {
                        s.checkWindow(start, length);
                        s.invariants();
                    }
                }
            }
            stridedSweep(s, capacity);
            // A claim held while a window over everything else the ring holds crosses the seam:
            // the claim a quarter, half and three quarters into the ring, then at its seam.
            long length = Math.max(1, Math.min(SEAM_BYTES, capacity / 4));
            for (long offset : List.of(capacity / 4, capacity / 2, 3 * capacity / 4, capacity - length / 2)) {
                s.claimAroundAWindow(Math.floorMod(offset - s.writePos, capacity), length, 0, 0);
                s.invariants();
            }
        }
    }

    /** Ring offsets {@code N-64 .. N-1} and {@code 0 .. 63} (every offset of a ring smaller than that). */
    static List<Long> seamOffsets(long capacity) {
        java.util.TreeSet<Long> offsets = new java.util.TreeSet<>();
        for (long d = 0; d < SEAM_BYTES && d < capacity; d++) {
            offsets.add(capacity - 1 - d);
            offsets.add(d);
        }
        return List.copyOf(offsets);
    }

    private static List<Long> lengths(java.util.Random random, long capacity) {
        List<Long> lengths = new java.util.ArrayList<>();
        for (long l : SEAM_LENGTHS) {
            lengths.add(Math.min(l, capacity));
        }
        lengths.add(1 + (long) (random.nextDouble() * capacity));
        return lengths;
    }

    private static void stridedSweep(RingState s, long capacity) {
        // Each write is about capacity - offset long: bound their sum on a large ring.
        long stride = Math.max(Math.max(1, capacity / 1024), Math.ceilDiv(capacity * capacity, 2 * STRIDED_BYTES));
        for (long offset = 0; offset < capacity; offset += stride) {
            long gap = Math.floorMod(offset - s.writePos, capacity);
            long length = Math.min(capacity, capacity - offset + 1 + offset % 5);
            s.write(offset % 2 == 0 ? Via.WRITE : Via.CLAIM_COMMIT, length, 1.0, gap);
            long wrapped = s.writePos % capacity; // bytes of this write at the start of the ring
            if (wrapped > 0 && wrapped < length) {
                long seam = s.writePos - wrapped;
                s.checkWindow(seam - Math.min(3, length - wrapped), Math.min(3, length - wrapped) + Math.min(3, wrapped));
                s.checkWindow(seam, wrapped);
            }
            s.checkWindow(s.writePos - Math.min(8, length), Math.min(8, length));
            s.invariants();
        }
        s.checkWindow(s.heldFrom(), s.writePos - s.heldFrom());
        s.invariants();
    }

    /**
     * The header contract: at least {@link RingMemory#MIN_HEADER_BYTES}, aligned to 64 bytes,
     * writable, zeroed at allocation, native when the ring is, the same memory on every call, its
     * own (another ring's header is other memory), apart from the ring (filling the ring leaves
     * it alone and filling it leaves the ring alone), and, on a strategy that shares its memory
     * between processes, shared exactly as the ring is: a second allocation attached to the
     * same file sees the first one's header and ring bytes.
     */
    public static void header(Cell cell) {
        cell.assumeAvailable();
        MemoryStrategy strategy = cell.strategy();
        long capacity = cell.capacity();
        String name = strategy.name();
        try (RingState s = new RingState(strategy, capacity, null);
             RingMemory other = strategy.allocate(RingSpec.ofCapacity(capacity))) {
            MemorySegment h = s.ring.header();
            checkFreshHeader(name, h);
            if (strategy.has(Capability.NATIVE)) {
                assertTrue(h.isNative(), name + " is NATIVE but its header is not native memory: " + h);
            }
            headerPattern(h, 1);
            assertEquals(-1, s.ring.header().mismatch(h), name + ": a second header() call shows other bytes than the first");
            assertEquals(-1, other.header().mismatch(MemorySegment.ofArray(new byte[(int) other.header().byteSize()])),
                    name + ": writing one ring's header changed another ring's header: the header is not the ring's own");
            // Fill the whole ring across the seam, then the header again: neither may reach the other.
            s.write(Via.WRITE, capacity / 2 + 1, 1.0, capacity - capacity / 4);
            s.write(Via.CLAIM_COMMIT, capacity, 1.0, 0);
            assertEquals(-1, h.mismatch(patterned(h.byteSize(), 1)), name + ": writing the ring changed its header");
            headerPattern(h, 2);
            s.checkWindow(s.heldFrom(), s.writePos - s.heldFrom());
        }
        if (strategy.has(Capability.SHARED_BETWEEN_PROCESSES)) {
            java.nio.file.Path dir = Faults.tempDirectory();
            java.nio.file.Path file = dir.resolve("kit-shared-header");
            RingSpec spec = RingSpec.ofCapacity(capacity).atFile(file);
            try {
                try (RingMemory first = strategy.allocate(spec)) {
                    checkFreshHeader(name + " (a new named file " + file + ")", first.header());
                    headerPattern(first.header(), 3);
                    first.write(capacity - 2, MemorySegment.ofArray(pattern(capacity - 2, 4)));
                    try (RingMemory second = strategy.allocate(spec)) {
                        assertEquals(-1, second.header().mismatch(patterned(second.header().byteSize(), 3)), name
                                + ": a second ring attached to " + file + " does not see the first one's header");
                        assertEquals(-1, second.window(capacity - 2, 4).mismatch(MemorySegment.ofArray(pattern(capacity - 2, 4))),
                                name + ": a second ring attached to " + file + " does not see the first one's bytes at ring offsets "
                                        + (capacity - 2) + "..1 (across the seam)");
                    }
                }
            } finally {
                deleteQuietly(file);
                deleteQuietly(dir);
            }
        }
    }

    private static void checkFreshHeader(String name, MemorySegment h) {
        assertTrue(h.byteSize() >= RingMemory.MIN_HEADER_BYTES, name + ": the header has " + h.byteSize()
                + " bytes, the contract's minimum is RingMemory.MIN_HEADER_BYTES = " + RingMemory.MIN_HEADER_BYTES);
        assertTrue(h.maxByteAlignment() >= 64, name + ": the header is aligned to " + h.maxByteAlignment()
                + " bytes" + (h.isNative() ? " (address 0x" + Long.toHexString(h.address()) + ")" : "") + ", not 64");
        assertFalse(h.isReadOnly(), name + ": the header is read-only");
        long nonZero = h.mismatch(MemorySegment.ofArray(new byte[(int) h.byteSize()]));
        assertEquals(-1, nonZero, () -> name + ": the header is not zeroed at allocation: byte " + nonZero + " is "
                + h.get(ValueLayout.JAVA_BYTE, nonZero));
    }

    private static void headerPattern(MemorySegment header, int seed) {
        MemorySegment.copy(patterned(header.byteSize(), seed), 0, header, 0, header.byteSize());
    }

    private static MemorySegment patterned(long size, int seed) {
        byte[] b = new byte[(int) size];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * seed * 13 + seed);
        }
        return MemorySegment.ofArray(b);
    }

    private static void deleteQuietly(java.nio.file.Path path) {
        try {
            java.nio.file.Files.deleteIfExists(path);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot delete " + path, e);
        }
    }

    /**
     * Bytes that differ with position, so a misplaced byte shows: a multiplicative hash, because
     * a pattern linear in the position repeats with a power-of-two period (stale bytes one lap
     * old of a 64 KiB ring would then look right).
     */
    static byte[] pattern(long position, int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) (((position + i) * 0x9E3779B97F4A7C15L) >>> 56);
        }
        return data;
    }

    /** Use after close throws, never crashes; double close is harmless (also through old segments). */
    static void useAfterClose(RingMemory ring) {
        MemorySegment claimed = ring.claim(0, 1);
        ring.commit(0, 1);
        MemorySegment window = ring.window(0, 1);
        ring.close();
        assertThrows(IllegalStateException.class, () -> ring.window(0, 1));
        assertThrows(IllegalStateException.class, () -> window.get(ValueLayout.JAVA_BYTE, 0),
                "a window taken before close must not read freed memory");
        assertThrows(IllegalStateException.class, () -> claimed.set(ValueLayout.JAVA_BYTE, 0, (byte) 1),
                "a claim taken before close must not write freed memory");
        ring.close();
    }
}
