package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code writeInt}, {@code readInt} and {@code read} (the queues' allocation-free path) agree
 * with claim/commit and window on every pure-Java strategy, at every offset, across the seam
 * included, and check their arguments and the memory's lifetime as the segment calls do.
 */
class SegmentFreeAccessTest {

    private static final int CAPACITY = 100;

    private static List<MemoryStrategy> strategies() {
        return List.of(new DoubledArrayMemory(), new SplitRingMemory(), new LinearizeOnReadMemory());
    }

    @Test
    void theySeeAndWriteWhatWindowsAndClaimsDo() {
        for (MemoryStrategy s : strategies()) {
            try (RingMemory ring = s.allocate(RingSpec.ofCapacity(CAPACITY))) {
                long p = 0;
                for (int i = 0; i < 300; i++) { // three laps, every offset, the int crossing the seam at 97..99
                    ring.writeInt(p, 0x01020304 * (i + 1));
                    assertEquals(0x01020304 * (i + 1), ring.readInt(p), s.name() + " at " + p);
                    assertEquals(0x01020304 * (i + 1), ring.window(p, 4).get(ValueLayout.JAVA_INT_UNALIGNED, 0), s.name() + " at " + p);
                    byte[] payload = new byte[i % 17];
                    for (int b = 0; b < payload.length; b++) {
                        payload[b] = (byte) (i * 31 + b);
                    }
                    ring.write(p + 4, MemorySegment.ofArray(payload));
                    byte[] out = new byte[payload.length + 3];
                    ring.read(p + 4, MemorySegment.ofArray(out), 3, payload.length);
                    assertArrayEquals(payload, java.util.Arrays.copyOfRange(out, 3, out.length), s.name() + " at " + p);
                    p += 4 + payload.length;
                }
            }
        }
    }

    @Test
    void theyCheckTheirArgumentsAndTheLifetime() {
        for (MemoryStrategy s : strategies()) {
            RingMemory ring = s.allocate(RingSpec.ofCapacity(CAPACITY));
            ring.writeInt(8, 5);
            assertThrows(IllegalArgumentException.class, () -> ring.writeInt(4, 1), s.name() + ": backwards");
            assertThrows(IndexOutOfBoundsException.class, () -> ring.read(0, MemorySegment.ofArray(new byte[4]), 2, 4),
                    s.name() + ": past the destination");
            assertThrows(IllegalArgumentException.class, () -> ring.read(-1, MemorySegment.ofArray(new byte[4]), 0, 4));
            ring.close();
            assertThrows(IllegalStateException.class, () -> ring.readInt(8), s.name());
            assertThrows(IllegalStateException.class, () -> ring.writeInt(12, 1), s.name());
            assertThrows(IllegalStateException.class, () -> ring.read(8, MemorySegment.ofArray(new byte[4]), 0, 4), s.name());
        }
    }
}
