package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

        long heldFrom() {
            return Math.max(keptFrom, writePos - capacity);
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
                    MemorySegment claim = ring.claim(position, length);
                    assertEquals(length, claim.byteSize(), "claim(" + position + ", " + length + ") size");
                    committed = via == Via.CLAIM_COMMIT ? length : Math.round(committedFraction * length);
                    MemorySegment.copy(MemorySegment.ofArray(data), 0, claim, 0, committed);
                    ring.commit(position, committed);
                    if (counts != null) {
                        counts.claimCommitted(position, length, committed, capacity);
                    }
                }
            }
            for (int i = 0; i < committed; i++) {
                int at = (int) ((position + i) % capacity);
                model[at] = data[i];
                known[at] = true;
            }
            writePos = position + committed;
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
            assertEquals(length, window.byteSize(), "window(" + start + ", " + length + ") size");
            assertTrue(window.isReadOnly(), "windows are read-only");
            byte[] expected = new byte[(int) length];
            byte[] actual = window.toArray(ValueLayout.JAVA_BYTE);
            for (int i = 0; i < length; i++) {
                int at = (int) ((start + i) % capacity);
                // A byte the ring need not keep (outside a grow's live range, never written since) matches anything.
                expected[i] = known[at] ? model[at] : actual[i];
            }
            assertArrayEquals(expected, actual, () -> ring.strategyName() + ": window("
                    + start + ", " + length + ") of a ring of " + capacity + " after writing up to " + writePos);
        }

        /** Grows to {@code factor} × the capacity keeping {@code [liveFrom, writePos)}. */
        void grow(int factor, double liveFraction) {
            GrowableRingMemory growable = (GrowableRingMemory) ring;
            long g = strategy.granularity();
            long newCapacity = Math.ceilDiv(capacity * factor, g) * g;
            long lo = heldFrom();
            long liveFrom = writePos - Math.round(liveFraction * (writePos - lo));
            growable.grow(newCapacity, liveFrom, writePos);
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
        }

        /** The invariants checked after every action. */
        void invariants() {
            assertTrue(ring.isOpen(), "the ring closed by itself");
            assertEquals(capacity, ring.capacity(), "capacity");
            CopyCounters actual = ring.copyCounters();
            if (counts != null) {
                assertEquals(counts.expected(), actual, ring.strategyName()
                        + ": copy counters differ from what the strategy documents");
            } else {
                assertEquals(List.of(), CopyCountModel.capabilityBounds(strategy, actual),
                        ring.strategyName() + ": copy counters break a capability's promise: " + actual);
            }
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
                Arbitrary<Long> gap = Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(4, Arbitraries.just(0L)),
                        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(1, s.capacity)));
                return Combinators.combine(Arbitraries.of(Via.class), length, fraction, gap).as((via, n, f, skip) ->
                        Transformer.mutate(describe(via, n, f, skip), st -> st.write(via, n, f, skip)));
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
                .withAction(2, acrossTheSeam)
                .withAction(4, windowAction)
                .withAction(1, grow)
                .withMaxTransformations(40);
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
                settings.tries(), settings.seed());
    }

    /**
     * A write starting at every offset of the ring (every offset up to 1024, then a stride so at
     * most 1024 are tried), each long enough to wrap, through write, claim/commit in turn; after
     * each, windows over the bytes either side of the seam, over the wrapped part from the start
     * of the ring, and over the whole write's last bytes.
     */
    public static void seamSweep(Cell cell, Optional<Supplier<CopyCountModel>> counts) {
        cell.assumeAvailable();
        long capacity = cell.capacity();
        long stride = Math.max(1, capacity / 1024);
        try (RingState s = new RingState(cell.strategy(), capacity, counts.map(Supplier::get).orElse(null))) {
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
    }

    /** Bytes that differ with position, so a misplaced byte shows. */
    static byte[] pattern(long position, int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            long p = position + i;
            data[i] = (byte) (p * 31 + (p >>> 8) * 17 + 1);
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
