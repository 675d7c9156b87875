package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@link SpscRingQueue#create} picks one class per memory shape and record mode from the
 * memory's type and the spec, and each class keeps every record through claims whose commit is
 * shorter than the claim (the word is written at claim time and rewritten by a second claim of
 * the same frame), across the seam on every strategy, with both seam placements.
 */
class SpscShapeTest {

    private static final int MAX = 100;

    static List<MemoryStrategy> strategies() {
        List<MemoryStrategy> available = Registries.memoryStrategies().available();
        assertFalse(available.isEmpty(), "no memory strategy available");
        return available;
    }

    /** The class the factory must pick, by the memory's type, the record mode and the seam placement. */
    static Class<?> expected(RingMemory memory, QueueSpec spec) {
        boolean fixed = spec.mode() == QueueSpec.RecordMode.FIXED;
        if (spec.growth() != null) {
            return fixed ? FixedGrowableSpscQueue.class : GrowableSpscQueue.class;
        }
        if (memory instanceof MirrorViewMemory) {
            return fixed ? FixedMirrorViewSpscQueue.class : MirrorViewSpscQueue.class;
        }
        boolean padded = spec.seam() == SeamPlacement.PAD && !(memory.capabilities().contains(Capability.ZERO_COPY_CLAIM)
                && memory.capabilities().contains(Capability.ZERO_COPY_WINDOW));
        if (fixed) {
            return padded ? PaddedFixedSlotSpscQueue.class : FixedSlotSpscQueue.class;
        }
        if (padded && memory instanceof LapViewMemory l && l.lapOffset(0) == 0) {
            return LapViewSpscQueue.class;
        }
        if (spec.seam() == SeamPlacement.CROSS && memory instanceof LapViewMemory l && l.lapOffset(0) == 0
                && memory.capabilities().contains(Capability.CONCURRENT_READ)) {
            return LapViewCrossSpscQueue.class;
        }
        if (!padded && memory instanceof org.ringlab.api.DoubledViewMemory) {
            return DoubledViewSpscQueue.class;
        }
        return padded ? PaddedSegmentSpscQueue.class : SegmentSpscQueue.class;
    }

    @TestFactory
    Stream<DynamicTest> theFactoryPicksOneFinalClassPerShapeAndMode() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MemoryStrategy s : strategies()) {
            for (QueueSpec spec : specs(s)) {
                tests.add(dynamicTest(s.name() + " × " + spec, () -> {
                    try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity() * Math.max(1, 4096 / s.granularity())));
                         RecordQueue queue = SpscRingQueue.create("spsc", memory, spec)) {
                        assertEquals(expected(memory, spec), queue.getClass());
                        assertTrue(java.lang.reflect.Modifier.isFinal(queue.getClass().getModifiers()),
                                queue.getClass() + " is not final (the broken twins are copies, not subclasses)");
                    }
                }));
            }
        }
        return tests.stream();
    }

    private static List<QueueSpec> specs(MemoryStrategy s) {
        List<QueueSpec> specs = new ArrayList<>();
        for (SeamPlacement seam : SeamPlacement.values()) {
            specs.add(QueueSpec.variable(MAX).withSeam(seam));
            specs.add(QueueSpec.fixed(64).withSeam(seam));
            if (s.has(Capability.GROWABLE)) {
                specs.add(QueueSpec.variable(MAX).withSeam(seam).growingUpTo(1 << 20));
                specs.add(QueueSpec.fixed(64).withSeam(seam).growingUpTo(1 << 20));
            }
        }
        return specs;
    }

    /**
     * Claims of {@value #MAX} bytes committed at every length from 0 to the claim's, for many
     * laps of a small ring (so claims straddle the seam, staged on split and linearize with
     * cross), interleaved with full-length commits and offers: every record comes out with its
     * committed length and bytes.
     */
    @TestFactory
    Stream<DynamicTest> shorterCommitsKeepEveryRecordAcrossTheSeam() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MemoryStrategy s : strategies()) {
            for (SeamPlacement seam : SeamPlacement.values()) {
                tests.add(dynamicTest(s.name() + " × " + seam, () -> {
                    long capacity = s.granularity() * Math.max(1, 1024 / s.granularity());
                    try (RingMemory memory = s.allocate(RingSpec.ofCapacity(capacity));
                         RecordQueue queue = SpscRingQueue.create("spsc", memory, QueueSpec.variable(MAX).withSeam(seam));
                         Arena arena = Arena.ofConfined()) {
                        QueueProducer p = queue.producer();
                        QueueConsumer c = queue.consumer(0);
                        MemorySegment dst = arena.allocate(MAX);
                        MemorySegment src = arena.allocate(MAX);
                        for (int i = 0; i < 20 * (int) (capacity / 8); i++) {
                            int length = i % (MAX + 1);
                            byte tag = (byte) i;
                            if (i % 3 == 2) {
                                src.fill(tag);
                                assertEquals(true, p.offer(src.asSlice(0, length)), "offer " + i);
                            } else {
                                MemorySegment claim = p.claim(MAX);
                                assertNotNull(claim, "claim " + i + " on an empty queue");
                                claim.fill(tag);
                                p.commit(i % 3 == 0 ? length : MAX);
                                if (i % 3 == 1) {
                                    length = MAX;
                                }
                            }
                            int got = i % 2 == 0 ? c.poll(dst) : peekAndCopy(c, dst);
                            assertEquals(length, got, s.name() + " × " + seam + ": length of record " + i);
                            for (int b = 0; b < length; b++) {
                                assertEquals(tag, dst.get(ValueLayout.JAVA_BYTE, b), "byte " + b + " of record " + i);
                            }
                        }
                        assertEquals(QueueConsumer.EMPTY, c.poll(dst));
                    }
                }));
            }
        }
        return tests.stream();
    }

    private static int peekAndCopy(QueueConsumer c, MemorySegment dst) {
        MemorySegment r = c.peek();
        assertNotNull(r);
        MemorySegment.copy(r, 0, dst, 0, r.byteSize());
        c.release();
        return (int) r.byteSize();
    }
}
