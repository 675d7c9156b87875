package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** Each pure-Java strategy moves exactly the extra bytes its documentation promises. */
class CopyCountersTest {

    private static MemorySegment bytes(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed + i);
        }
        return MemorySegment.ofArray(b);
    }

    @Test
    void doubledWritesEveryCommittedByteASecondTime() {
        try (RingMemory ring = new DoubledArrayMemory().allocate(RingSpec.ofCapacity(100))) {
            ring.write(0, bytes(60, 1));
            ring.write(60, bytes(70, 2));           // crosses the seam
            ring.claim(130, 50);
            ring.commit(130, 20);                   // only the committed part is mirrored
            assertEquals(new CopyCounters(150, 0, 0, 0, 0), ring.copyCounters());
            ring.window(130, 100);                  // windows never copy
            assertEquals(150, ring.copyCounters().extraBytes());
        }
    }

    @Test
    void splitStagesSeamCrossingClaimsAndGathersSeamCrossingWindows() {
        try (RingMemory ring = new SplitRingMemory().allocate(RingSpec.ofCapacity(100))) {
            ring.write(0, bytes(90, 1));
            ring.write(90, bytes(20, 2));           // crosses the seam: two-part copy, no extra byte
            assertEquals(CopyCounters.ZERO, ring.copyCounters());
            MemorySegment claim = ring.claim(195, 10); // crosses the seam: staged
            MemorySegment.copy(bytes(10, 3), 0, claim, 0, 10);
            ring.commit(195, 8);
            ring.window(150, 30);                   // inside: a view
            ring.window(190, 13);                   // crosses: gathered
            assertEquals(new CopyCounters(0, 0, 0, 8, 13), ring.copyCounters());
            assertArrayEquals(bytes(8, 3).toArray(ValueLayout.JAVA_BYTE),
                    ring.window(195, 8).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Property(tries = 200)
    void linearizeRotationMovesCapacityPlusTheSmallerPart(@ForAll @IntRange(min = 2, max = 3000) int capacity,
                                                    @ForAll @IntRange(min = 1, max = 2999) int start) {
        int s = start % capacity == 0 ? 1 : start % capacity;
        try (RingMemory ring = new LinearizeOnReadMemory().allocate(RingSpec.ofCapacity(capacity))) {
            ring.write(0, bytes(capacity, 7));
            MemorySegment window = ring.window(s, capacity - s);
            assertEquals(CopyCounters.ZERO, ring.copyCounters(), "a window inside the ring does not rotate");
            assertEquals(capacity - s, window.byteSize());
            ring.write(capacity, bytes(s, 9));      // the ring now holds positions s .. capacity + s
            MemorySegment history = ring.window(s, capacity);
            // Both parts fit the temp here (N <= 3000): the smaller is parked, the larger moved over it.
            assertEquals(new CopyCounters(0, capacity + Math.min(s, capacity - s), 1, 0, 0), ring.copyCounters());
            byte[] expected = new byte[capacity];
            byte[] first = bytes(capacity, 7).toArray(ValueLayout.JAVA_BYTE);
            byte[] second = bytes(s, 9).toArray(ValueLayout.JAVA_BYTE);
            System.arraycopy(first, s, expected, 0, capacity - s);
            System.arraycopy(second, 0, expected, capacity - s, s);
            assertArrayEquals(expected, history.toArray(ValueLayout.JAVA_BYTE));
            ring.window(s, capacity);               // already linear: no second rotation
            assertEquals(1, ring.copyCounters().rotations());
        }
    }

    /**
     * Both rotations on rings larger than the temp, each checked byte for byte: a smaller part
     * that fits the temp (N + m bytes), and parts both larger than it (blocks along the cycles,
     * N + gcd(N, s) bytes).
     */
    @Test
    void largeRingsRotateThroughTheTempOrAlongTheCycles() {
        int capacity = 320 * 1024;
        for (int s : new int[] {capacity - 72, 40, 100 * 1024 + 8, 160 * 1024}) {
            try (RingMemory ring = new LinearizeOnReadMemory().allocate(RingSpec.ofCapacity(capacity))) {
                MemorySegment first = unrepeating(capacity, 7);
                ring.write(0, first);
                ring.window(s, capacity - s);
                MemorySegment second = unrepeating(s, 9);
                ring.write(capacity, second);
                MemorySegment history = ring.window(s, capacity);
                long smaller = Math.min(s, capacity - s);
                long moved = capacity + (smaller <= LinearizingRing.MAX_BLOCK ? smaller : LinearizingRing.gcd(capacity, s));
                assertEquals(new CopyCounters(0, moved, 1, 0, 0), ring.copyCounters(), "rotation by " + s);
                byte[] expected = new byte[capacity];
                System.arraycopy(first.toArray(ValueLayout.JAVA_BYTE), s, expected, 0, capacity - s);
                System.arraycopy(second.toArray(ValueLayout.JAVA_BYTE), 0, expected, capacity - s, s);
                assertArrayEquals(expected, history.toArray(ValueLayout.JAVA_BYTE), "rotation by " + s);
            }
        }
    }

    /** Bytes whose pattern does not repeat every 256: a rotation off by a multiple of 256 shows. */
    private static MemorySegment unrepeating(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed + i + (i >>> 8) * 31 + (i >>> 16) * 17);
        }
        return MemorySegment.ofArray(b);
    }

    @Test
    void rotationBlocksAreTheLargestDivisorOfTheGcdThatFitsTheTemp() {
        assertEquals(4096, LinearizingRing.largestDivisorAtMost(4096, LinearizingRing.MAX_BLOCK));
        assertEquals(64 * 1024, LinearizingRing.largestDivisorAtMost(1 << 20, LinearizingRing.MAX_BLOCK));
        assertEquals(1, LinearizingRing.largestDivisorAtMost(65_537, LinearizingRing.MAX_BLOCK)); // a prime
        assertEquals(6, LinearizingRing.gcd(12, 18));
        assertTrue(LinearizingRing.largestDivisorAtMost(3 * 65_536, LinearizingRing.MAX_BLOCK) <= 65_536);
    }
}
