package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;

/**
 * Every available {@link RingMemory} behaves like a plain byte array indexed by
 * {@code position mod capacity}: random writes (through {@code write}, through claim/commit,
 * and through a claim committed only in part), with gaps, wrapping many times, and windows of
 * random position and length up to the capacity, compared byte for byte with the model.
 */
class RingMemoryModelProperties {

    private static final Map<String, AtomicInteger> TRIES = new ConcurrentHashMap<>();
    private static final int MIN_TRIES_PER_STRATEGY = 10;

    /** How a write reaches the ring. */
    enum Via { WRITE, CLAIM_COMMIT, PARTIAL_COMMIT }

    /** One step: a write of a fraction of the capacity, or a window over a fraction of what the ring holds. */
    sealed interface Action permits Write, Window {
    }

    record Write(Via via, double length, double committed, boolean gap) implements Action {
    }

    record Window(double start, double length) implements Action {
    }

    @Provide
    Arbitrary<String> strategies() {
        return Arbitraries.of(Strategies.available().stream().map(MemoryStrategy::name).toList());
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).withSpecialValue(1.0).withSpecialValue(0.0);
        Arbitrary<Action> write = Combinators.combine(Arbitraries.of(Via.class), fraction, fraction,
                Arbitraries.integers().between(0, 9).map(i -> i == 0)).as(Write::new);
        Arbitrary<Action> window = Combinators.combine(fraction, fraction).as(Window::new);
        return Arbitraries.frequencyOf(
                        Tuple.of(3, write),
                        Tuple.of(2, window))
                .list().ofMinSize(1).ofMaxSize(60);
    }

    @Property(tries = 400)
    void ringMemoryMatchesByteArrayModel(@ForAll("strategies") String name,
                                         @ForAll("actions") List<Action> actions,
                                         @ForAll @IntRange(min = 1, max = 4) int pages,
                                         @ForAll @IntRange(min = 1, max = 5000) int bytes) {
        MemoryStrategy strategy = Strategies.byName(name);
        TRIES.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
        long capacity = capacityFor(strategy, pages, bytes);
        byte[] model = new byte[(int) capacity];
        long writePos = 0;
        try (RingMemory ring = Strategies.allocate(strategy, capacity)) {
            assertEquals(capacity, ring.capacity());
            for (Action action : actions) {
                if (action instanceof Write w) {
                    writePos = applyWrite(ring, model, writePos, w);
                } else if (action instanceof Window v) {
                    checkWindow(ring, model, writePos, v);
                }
            }
            // Finish with the whole history in one window once the ring has wrapped.
            if (writePos >= capacity) {
                checkWindow(ring, model, writePos, new Window(0, 1));
            }
            CopyCounters counters = ring.copyCounters();
            assertTrue(counters.extraBytes() >= 0, counters.toString());
            if (strategy.has(Capability.MIRRORED)) {
                assertEquals(CopyCounters.ZERO, counters, "a mirrored ring moves no extra byte");
            }
        }
    }

    private static long capacityFor(MemoryStrategy strategy, int units, int bytes) {
        long g = strategy.granularity();
        // Byte-granular strategies get odd sizes too; page-granular ones 1..4 pages.
        return g == 1 ? bytes : g * units;
    }

    private static long applyWrite(RingMemory ring, byte[] model, long writePos, Write w) {
        long capacity = ring.capacity();
        long length = Math.max(1, Math.round(w.length() * capacity));
        long position = writePos + (w.gap() ? length / 2 + 1 : 0);
        byte[] data = pattern(position, (int) length);
        long committed = length;
        switch (w.via()) {
            case WRITE -> ring.write(position, MemorySegment.ofArray(data));
            case CLAIM_COMMIT -> {
                MemorySegment claim = ring.claim(position, length);
                assertEquals(length, claim.byteSize());
                MemorySegment.copy(MemorySegment.ofArray(data), 0, claim, 0, length);
                ring.commit(position, length);
            }
            case PARTIAL_COMMIT -> {
                MemorySegment claim = ring.claim(position, length);
                committed = Math.round(w.committed() * length);
                MemorySegment.copy(MemorySegment.ofArray(data), 0, claim, 0, committed);
                ring.commit(position, committed);
            }
        }
        for (int i = 0; i < committed; i++) {
            model[(int) ((position + i) % capacity)] = data[i];
        }
        return position + committed;
    }

    private static void checkWindow(RingMemory ring, byte[] model, long writePos, Window v) {
        long capacity = ring.capacity();
        long lo = Math.max(0, writePos - capacity);
        long held = writePos - lo;
        long length = Math.round(v.length() * held);
        long start = lo + Math.round(v.start() * (held - length));
        MemorySegment window = ring.window(start, length);
        assertEquals(length, window.byteSize());
        assertTrue(window.isReadOnly(), "windows are read-only");
        byte[] expected = new byte[(int) length];
        for (int i = 0; i < length; i++) {
            expected[i] = model[(int) ((start + i) % capacity)];
        }
        assertArrayEquals(expected, window.toArray(ValueLayout.JAVA_BYTE),
                () -> ring.strategyName() + ": window(" + start + ", " + length + ") of a ring of " + capacity
                        + " after writing up to " + writePos);
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

    @AfterContainer
    static void everyAvailableStrategyWasTried() {
        for (MemoryStrategy s : Strategies.available()) {
            AtomicInteger n = TRIES.get(s.name());
            assertTrue(n != null && n.get() >= MIN_TRIES_PER_STRATEGY,
                    s.name() + " was tried " + n + " times; the property must cover every available strategy");
        }
    }
}
