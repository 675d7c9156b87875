package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.NativeCallException;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The grow of {@code mirrored-memfd-growable}: which bytes move, what stays valid, bad input, failures. */
class GrowableMirroredRingTest {

    private static final long PAGE = Strategies.PAGE;

    private static GrowableRingMemory ring(long pages) {
        RingMemory ring = Strategies.GROWABLE.allocate(RingSpec.ofCapacity(pages * PAGE));
        return assertInstanceOf(GrowableRingMemory.class, ring);
    }

    /** Writes position p's byte, (p * 7 + 3), for every p in [from, to), at most a capacity at a time. */
    private static void write(RingMemory ring, long from, long to) {
        for (long at = from; at < to; ) {
            byte[] bytes = new byte[(int) Math.min(ring.capacity(), to - at)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = value(at + i);
            }
            ring.write(at, MemorySegment.ofArray(bytes));
            at += bytes.length;
        }
    }

    private static byte value(long position) {
        return (byte) (position * 7 + 3);
    }

    private static void assertLive(RingMemory ring, long from, long to) {
        MemorySegment window = ring.window(from, to - from);
        for (long p = from; p < to; p++) {
            assertEquals(value(p), window.get(ValueLayout.JAVA_BYTE, p - from), "position " + p);
        }
    }

    @Test
    void aLiveRangeThatDoesNotWrapMovesNoByte() {
        try (GrowableRingMemory ring = ring(4)) {
            write(ring, 0, 3 * PAGE);
            long windowAddress = ring.window(PAGE, 1).address() - ring.header().address();
            ring.grow(8 * PAGE, PAGE, 3 * PAGE);
            assertEquals(8 * PAGE, ring.capacity());
            assertLive(ring, PAGE, 3 * PAGE);
            assertEquals(new CopyCounters(0, 0, 0, 0, 0, 0, 1), ring.copyCounters());
            assertEquals(windowAddress, ring.window(PAGE, 1).address() - ring.header().address(),
                    "the live bytes kept their offset in the file");
        }
    }

    @Test
    void aWrappedRangeMovesItsShorterTailBehindTheOldEnd() {
        try (GrowableRingMemory ring = ring(4)) {
            // Positions [3N/4 .. 5N/4) of a 4-page ring: 3 pages before the seam, 1 after.
            long n = 4 * PAGE;
            write(ring, 0, n + PAGE);
            ring.grow(8 * PAGE, PAGE, n + PAGE);
            assertLive(ring, PAGE, n + PAGE);
            assertEquals(PAGE, ring.copyCounters().growthBytes(), "only the wrapped page moves");
            // Claims continue where the commits ended, across the new seam, many laps on.
            write(ring, n + PAGE, 40 * PAGE);
            assertLive(ring, 32 * PAGE, 40 * PAGE);
        }
    }

    @Test
    void aWrappedRangeMovesItsShorterHeadToTheNewEnd() {
        try (GrowableRingMemory ring = ring(4)) {
            long n = 4 * PAGE;
            write(ring, 0, n + 3 * PAGE); // live [3 pages .. 7 pages): 1 page before the seam, 3 after
            ring.grow(5 * PAGE, 3 * PAGE, n + 3 * PAGE);
            assertLive(ring, 3 * PAGE, n + 3 * PAGE);
            assertEquals(PAGE, ring.copyCounters().growthBytes(), "only the head page moves");
            write(ring, n + 3 * PAGE, n + 6 * PAGE); // fills the fifth page and wraps
            assertLive(ring, 2 * PAGE + n - PAGE, n + 6 * PAGE);
        }
    }

    @Test
    void aTailThatDoesNotFitBehindTheOldEndMovesTheHeadEvenIfLonger() {
        try (GrowableRingMemory ring = ring(4)) {
            long n = 4 * PAGE;
            write(ring, 0, n + 2 * PAGE); // live [2 pages .. 6 pages): 2 before the seam, 2 after
            ring.grow(5 * PAGE, 2 * PAGE, n + 2 * PAGE); // only 1 page behind the old end
            assertLive(ring, 2 * PAGE, n + 2 * PAGE);
            assertEquals(2 * PAGE, ring.copyCounters().growthBytes());
        }
    }

    @Test
    void everySegmentFromBeforeAGrowThrowsAndTheHeaderKeepsItsBytes() {
        try (GrowableRingMemory ring = ring(1)) {
            ring.header().set(ValueLayout.JAVA_LONG, 0, 0x1234_5678_9ABCL);
            MemorySegment header = ring.header();
            write(ring, 0, 100);
            MemorySegment window = ring.window(0, 100);
            MemorySegment claim = ring.claim(100, 10); // never committed: dropped by the grow
            ring.grow(2 * PAGE, 0, 100);
            assertThrows(IllegalStateException.class, () -> window.get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, () -> claim.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            assertThrows(IllegalStateException.class, () -> header.get(ValueLayout.JAVA_LONG, 0));
            assertThrows(IllegalStateException.class, () -> ring.commit(100, 10), "the claim went with the grow");
            assertEquals(0x1234_5678_9ABCL, ring.header().get(ValueLayout.JAVA_LONG, 0));
            assertLive(ring, 0, 100);
        }
    }

    @Test
    void badGrowsAreRefusedNamingTheValuesAndChangeNothing() {
        try (GrowableRingMemory ring = ring(2)) {
            write(ring, 0, 10);
            String[] messages = {
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(2 * PAGE, 0, 10)).getMessage(),
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(PAGE, 0, 10)).getMessage(),
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(3 * PAGE + 1, 0, 10)).getMessage(),
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(-PAGE, 0, 10)).getMessage(),
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(4 * PAGE, -1, 10)).getMessage(),
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(4 * PAGE, 10, 9)).getMessage(),
                    assertThrows(IllegalArgumentException.class, () -> ring.grow(4 * PAGE, 0, 2 * PAGE + 1)).getMessage()};
            String[] named = {"" + 2 * PAGE, "" + PAGE, "" + (3 * PAGE + 1), "" + -PAGE, "-1", "9", "" + (2 * PAGE + 1)};
            for (int i = 0; i < messages.length; i++) {
                assertTrue(messages[i].contains(named[i]), messages[i]);
            }
            assertEquals(2 * PAGE, ring.capacity());
            assertLive(ring, 0, 10);
        }
        GrowableRingMemory closed = ring(1);
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.grow(2 * PAGE, 0, 0));
    }

    @Test
    void aGrowThatFailsLeavesTheRingAsItWasAndLeaksNothing() {
        for (String call : new String[] {"ftruncate", MirrorMapping.RESERVE, MirrorMapping.VIEW_1, MirrorMapping.VIEW_2}) {
            try (GrowableRingMemory ring = ring(2)) {
                write(ring, 0, 3 * PAGE);
                MemorySegment window = ring.window(PAGE, 2 * PAGE);
                Resources before = Resources.take();
                try (FaultHooks.Fault fault = LinuxFaults.failNth(call, 1, 12)) {
                    NativeCallException e = assertThrows(NativeCallException.class, () -> ring.grow(4 * PAGE, PAGE, 3 * PAGE));
                    assertTrue(e.call().startsWith(call), e.call());
                    assertTrue(fault.fired());
                }
                before.assertUnchanged("after a failed " + call);
                assertEquals(2 * PAGE, ring.capacity());
                assertEquals(value(PAGE), window.get(ValueLayout.JAVA_BYTE, 0), "earlier segments still work");
                ring.grow(4 * PAGE, PAGE, 3 * PAGE); // and the next grow succeeds
                assertLive(ring, PAGE, 3 * PAGE);
            }
        }
    }

    @Test
    void growsAndClosesLeaveNoMappingOrDescriptor() {
        growCycles(200); // warm up: JIT and allocator settle before the baseline
        Resources before = Resources.take();
        growCycles(2000);
        before.assertNoLeak("2000 rings grown twice", 2000, 11 * PAGE);
    }

    private static void growCycles(int n) {
        for (int i = 0; i < n; i++) {
            try (GrowableRingMemory ring = ring(1)) {
                write(ring, 0, PAGE + 10);
                ring.grow(2 * PAGE, 10, PAGE + 10);
                ring.grow(5 * PAGE, 10, PAGE + 10);
                assertLive(ring, 10, PAGE + 10);
            }
        }
    }

    @Test
    void residentMemoryAfterAGrowIsTheDataNotTheNewCapacity() {
        // One grow first: the libc binding makes each call's downcall handle on its first use
        // (generated classes and code, about 380 KiB of Pss), which is no page of the ring.
        growCycles(1);
        long n = 256 * PAGE;
        try (GrowableRingMemory ring = ring(256)) {
            write(ring, 0, n);
            long pss = ProcSelf.pssBytes();
            ring.grow(4 * n, 0, n);
            long grown = ProcSelf.pssBytes() - pss;
            assertTrue(grown < n / 4, "Pss grew by " + grown + " bytes for a grow from " + n + " to " + 4 * n);
            assertLive(ring, 0, n);
        }
    }
}
