package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * The discipline picks the broadcast class from the memory's type, and the mirror-view class's
 * per-slot segments follow the record length of each slot as it changes (variable-length
 * records, claims committed shorter than claimed), on every available strategy.
 */
class BroadcastShapeTest {

    static final long CAPACITY = 4 * 64 * 8; // 8 slots of 256 bytes

    static List<MemoryStrategy> strategies() {
        return Registries.memoryStrategies().available().stream()
                .filter(s -> !s.name().equals("mirrored-file")).toList(); // needs a path
    }

    static RingMemory allocate(MemoryStrategy s) {
        long g = s.granularity();
        return s.allocate(RingSpec.ofCapacity(Math.max(g, CAPACITY) / g * g));
    }

    @Test
    void theMemoryTypePicksTheClass() {
        int mirrors = 0;
        int laps = 0;
        for (MemoryStrategy s : strategies()) {
            try (RingMemory memory = allocate(s);
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory, QueueSpec.variable(200).withConsumers(2),
                         BroadcastOptions.defaults())) {
                if (memory instanceof MirrorViewMemory) {
                    assertInstanceOf(MirrorViewBroadcastQueue.class, q, s.name());
                    mirrors++;
                } else if (memory instanceof LapViewMemory) {
                    assertInstanceOf(LapViewBroadcastQueue.class, q, s.name() + ": pad on a lap view is in place");
                    laps++;
                } else {
                    assertInstanceOf(SegmentPathMemory.class, memory, s.name());
                    assertTrue(q instanceof SegmentPathBroadcastQueue || q instanceof ZeroCopySegmentBroadcastQueue, s.name() + ": " + q.getClass());
                }
            }
        }
        assertTrue(laps >= 2, "split and linearize are lap views: " + laps);
        Assumptions.assumeTrue(mirrors > 0, "no mirror-view strategy available: only the segment path was checked");
    }

    /**
     * A linearizing ring rotated before the queue was built (a window across its seam) has its
     * lap offset moved, so a slot would run over the lap's end: the discipline does not put the
     * slots in place there but takes the strategy's own path; split's windows never move bytes.
     */
    @Test
    void aLapWhoseSlotsWouldCrossItsEndTakesTheStrategysPath() {
        for (String name : List.of("split", "linearize")) {
            MemoryStrategy s = Registries.memoryStrategies().require(name);
            try (RingMemory memory = allocate(s)) {
                LapViewMemory lap = assertInstanceOf(LapViewMemory.class, memory, name);
                memory.window(memory.capacity() - 8, 64); // across the seam: linearize rotates, split gathers
                try (RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory,
                        QueueSpec.variable(200).withConsumers(2), BroadcastOptions.defaults())) {
                    if (lap.lapOffset(0) == 0) {
                        assertEquals("split", name, "only split keeps offset 0 after a window across the seam");
                        assertEquals(LapViewBroadcastQueue.class, q.getClass(), name);
                    } else {
                        assertEquals(SegmentPathBroadcastQueue.class, q.getClass(), name + ": slots would cross the lap's end");
                    }
                    byte[] bytes = new byte[200];
                    java.util.Arrays.fill(bytes, (byte) 7);
                    for (int n = 0; n < 20; n++) { // more than a lap: every slot, again
                        assertTrue(q.producer().offer(MemorySegment.ofArray(bytes)), name + " offer " + n);
                        for (int c = 0; c < 2; c++) {
                            MemorySegment r = q.consumer(c).peek();
                            assertEquals(200, r.byteSize());
                            assertEquals(7, r.get(ValueLayout.JAVA_BYTE, 199), name + " record " + n);
                            q.consumer(c).release();
                        }
                    }
                }
            }
        }
    }

    /**
     * Where claims or windows copy at the seam (split, linearize), cross packs the records:
     * gathered once by the producer where the memory allows a concurrent reader (split), else
     * windowed by each consumer (linearize); on doubled and the mirrors both placements are slots.
     */
    @Test
    void crossOnMemoryThatCopiesAtTheSeamPicksThePackedShape() {
        for (MemoryStrategy s : strategies()) {
            try (RingMemory memory = allocate(s);
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory,
                         QueueSpec.variable(200).withConsumers(2).withSeam(SeamPlacement.CROSS), BroadcastOptions.defaults())) {
                Class<?> expected = switch (s.name()) {
                    case "split" -> LapViewGatherBroadcastQueue.class;
                    case "linearize" -> LapViewCrossingBroadcastQueue.class;
                    default -> memory instanceof MirrorViewMemory ? MirrorViewBroadcastQueue.class
                            : memory.capabilities().containsAll(java.util.Set.of(org.ringlab.api.Capability.ZERO_COPY_CLAIM,
                                    org.ringlab.api.Capability.ZERO_COPY_WINDOW)) ? ZeroCopySegmentBroadcastQueue.class
                            : SegmentPathBroadcastQueue.class;
                };
                assertEquals(expected, q.getClass(), s.name());
            }
        }
    }

    @Test
    void everySlotHandsOutItsCurrentRecordAsLengthsChange() {
        for (MemoryStrategy s : strategies()) {
            for (SeamPlacement seam : SeamPlacement.values()) {
                slotsFollowLengths(s, seam);
            }
        }
    }

    private static void slotsFollowLengths(MemoryStrategy s, SeamPlacement seam) {
        {
            try (RingMemory memory = allocate(s);
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory,
                         QueueSpec.variable(200).withConsumers(2).withSeam(seam),
                         BroadcastOptions.defaults().withAdjustAfter(1_000_000))) {
                int slots = q.physicalSlots();
                int[] lengths = {10, 200, 0, 37, 37, 199, 1};
                int n = 0;
                for (int lap = 0; lap < 3; lap++) {
                    for (int k = 0; k < slots; k++, n++) {
                        int length = lengths[(n + lap) % lengths.length];
                        BroadcastProducer p = q.producer();
                        if ((n & 1) == 0) {
                            byte[] bytes = new byte[length];
                            java.util.Arrays.fill(bytes, (byte) n);
                            assertTrue(p.offer(MemorySegment.ofArray(bytes)), s.name() + " offer " + n);
                        } else {
                            MemorySegment claim = p.claim(200);
                            assertNotNull(claim, s.name() + " claim " + n);
                            assertEquals(200, claim.byteSize());
                            claim.asSlice(0, length).fill((byte) n);
                            p.commit(length); // shorter than claimed
                        }
                        for (int c = 0; c < 2; c++) {
                            BroadcastConsumer consumer = q.consumer(c);
                            MemorySegment r = consumer.peek();
                            assertNotNull(r, s.name() + " record " + n);
                            assertEquals(length, r.byteSize(), s.name() + " record " + n + " consumer " + c);
                            assertTrue(r.isReadOnly(), s.name() + ": a consumer's record is read-only");
                            for (long i = 0; i < length; i++) {
                                assertEquals((byte) n, r.get(ValueLayout.JAVA_BYTE, i), s.name() + " record " + n + " byte " + i);
                            }
                            consumer.release();
                        }
                    }
                }
                assertThrows(IllegalStateException.class, () -> q.consumer(0).release(), "nothing held");
            }
        }
    }
}
