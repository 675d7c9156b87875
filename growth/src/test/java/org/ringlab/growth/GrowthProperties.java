package org.ringlab.growth;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Any sequence of appends reads back byte-identical, on every discovered growth strategy, with
 * any initial capacity and growth factor; and the counters keep each strategy's promises.
 */
class GrowthProperties {

    @Provide
    Arbitrary<GrowthStrategy> strategies() {
        return Arbitraries.of(GrowthStrategies.available());
    }

    @Provide
    Arbitrary<List<Integer>> appends() {
        // Mostly small appends, some of several pages, some empty.
        Arbitrary<Integer> length = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(0, 300)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(300, 9000)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(9000, 40_000)));
        return length.list().ofMaxSize(30);
    }

    @Property(tries = 300)
    void anyAppendSequenceReadsBackByteIdentical(@ForAll("strategies") GrowthStrategy strategy,
                                                 @ForAll("appends") List<Integer> appends,
                                                 @ForAll @IntRange(min = 1, max = 20_000) int initialCapacity,
                                                 @ForAll @IntRange(min = 1, max = 3) int factor,
                                                 @ForAll @Size(max = 1) List<@IntRange(min = 0, max = 4096) Integer> slack) {
        long total = appends.stream().mapToLong(Integer::longValue).sum();
        long max = Math.max(initialCapacity, total) + (slack.isEmpty() ? 0 : slack.getFirst());
        ByteArrayOutputStream model = new ByteArrayOutputStream();
        try (GrowableBuffer buffer = strategy.allocate(initialCapacity, new GrowthPolicy(factor, max))) {
            long expectedMoved = 0;
            for (int i = 0; i < appends.size(); i++) {
                byte[] bytes = bytes(i, appends.get(i));
                long sizeBefore = buffer.size();
                long movesBefore = buffer.counters().moves();
                buffer.append(MemorySegment.ofArray(bytes));
                model.writeBytes(bytes);
                if (buffer.counters().moves() > movesBefore) {
                    expectedMoved += sizeBefore;
                }
                assertEquals(model.size(), buffer.size());
                assertTrue(buffer.size() <= buffer.capacity() && buffer.capacity() <= max,
                        "size " + buffer.size() + ", capacity " + buffer.capacity() + ", max " + max);
            }
            assertArrayEquals(model.toByteArray(), buffer.contents().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            checkPromises(strategy, buffer.counters(), expectedMoved);
        }
    }

    /** What the traits and the strategy's kind promise about the counters. */
    static void checkPromises(GrowthStrategy strategy, GrowthCounters c, long expectedMoved) {
        String context = strategy.name() + ": " + c;
        assertTrue(c.moves() <= c.grows(), context);
        assertEquals(expectedMoved, c.bytesMoved(), context);
        if (strategy.has(GrowthTrait.NO_COPY)) {
            assertEquals(0, c.bytesCopied(), context);
        }
        if (strategy.has(GrowthTrait.NEVER_MOVES)) {
            assertEquals(0, c.moves(), context);
        }
        if (strategy.name().startsWith("copy-doubling")) {
            // allocate-new, copy, drop: every growth moves and copies exactly the live bytes.
            assertEquals(c.grows(), c.moves(), context);
            assertEquals(c.bytesMoved(), c.bytesCopied(), context);
        }
        if (c.copiesKnown()) {
            assertTrue(c.bytesCopied() <= c.bytesMoved() || strategy.has(GrowthTrait.NO_COPY), context);
        }
    }

    private static byte[] bytes(int append, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (append * 37 + i * 11 + (i >>> 8));
        }
        return b;
    }
}
