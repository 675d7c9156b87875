package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The copying paths of the heap rings at the seam, byte for byte and counter for counter: the
 * int and payload writes of a frame that ends at the seam, reads across it, and windows (read-only
 * slices of a read-only view, handed out as they are) inside it and across it.
 */
class SeamCopyPathTest {

    private static final List<MemoryStrategy> HEAP = List.of(new DoubledArrayMemory(), new SplitRingMemory(),
            new LinearizeOnReadMemory());

    private static MemorySegment bytes(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed + i);
        }
        return MemorySegment.ofArray(b);
    }

    @Test
    void windowsAreReadOnlyInsideAndAcrossTheSeam() {
        for (MemoryStrategy s : HEAP) {
            try (RingMemory ring = s.allocate(RingSpec.ofCapacity(128))) {
                ring.write(0, bytes(128, 1));
                ring.write(128, bytes(40, 9)); // offsets 0..39 of the next lap
                for (MemorySegment w : List.of(ring.window(140, 20), ring.window(250, 20))) {
                    assertTrue(w.isReadOnly(), s.name() + ": a window must be read-only");
                    assertThrows(IllegalArgumentException.class, () -> w.set(ValueLayout.JAVA_BYTE, 0, (byte) 0),
                            s.name());
                }
            }
        }
    }

    @Test
    void doubledWritesTheWordAndThePayloadTwiceAndCountsEachByteOnce() {
        try (RingMemory ring = new DoubledArrayMemory().allocate(RingSpec.ofCapacity(128))) {
            ring.writeInt(56, 0x01020304);
            ring.write(60, bytes(68, 5));         // ends at the seam
            ring.writeInt(128, 0x0A0B0C0D);       // the next lap's first word: its twin at N
            ring.write(132, bytes(20, 7));
            assertEquals(new CopyCounters(4 + 68 + 4 + 20, 0, 0, 0, 0), ring.copyCounters());
            // A window across the seam reads the next lap's bytes from the twins.
            MemorySegment w = ring.window(60, 92);
            assertArrayEquals(bytes(68, 5).toArray(ValueLayout.JAVA_BYTE), w.asSlice(0, 68).toArray(ValueLayout.JAVA_BYTE));
            assertEquals(0x0A0B0C0D, w.get(ValueLayout.JAVA_INT_UNALIGNED, 68));
            assertArrayEquals(bytes(20, 7).toArray(ValueLayout.JAVA_BYTE), w.asSlice(72, 20).toArray(ValueLayout.JAVA_BYTE));
            assertEquals(0x01020304, ring.readInt(56));
        }
    }

    @Test
    void splitReadsAcrossTheSeamInTwoPartsAndGathersOnlyWindows() {
        try (RingMemory ring = new SplitRingMemory().allocate(RingSpec.ofCapacity(128))) {
            ring.write(100, bytes(60, 3));        // crosses: two-part copy
            MemorySegment dst = MemorySegment.ofArray(new byte[60]);
            ring.read(100, dst, 0, 60);
            assertArrayEquals(bytes(60, 3).toArray(ValueLayout.JAVA_BYTE), dst.toArray(ValueLayout.JAVA_BYTE));
            assertEquals(CopyCounters.ZERO, ring.copyCounters(), "a copy out needs no gather");
            MemorySegment w = ring.window(100, 60);
            assertArrayEquals(bytes(60, 3).toArray(ValueLayout.JAVA_BYTE), w.toArray(ValueLayout.JAVA_BYTE));
            assertEquals(new CopyCounters(0, 0, 0, 0, 60), ring.copyCounters());
        }
    }

    @Test
    void linearizeRotatesOnceForAReadOrAnIntAcrossTheSeam() {
        try (RingMemory ring = new LinearizeOnReadMemory().allocate(RingSpec.ofCapacity(128))) {
            ring.write(126, bytes(4, 1));         // an int's bytes across the seam
            ring.write(130, bytes(100, 20));
            int expected = MemorySegment.ofArray(new byte[] {1, 2, 3, 4}).get(ValueLayout.JAVA_INT_UNALIGNED, 0);
            assertEquals(expected, ring.readInt(126));
            assertEquals(1, ring.copyCounters().rotations(), "an int across the seam rotates as a window does");
            MemorySegment dst = MemorySegment.ofArray(new byte[104]);
            ring.read(126, dst, 0, 104);          // already linear after the rotation
            assertEquals(1, ring.copyCounters().rotations());
            assertArrayEquals(bytes(4, 1).toArray(ValueLayout.JAVA_BYTE), dst.asSlice(0, 4).toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(bytes(100, 20).toArray(ValueLayout.JAVA_BYTE), dst.asSlice(4, 100).toArray(ValueLayout.JAVA_BYTE));
            ring.write(230, bytes(60, 40));       // physical 104..163: across the seam again
            MemorySegment last = MemorySegment.ofArray(new byte[60]);
            ring.read(230, last, 0, 60);
            assertArrayEquals(bytes(60, 40).toArray(ValueLayout.JAVA_BYTE), last.toArray(ValueLayout.JAVA_BYTE));
            assertEquals(2, ring.copyCounters().rotations(), "a read across the seam rotates (the mechanism)");
        }
    }
}
