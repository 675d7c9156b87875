package org.ringlab.queues.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Capability;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * Every available strategy's memory describes itself: its type is its shape (a mirror view, a
 * segment path, a growable ring), its capabilities and granularity are the allocating
 * strategy's, answered without a registry; after close every method but close, isOpen and capacity
 * throws, and no discipline builds a queue on it.
 */
class MemoryShapeTest {

    private static List<MemoryStrategy> available() {
        List<MemoryStrategy> all = Registries.memoryStrategies().available();
        assertTrue(all.size() >= 3, "the heap strategies at least are always available: " + all);
        return all;
    }

    private static long capacityFor(MemoryStrategy s) {
        return Math.max(s.granularity(), 1 << 16) / s.granularity() * s.granularity();
    }

    @Test
    void theMemorysTypeIsItsShapeAndItDescribesItself() {
        for (MemoryStrategy s : available()) {
            try (RingMemory m = s.allocate(RingSpec.ofCapacity(capacityFor(s)))) {
                assertEquals(s.capabilities(), m.capabilities(), s.name());
                assertEquals(s.granularity(), m.granularity(), s.name());
                assertEquals(s.has(Capability.GROWABLE), m instanceof GrowableRingMemory, s.name() + " growable");
                boolean view = s.has(Capability.MIRRORED) && !s.has(Capability.GROWABLE);
                assertEquals(view, m instanceof MirrorViewMemory, s.name() + " mirror view");
                assertEquals(!view, m instanceof SegmentPathMemory, s.name() + " segment path");
                String shape = switch (m) {
                    case MirrorViewMemory v -> "view of " + v.mirrorView().byteSize();
                    case GrowableRingMemory g -> "growable";
                    case SegmentPathMemory p -> "segment path";
                };
                assertFalse(shape.isEmpty());
                if (m instanceof MirrorViewMemory v) {
                    assertEquals(2 * m.capacity(), v.mirrorView().byteSize(), s.name());
                }
                assertEquals(s.name().equals("doubled"), m instanceof org.ringlab.api.DoubledViewMemory, s.name() + " doubled view");
                if (m instanceof org.ringlab.api.DoubledViewMemory d) {
                    assertEquals(2 * m.capacity(), d.doubledView().byteSize(), s.name());
                    long n = m.capacity();
                    assertThrows(IllegalArgumentException.class, () -> d.twin(d.doubledView(), 0, n, 1), "twin at N");
                    assertThrows(IllegalArgumentException.class, () -> d.twin(d.doubledView(), 0, 0, n + 1), "twin of N + 1 bytes");
                    assertThrows(IllegalArgumentException.class, () -> d.twinInt(n - 2, 1), "an int at N - 2");
                    assertThrows(IllegalArgumentException.class, () -> d.twinInt(2, 1), "an unaligned int");
                }
            }
        }
    }

    @Test
    void afterCloseEveryMethodButCloseIsOpenAndCapacityThrows() {
        for (MemoryStrategy s : available()) {
            RingMemory m = s.allocate(RingSpec.ofCapacity(capacityFor(s)));
            m.close();
            m.close(); // idempotent
            assertFalse(m.isOpen(), s.name());
            List<Consumer<RingMemory>> calls = List.of(RingMemory::strategyName,
                    RingMemory::capabilities, RingMemory::granularity, RingMemory::copyCounters, RingMemory::header,
                    r -> r.claim(0, 8), r -> r.commit(0, 8), r -> r.window(0, 8),
                    r -> r.write(0, java.lang.foreign.MemorySegment.ofArray(new byte[8])));
            for (int i = 0; i < calls.size(); i++) {
                Consumer<RingMemory> call = calls.get(i);
                int index = i;
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> call.accept(m),
                        s.name() + ": call " + index + " after close");
                assertTrue(e.getMessage().contains("closed"), e.getMessage());
            }
            if (m instanceof MirrorViewMemory v) {
                assertThrows(IllegalStateException.class, v::mirrorView, s.name());
            }
            if (m instanceof org.ringlab.api.DoubledViewMemory d) {
                assertThrows(IllegalStateException.class, d::doubledView, s.name());
                assertThrows(IllegalStateException.class, () -> d.twinInt(0, 1), s.name() + " twinInt");
                assertThrows(IllegalStateException.class, () -> d.twin(java.lang.foreign.MemorySegment.ofArray(new byte[8]), 0, 0, 8),
                        s.name() + " twin");
            }
        }
    }

    @Test
    void noDisciplineBuildsAQueueOnClosedMemory() {
        MemoryStrategy doubled = Registries.memoryStrategies().require("doubled");
        List<QueueDiscipline> disciplines = Registries.disciplines().available();
        assertTrue(disciplines.size() >= 5, "disciplines: " + disciplines);
        for (QueueDiscipline d : disciplines) {
            RingMemory m = doubled.allocate(RingSpec.ofCapacity(1 << 16));
            m.close();
            assertThrows(IllegalStateException.class, () -> d.create(m, QueueSpec.variable(64)), d.name());
        }
    }
}
