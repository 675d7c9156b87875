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
}
