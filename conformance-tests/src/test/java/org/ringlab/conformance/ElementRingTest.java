package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.ElementRing;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;

/** Seed 000's element ring on every available strategy. */
class ElementRingTest {

    /** The seed's example: 16×16×16 matrices of bytes filled with 0..6 in a ring of 4. */
    @TestFactory
    Stream<DynamicTest> seedExampleSumsOnEveryStrategy() {
        return Strategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
            int element = 16 * 16 * 16;
            try (RingMemory memory = Strategies.allocate(s, 4L * element)) {
                ElementRing ring = new ElementRing(memory, element);
                byte[] sample = new byte[element];
                for (int x = 0; x <= 6; x++) {
                    java.util.Arrays.fill(sample, (byte) x);
                    ring.put(MemorySegment.ofArray(sample));
                }
                long[] expected = {12288, 16384, 20480, 24576};
                for (int i = 0; i < 4; i++) {
                    assertEquals(expected[i], sum(ring.element(i)), s.name() + " element " + i);
                }
                MemorySegment history = ring.history();
                assertEquals(4L * element, history.byteSize());
                assertEquals(73728, sum(history), s.name() + " total through one contiguous view");
            }
        }));
    }

    @Provide
    Arbitrary<String> strategies() {
        return Arbitraries.of(Strategies.available().stream().map(MemoryStrategy::name).toList());
    }

    /** put and seek, interleaved at random, keep the last {@code slots} elements in order. */
    @Property(tries = 150)
    void elementsAndHistoryFollowAnArrayDequeModel(@ForAll("strategies") String name,
                                                   @ForAll @IntRange(min = 1, max = 6) int slots,
                                                   @ForAll @Size(max = 40) List<Boolean> seekInsteadOfPut) {
        MemoryStrategy s = Strategies.byName(name);
        long element = Strategies.capacity(s, 24);
        try (RingMemory memory = Strategies.allocate(s, slots * element)) {
            ElementRing ring = new ElementRing(memory, element);
            ArrayDeque<byte[]> model = new ArrayDeque<>();
            int n = 0;
            for (boolean seek : seekInsteadOfPut) {
                byte[] value = pattern(n++ * 1_000_003L, (int) element);
                if (seek) {
                    MemorySegment.copy(MemorySegment.ofArray(value), 0, ring.seek(), 0, element);
                } else {
                    ring.put(MemorySegment.ofArray(value));
                }
                model.addLast(value);
                if (model.size() > slots) {
                    model.removeFirst();
                }
                assertEquals(model.size(), ring.size());
                List<byte[]> expected = new ArrayList<>(model);
                assertArrayEquals(expected.getFirst(), ring.element(0).toArray(ValueLayout.JAVA_BYTE));
                assertArrayEquals(expected.getLast(), ring.element(model.size() - 1).toArray(ValueLayout.JAVA_BYTE));
                byte[] history = ring.history().toArray(ValueLayout.JAVA_BYTE);
                for (int i = 0; i < expected.size(); i++) {
                    byte[] part = java.util.Arrays.copyOfRange(history, (int) (i * element), (int) ((i + 1) * element));
                    assertArrayEquals(expected.get(i), part, name + ": history element " + i);
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> badElementArgumentsNameTheValue() {
        return Strategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
            long capacity = Strategies.capacity(s, 4096);
            try (RingMemory memory = Strategies.allocate(s, capacity)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> new ElementRing(memory, capacity + 1));
                assertTrue(e.getMessage().contains(Long.toString(capacity + 1)), e.getMessage());
                assertThrows(IllegalArgumentException.class, () -> new ElementRing(memory, 0));
                ElementRing ring = new ElementRing(memory, capacity / 2 == 0 ? capacity : capacity / 2);
                IndexOutOfBoundsException empty = assertThrows(IndexOutOfBoundsException.class, () -> ring.element(0));
                assertTrue(empty.getMessage().contains("0"), empty.getMessage());
                IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                        () -> ring.put(MemorySegment.ofArray(new byte[3])));
                assertTrue(size.getMessage().contains("3"), size.getMessage());
            }
        }));
    }

    /** Bytes that differ with position, so a misplaced element shows. */
    private static byte[] pattern(long position, int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            long p = position + i;
            data[i] = (byte) (p * 31 + (p >>> 8) * 17 + 1);
        }
        return data;
    }

    private static long sum(MemorySegment segment) {
        long sum = 0;
        for (long i = 0; i < segment.byteSize(); i++) {
            sum += Byte.toUnsignedLong(segment.get(ValueLayout.JAVA_BYTE, i));
        }
        return sum;
    }
}
