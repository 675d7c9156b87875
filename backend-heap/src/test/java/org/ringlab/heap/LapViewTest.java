package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@link LapViewMemory} on split and linearize: bytes written in place in the lap view at
 * {@code lapOffset(p)} are the ring's bytes of {@code p} (windows and reads show them, nothing
 * committed), a window across the seam moves linearize's mapping and {@code lapOffset} follows
 * it, and after close the lap view, a segment of it and both methods throw
 * {@link IllegalStateException}. Doubled is not a lap view (its writes need the mirror copy).
 */
class LapViewTest {

    static final long CAPACITY = 4096;

    static Stream<PureJavaStrategy> laps() {
        return Stream.of(new SplitRingMemory(), new LinearizeOnReadMemory());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("laps")
    void bytesWrittenInPlaceAreTheRingsBytes(PureJavaStrategy strategy) {
        try (RingMemory ring = strategy.allocate(RingSpec.ofCapacity(CAPACITY))) {
            LapViewMemory lap = (LapViewMemory) ring;
            assertEquals(CAPACITY, lap.lapView().byteSize());
            long[] positions = {0, 100, CAPACITY - 64, 3 * CAPACITY + 8};
            for (long p : positions) {
                long at = lap.lapOffset(p);
                assertEquals(p % CAPACITY, at, strategy.name() + ": never rotated, the lap offset is the ring offset");
                lap.lapView().set(ValueLayout.JAVA_LONG_UNALIGNED, at, p + 1);
                assertEquals(p + 1, ring.window(p, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0), strategy.name() + " window at " + p);
                MemorySegment dst = MemorySegment.ofArray(new long[1]);
                ring.read(p, dst, 0, 8);
                assertEquals(p + 1, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), strategy.name() + " read at " + p);
            }
            // A window across the seam: split gathers (nothing moves), linearize rotates its bytes.
            ring.write(CAPACITY - 4, MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
            assertEquals(8, ring.window(CAPACITY - 4, 8).get(ValueLayout.JAVA_BYTE, 7));
            long p = 2 * CAPACITY + 200;
            long at = lap.lapOffset(p);
            assertTrue(at >= 0 && at < CAPACITY, strategy.name() + ": " + at);
            if (strategy instanceof SplitRingMemory) {
                assertEquals(200, at, "split's mapping never moves");
            }
            lap.lapView().set(ValueLayout.JAVA_INT_UNALIGNED, at, 0x5eed);
            assertEquals(0x5eed, ring.readInt(p), strategy.name() + ": in place after the seam window");
            assertThrows(IllegalArgumentException.class, () -> lap.lapOffset(-1));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("laps")
    void theLapViewThrowsAfterClose(PureJavaStrategy strategy) {
        RingMemory ring = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
        LapViewMemory lap = (LapViewMemory) ring;
        MemorySegment view = lap.lapView();
        MemorySegment slot = view.asSlice(256, 64);
        ring.close();
        assertFalse(ring.isOpen());
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> slot.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
        assertThrows(IllegalStateException.class, lap::lapView);
        assertThrows(IllegalStateException.class, () -> lap.lapOffset(0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("laps")
    void theLapViewIsAViewOfTheDeferredFreeArenasFront(PureJavaStrategy strategy) {
        try (RingMemory ring = strategy.allocate(RingSpec.ofCapacity(CAPACITY))) {
            ArenaRingMemory arenaRing = (ArenaRingMemory) ring;
            assertEquals(arenaRing.arena.scope(), ((LapViewMemory) ring).lapView().scope(),
                    strategy.name() + ": the lap view must belong to the arena close closes (the front)");
        }
    }

    @org.junit.jupiter.api.Test
    void doubledIsNotALapView() {
        try (RingMemory ring = new DoubledArrayMemory().allocate(RingSpec.ofCapacity(CAPACITY))) {
            assertFalse(ring instanceof LapViewMemory, "doubled's writes need their mirror copy: not in place");
        }
    }
}
