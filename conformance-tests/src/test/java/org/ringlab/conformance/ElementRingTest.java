package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.support.ElementRing;
import org.ringlab.api.RingMemory;

/** Seed 000's element ring on every available strategy (its model property is in the kit: {@code ElementRingContract}). */
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

    private static long sum(MemorySegment segment) {
        long sum = 0;
        for (long i = 0; i < segment.byteSize(); i++) {
            sum += Byte.toUnsignedLong(segment.get(ValueLayout.JAVA_BYTE, i));
        }
        return sum;
    }
}
