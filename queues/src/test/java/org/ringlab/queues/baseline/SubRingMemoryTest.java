package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ringlab.api.Capability;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** The sub-ring view keeps the RingMemory rules the spsc queue on it relies on, and lands its bytes in its own range. */
class SubRingMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"doubled", "mirrored-memfd"}) // the two leaves: segment path, mirror view
    void aSubRingWritesItsOwnRangeForwardOnlyAndDiesWithItsParent(String strategy) {
        RingMemory parent = Registries.memoryStrategies().require(strategy).allocate(RingSpec.ofCapacity(8192));
        SubRingMemory.WriteCursor cursor = new SubRingMemory.WriteCursor();
        SubRingMemory one = SubRingMemory.of(parent, 4096, 4096, parent.header().asSlice(512, 384), cursor);
        assertEquals(strategy.equals("doubled") ? SubRingMemory.OnSegmentPath.class : SubRingMemory.OnMirrorView.class,
                one.getClass());
        assertFalse(one.capabilities().contains(Capability.ZERO_COPY_CLAIM), "not contiguous across its end");
        assertFalse(one.capabilities().contains(Capability.ZERO_COPY_WINDOW));
        one.writeInt(4096 + 8, 42); // lap 1 of the sub-ring, offset 8: parent offset 4104
        assertEquals(42, parent.readInt(4104));
        assertEquals(42, one.readInt(8));
        IllegalArgumentException back = assertThrows(IllegalArgumentException.class, () -> one.writeInt(0, 1));
        assertTrue(back.getMessage().contains("backwards"), back.getMessage());
        assertThrows(IllegalArgumentException.class, () -> one.window(4090, 8), "across the sub-ring's end");
        assertThrows(IllegalArgumentException.class, () -> one.claim(2 * 4096 + 4090, 8));
        MemorySegment claim = one.claim(2 * 4096, 8);
        claim.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, 0, 7L);
        one.commit(2 * 4096, 8);
        assertEquals(7L, one.window(0, 8).get(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, 0));
        parent.close();
        assertFalse(one.isOpen());
        assertThrows(IllegalStateException.class, one::strategyName);
        assertThrows(IllegalStateException.class, one::capabilities);
        assertThrows(IllegalStateException.class, one::granularity);
        assertThrows(IllegalStateException.class, one::header);
        assertThrows(IllegalStateException.class, one::copyCounters);
        assertThrows(IllegalStateException.class, () -> one.window(0, 8));
        assertThrows(IllegalStateException.class, () -> one.writeInt(3 * 4096, 1));
        // An offer the close cut short is retried at its old position: closed, not "backwards" (CloseUnderRunningThreadsTest).
        assertThrows(IllegalStateException.class, () -> one.writeInt(0, 1));
    }

    /**
     * writeThenZeroInt of a sub-ring leaves the parent's bytes and the sub-ring's state exactly as
     * write then writeInt do: side by side inside one lap (one parent call) and with the payload
     * ending at the sub-ring's end (the zero word starts the next lap: the two calls), with a
     * second sub-ring writing between them through the shared cursor.
     */
    @ParameterizedTest
    @ValueSource(strings = {"doubled", "split", "mirrored-memfd"})
    void writeThenZeroIntLeavesWhatWriteThenWriteIntLeave(String strategy) {
        RingMemory[] parents = new RingMemory[2];
        try {
            for (int k = 0; k < 2; k++) {
                RingMemory parent = Registries.memoryStrategies().require(strategy).allocate(RingSpec.ofCapacity(8192));
                parents[k] = parent;
                parent.write(0, bytes(8192, 0x5A)); // both parents start alike, and not zero: the zero words show
                SubRingMemory.WriteCursor cursor = new SubRingMemory.WriteCursor();
                cursor.end = 8192;
                SubRingMemory one = SubRingMemory.of(parent, 4096, 4096, parent.header().asSlice(512, 384), cursor);
                SubRingMemory two = SubRingMemory.of(parent, 0, 4096, parent.header().asSlice(896, 384), cursor);
                boolean fused = k == 0;
                step(one, fused, 8, bytes(64, 0x11), 72);
                one.writeIntRelease(4, 68);
                two.writeInt(16, 0x0BADCAFE);
                step(one, fused, 4096 - 64, bytes(64, 0x22), 4096); // payload ends at the sub-ring's end
                step(one, fused, 4096 + 100, bytes(32, 0x33), 4096 + 136);
                one.writeIntRelease(4096 + 96, 36);
                assertEquals(0, one.readInt(136), "the zero word after the last payload");
                assertEquals(36, one.readInt(96));
            }
            byte[][] seen = new byte[2][8192];
            for (int k = 0; k < 2; k++) {
                parents[k].read(8192, MemorySegment.ofArray(seen[k]), 0, 8192); // the ring's current lap
            }
            org.junit.jupiter.api.Assertions.assertArrayEquals(seen[1], seen[0],
                    strategy + ": the fused call left other bytes in the parent than write then writeInt");
            assertEquals(0x22, seen[0][4096 + 4096 - 1], "the payload that ended at the sub-ring's end");
        } finally {
            for (RingMemory parent : parents) {
                if (parent != null) {
                    parent.close();
                }
            }
        }
    }

    private static void step(SubRingMemory ring, boolean fused, long position, MemorySegment payload, long zeroPosition) {
        if (fused) {
            ring.writeThenZeroInt(position, payload, zeroPosition);
        } else {
            ring.write(position, payload);
            ring.writeInt(zeroPosition, 0);
        }
    }

    private static MemorySegment bytes(int length, int value) {
        byte[] b = new byte[length];
        java.util.Arrays.fill(b, (byte) value);
        return MemorySegment.ofArray(b);
    }
}
