package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A queue's length word across the seam ({@code writeInt}/{@code readInt}, spsc's offer and poll
 * path with seam placement cross) costs its mechanism only: on split an int is stored and read
 * in two parts, as {@code write} and {@code read} copy a segment — no staged claim, no gathered
 * window, so the copy counters stay 0 (before: 4 staging and 4 gather bytes, a scratch slice
 * and a window slice per straddling length word). Linearize's {@code readInt} across the seam
 * still rotates (its mechanism for any read across the seam), but its {@code writeInt} no longer
 * stages.
 */
class SeamLengthWordTest {

    private static final int CAPACITY = 100;

    @Test
    void anIntAcrossTheSeamIsStoredAndReadInTwoPartsOnSplit() {
        check(new SplitRingMemory(), CopyCounters.ZERO);
    }

    @Test
    void anIntWrittenAcrossTheSeamIsNotStagedOnLinearize() {
        MemoryStrategy s = new LinearizeOnReadMemory();
        try (RingMemory ring = s.allocate(RingSpec.ofCapacity(CAPACITY))) {
            for (int lap = 0; lap < 3; lap++) {
                for (int cut = 1; cut < Integer.BYTES; cut++) {
                    long p = (long) lap * CAPACITY * 4 + cut * CAPACITY - cut; // ring offset CAPACITY - cut
                    ring.writeInt(p, 0x0A0B0C0D + cut);
                }
            }
            assertEquals(0, ring.copyCounters().stagingBytes(), "writeInt across the seam staged: " + ring.copyCounters());
        }
    }

    private static void check(MemoryStrategy s, CopyCounters expected) {
        try (RingMemory ring = s.allocate(RingSpec.ofCapacity(CAPACITY))) {
            long p = 0;
            for (int lap = 0; lap < 3; lap++) {
                for (int cut = 1; cut < Integer.BYTES; cut++) {
                    // the int starts cut bytes before the seam
                    long at = (p / CAPACITY + 1) * CAPACITY - cut;
                    int value = 0x11223344 * (lap + 1) + cut;
                    ring.writeInt(at, value);
                    assertEquals(value, ring.readInt(at), s.name() + " at " + at);
                    assertEquals(value, ring.window(at, 4).get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0),
                            s.name() + ": a window shows the same int at " + at);
                    p = at + Integer.BYTES;
                }
            }
            // The windows above gathered 4 bytes each: the int path itself must add nothing.
            CopyCounters c = ring.copyCounters();
            long windows = 3L * (Integer.BYTES - 1) * Integer.BYTES;
            assertEquals(expected.stagingBytes(), c.stagingBytes(), s.name() + ": " + c);
            assertEquals(windows, c.gatherBytes(), s.name() + ": only the test's own windows gather: " + c);
        }
    }

    @Test
    void theOrderOfTheBytesIsTheNativeOne() {
        for (MemoryStrategy s : List.of(new SplitRingMemory(), new LinearizeOnReadMemory(), new DoubledArrayMemory())) {
            try (RingMemory ring = s.allocate(RingSpec.ofCapacity(CAPACITY))) {
                ring.writeInt(CAPACITY - 2, 0x01020304);
                byte[] out = new byte[4];
                ring.read(CAPACITY - 2, java.lang.foreign.MemorySegment.ofArray(out), 0, 4);
                assertEquals(0x01020304, java.lang.foreign.MemorySegment.ofArray(out).get(
                        java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0), s.name());
            }
        }
    }
}
