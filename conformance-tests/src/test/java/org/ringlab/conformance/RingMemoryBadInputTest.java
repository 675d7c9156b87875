package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Bad arguments are refused with a message naming the value; use after close throws
 * {@link IllegalStateException} (never a JVM crash), through the API and through segments
 * obtained before close; a second close is harmless. For every available strategy.
 */
class RingMemoryBadInputTest {

    @TestFactory
    Stream<DynamicTest> badCapacitiesAreRefusedNamingTheValue() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MemoryStrategy s : Strategies.available()) {
            long g = s.granularity();
            List<Long> bad = new ArrayList<>(List.of(0L, -1L, -g));
            if (g > 1) {
                bad.add(g + 1);
                bad.add(g / 2);
            }
            for (long capacity : bad) {
                tests.add(dynamicTest(s.name() + " × capacity " + capacity, () -> {
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> s.allocate(RingSpec.ofCapacity(capacity)));
                    assertTrue(e.getMessage().contains(Long.toString(capacity)), e.getMessage());
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> badPositionsAndLengthsAreRefusedNamingTheValue() {
        return perStrategy(ring -> {
            long n = ring.capacity();
            assertMessageNames(n + 1, () -> ring.claim(0, n + 1));
            assertMessageNames(n + 1, () -> ring.window(0, n + 1));
            assertMessageNames(-1, () -> ring.claim(0, -1));
            assertMessageNames(-5, () -> ring.window(-5, 1));
            assertMessageNames(-5, () -> ring.claim(-5, 1));
            assertMessageNames(Long.MAX_VALUE, () -> ring.window(Long.MAX_VALUE, 1));
            ring.write(10, MemorySegment.ofArray(new byte[4]));
            // The last commit ended at 14: a claim before it goes backwards.
            assertMessageNames(13, () -> ring.claim(13, 1));
            assertThrows(IllegalStateException.class, () -> ring.commit(14, 1), "commit without a claim");
            ring.claim(14, 2);
            assertMessageNames(15, () -> ring.commit(15, 1));
            assertMessageNames(3, () -> ring.commit(14, 3));
            assertDoesNotThrow(() -> ring.commit(14, 2));
        });
    }

    @TestFactory
    Stream<DynamicTest> useAfterCloseThrowsAndDoubleCloseIsHarmless() {
        return perStrategy(ring -> {
            long n = ring.capacity();
            MemorySegment claimed = ring.claim(0, 1);
            ring.commit(0, 1);
            MemorySegment window = ring.window(0, 1);
            ring.close();
            assertFalse(ring.isOpen());
            assertThrows(IllegalStateException.class, () -> ring.claim(1, 1));
            assertThrows(IllegalStateException.class, () -> ring.commit(1, 1));
            assertThrows(IllegalStateException.class, () -> ring.window(0, 1));
            assertThrows(IllegalStateException.class, () -> ring.write(1, MemorySegment.ofArray(new byte[1])));
            assertThrows(IllegalStateException.class, () -> window.get(ValueLayout.JAVA_BYTE, 0),
                    "a window taken before close must not read freed memory");
            assertThrows(IllegalStateException.class, () -> claimed.set(ValueLayout.JAVA_BYTE, 0, (byte) 1),
                    "a claim taken before close must not write freed memory");
            assertDoesNotThrow(ring::close);
            assertTrue(n > 0);
        });
    }

    private static Stream<DynamicTest> perStrategy(Consumer<RingMemory> check) {
        return Strategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
            try (RingMemory ring = Strategies.allocate(s, Strategies.capacity(s, 4096))) {
                check.accept(ring);
            }
        }));
    }

    private static void assertMessageNames(long value, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(Long.toString(value)), "message should name " + value + ": " + e.getMessage());
    }
}
