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
import org.ringlab.api.RingMemory;

/** The header region: big enough, zeroed, apart from the ring's bytes, released on close. */
class RingMemoryHeaderTest {

    @TestFactory
    Stream<DynamicTest> headerIsZeroedSeparateFromTheRingAndClosedWithIt() {
        return Strategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
            long capacity = Strategies.capacity(s, 8192);
            MemorySegment header;
            try (RingMemory ring = Strategies.allocate(s, capacity)) {
                header = ring.header();
                assertTrue(header.byteSize() >= RingMemory.MIN_HEADER_BYTES, "header of " + header.byteSize());
                assertEquals(0, header.address() % 64, "header alignment");
                for (long i = 0; i < header.byteSize(); i++) {
                    assertEquals(0, header.get(ValueLayout.JAVA_BYTE, i), "header byte " + i + " is not zero");
                }
                header.fill((byte) 0x77);
                // Fill the ring twice over through every path; the header must not change, nor the ring.
                byte[] ones = new byte[(int) capacity];
                java.util.Arrays.fill(ones, (byte) 1);
                ring.write(0, MemorySegment.ofArray(ones));
                ring.claim(capacity, capacity).fill((byte) 1);
                ring.commit(capacity, capacity);
                MemorySegment all = ring.window(capacity / 2, capacity);
                for (long i = 0; i < capacity; i++) {
                    assertEquals(1, all.get(ValueLayout.JAVA_BYTE, i), "ring byte " + i);
                }
                for (long i = 0; i < header.byteSize(); i++) {
                    assertEquals(0x77, header.get(ValueLayout.JAVA_BYTE, i), "header byte " + i);
                }
            }
            MemorySegment stale = header;
            assertThrows(IllegalStateException.class, () -> stale.get(ValueLayout.JAVA_BYTE, 0));
        }));
    }
}
