package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A linearizing ring never rotates from under a claim it handed out in place: a claim, then a
 * read across the seam (a window, a read, an int), then the claim filled and committed, must
 * leave the claim's bytes at its position and every other byte where it was. The rotation
 * comes back once the claim is committed. (Before the fix the window rotated the ring, the
 * caller's writes landed on other positions' bytes and the committed record read as zeros.)
 */
class LinearizeUnderClaimTest {

    static final long N = 4096;
    static final long CLAIM = N + 100; // ring offset 100: in place
    static final long CROSSING = N - 8; // 16 bytes across the seam

    private static byte[] bytes(int length, int from) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (from + i);
        }
        return b;
    }

    private static RingMemory ringWithBytesAcrossTheSeam() {
        RingMemory ring = new LinearizeOnReadMemory().allocate(RingSpec.ofCapacity(N));
        ring.write(CROSSING, MemorySegment.ofArray(bytes(16, 1)));
        return ring;
    }

    private static void fillAndCommitTheClaim(RingMemory ring, MemorySegment claim) {
        claim.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x1122334455667788L);
        ring.commit(CLAIM, 8);
        assertEquals(0x1122334455667788L, ring.window(CLAIM, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0),
                "the claim's bytes are at its position");
        assertArrayEquals(bytes(16, 1), ring.window(CROSSING, 16).toArray(ValueLayout.JAVA_BYTE),
                "the bytes across the seam are untouched");
    }

    @Test
    void aWindowAcrossTheSeamGathersUnderAClaim() {
        try (RingMemory ring = ringWithBytesAcrossTheSeam()) {
            MemorySegment claim = ring.claim(CLAIM, 8);
            assertArrayEquals(bytes(16, 1), ring.window(CROSSING, 16).toArray(ValueLayout.JAVA_BYTE));
            assertEquals(new CopyCounters(0, 0, 0, 0, 16), ring.copyCounters(), "gathered, not rotated");
            fillAndCommitTheClaim(ring, claim);
            // The last window of the crossing bytes, after the commit, rotated.
            assertEquals(1, ring.copyCounters().rotations(), "the next crossing window after the commit rotates");
        }
    }

    @Test
    void aReadAndAnIntAcrossTheSeamGoInTwoPartsUnderAClaim() {
        try (RingMemory ring = ringWithBytesAcrossTheSeam()) {
            MemorySegment claim = ring.claim(CLAIM, 8);
            byte[] out = new byte[16];
            ring.read(CROSSING, MemorySegment.ofArray(out), 0, 16);
            assertArrayEquals(bytes(16, 1), out);
            assertEquals(MemorySegment.ofArray(bytes(4, 7)).get(ValueLayout.JAVA_INT_UNALIGNED, 0), ring.readInt(N - 2));
            assertEquals(new CopyCounters(0, 0, 0, 0, 0), ring.copyCounters(), "two-part copies: nothing counted");
            fillAndCommitTheClaim(ring, claim);
        }
    }

    @Test
    void aStagedClaimLetsTheWindowRotate() {
        try (RingMemory ring = ringWithBytesAcrossTheSeam()) {
            long across = 2 * N - 4; // a claim across the seam is staged: the ring may rotate under it
            MemorySegment claim = ring.claim(across, 8);
            assertArrayEquals(bytes(16, 1), ring.window(CROSSING, 16).toArray(ValueLayout.JAVA_BYTE));
            assertEquals(1, ring.copyCounters().rotations());
            claim.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 42L);
            ring.commit(across, 8);
            assertEquals(42L, ring.window(across, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            assertEquals(8, ring.copyCounters().stagingBytes());
        }
    }

    @Test
    void aWriteDropsTheClaimAndRotationComesBack() {
        try (RingMemory ring = ringWithBytesAcrossTheSeam()) {
            ring.claim(CLAIM, 8);
            ring.write(CLAIM, MemorySegment.ofArray(bytes(8, 50))); // replaces the claim
            assertArrayEquals(bytes(16, 1), ring.window(CROSSING, 16).toArray(ValueLayout.JAVA_BYTE));
            assertEquals(1, ring.copyCounters().rotations());
            assertEquals(0, ring.copyCounters().gatherBytes());
            assertEquals(0, ((LapViewMemory) ring).lapOffset(CROSSING), "the crossing window now starts the lap");
        }
    }
}
