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
        for (MemoryStrategy s : strategies()) {
            try (RingMemory memory = allocate(s);
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory, QueueSpec.variable(200).withConsumers(2),
                         BroadcastOptions.defaults())) {
                if (memory instanceof MirrorViewMemory) {
                    assertInstanceOf(MirrorViewBroadcastQueue.class, q, s.name());
                    mirrors++;
                } else {
                    assertInstanceOf(SegmentPathMemory.class, memory, s.name());
                    assertInstanceOf(SegmentPathBroadcastQueue.class, q, s.name());
                }
            }
        }
        Assumptions.assumeTrue(mirrors > 0, "no mirror-view strategy available: only the segment path was checked");
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
                    case "split" -> SharedGatherBroadcastQueue.class;
                    case "linearize" -> SeamCrossingBroadcastQueue.class;
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
