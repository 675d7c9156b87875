package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Length-word publication on reused ring bytes, deterministic by state (one thread, no timing):
 * a lap of large records full of non-zero bytes, consumed, then laps of small records whose
 * frames start inside the old payloads. After each record is consumed the queue must say empty:
 * an old payload byte under a new frame's word must never read as a record. The broken twin
 * that publishes without the zero terminator after each record must deliver a phantom record
 * here. Also: what a claim's caller wrote past a shorter commit, or into a claim it replaced,
 * never reads as a record; a full ring keeps the terminator's 8 bytes free; a ring of the
 * earlier consumer-zeroed format is refused.
 */
class SpscLengthWordReuseTest {

    static final QueueSpec SPEC = QueueSpec.variable(1000);

    static Optional<MemoryStrategy> mirrorView() {
        return Registries.memoryStrategies().available().stream()
                .filter(m -> m.has(Capability.MIRRORED) && !m.has(Capability.GROWABLE)).findFirst();
    }

    /** Violations seen: a record that differs from the one offered, or a record where the queue should be empty. */
    static long violations(Function<MirrorViewMemory, RecordQueue> build, int consumeBy) {
        MemoryStrategy s = mirrorView().orElseThrow();
        return violations(s, m -> {
            assertInstanceOf(MirrorViewMemory.class, m, s.name());
            return build.apply((MirrorViewMemory) m);
        }, consumeBy);
    }

    /** {@link #violations(Function, int)} on a ring of {@code s} (at least 4 KiB) and the queue {@code build} makes on it. */
    static long violations(MemoryStrategy s, Function<RingMemory, RecordQueue> build, int consumeBy) {
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(Math.max(4096, s.granularity())))) {
            try (RecordQueue queue = build.apply(memory)) {
                QueueProducer p = queue.producer();
                QueueConsumer c = queue.consumer(0);
                long capacity = memory.capacity();
                byte[] big = new byte[1000];
                Arrays.fill(big, (byte) 0x7F);
                long violations = 0;
                // One lap of large records, every byte non-zero, consumed.
                for (long bytes = 0; bytes + 1008 <= capacity; bytes += 1008) {
                    assertTrue(p.offer(MemorySegment.ofArray(big)));
                    violations += take(c, big, consumeBy);
                }
                // Three laps of small records (8- to 24-byte frames) starting anywhere in the old payloads.
                for (int i = 0; i < 3 * capacity / 8; i++) {
                    byte[] small = new byte[1 + i % 17];
                    Arrays.fill(small, (byte) i);
                    assertTrue(p.offer(MemorySegment.ofArray(small)));
                    try {
                        violations += take(c, small, consumeBy);
                    } catch (IndexOutOfBoundsException | IllegalArgumentException phantomLength) {
                        // An old payload read as a word too long for the ring (the view's bounds, or the strategy's check).
                        return violations + 1;
                    }
                }
                return violations;
            }
        }
    }

    /** Takes one record (0 poll, 1 peek/release, 2 drain), then checks the queue is empty. */
    private static long take(QueueConsumer c, byte[] expected, int consumeBy) {
        byte[][] got = new byte[1][];
        switch (consumeBy) {
            case 0 -> {
                byte[] out = new byte[1000];
                int n = c.poll(MemorySegment.ofArray(out));
                got[0] = n < 0 ? null : Arrays.copyOf(out, n);
            }
            case 1 -> {
                MemorySegment r = c.peek();
                got[0] = r == null ? null : r.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                if (r != null) {
                    c.release();
                }
            }
            default -> c.drain(r -> got[0] = r.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), 1);
        }
        long violations = Arrays.equals(expected, got[0]) ? 0 : 1;
        // Nothing else is published: a phantom record here is an old payload read as a word.
        if (c.peek() != null) {
            violations++;
            c.release();
        }
        return violations;
    }

    @Test
    void oldPayloadBytesNeverReadAsRecordsOnEveryReadPath() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        for (int by = 0; by < 3; by++) {
            assertEquals(0, violations(m -> SpscRingQueue.create("spsc", m, SPEC), by), "read path " + by);
        }
    }

    /**
     * The segment path's length words (doubled, split and linearize, pad and cross) through the
     * strategies' own calls, split's and linearize's padded frames in their lap views (what
     * the factory gives them with pad) and doubled's frames in place in its 2N array (what the
     * factory gives it).
     */
    @Test
    void oldPayloadBytesNeverReadAsRecordsOnTheSegmentPath() {
        for (String name : java.util.List.of("doubled", "split", "linearize")) {
            MemoryStrategy s = Registries.memoryStrategies().require(name);
            for (org.ringlab.api.SeamPlacement seam : org.ringlab.api.SeamPlacement.values()) {
                QueueSpec spec = SPEC.withSeam(seam);
                boolean doubled = name.equals("doubled");
                boolean lapView = !doubled && seam == org.ringlab.api.SeamPlacement.PAD;
                boolean lapCross = name.equals("split") && seam == org.ringlab.api.SeamPlacement.CROSS;
                for (int by = 0; by < 3; by++) {
                    RecordQueue[] built = new RecordQueue[1];
                    long v = violations(s, m -> built[0] = lapView ? new PaddedSegmentSpscQueue("spsc", m, spec)
                            : doubled || lapCross ? new SegmentSpscQueue("spsc", m, spec) : SpscRingQueue.create("spsc", m, spec), by);
                    assertTrue(SpscShapes.wordSegment(built[0]), name + ": " + built[0].getClass());
                    assertEquals(0, v, name + " " + seam + " read path " + by);
                    if (lapView || doubled || lapCross) {
                        v = violations(s, m -> built[0] = SpscRingQueue.create("spsc", m, spec), by);
                        assertTrue(SpscShapes.inPlace(built[0]), name + ": " + built[0].getClass());
                        assertEquals(0, v, name + " " + seam + " in place, read path " + by);
                    }
                }
            }
        }
    }

    /** The segment path's no-terminator twin, on doubled and on split with records across the seam: phantom records. */
    @Test
    void publishingWithoutAZeroTerminatorIsCaughtOnTheSegmentPath() {
        QueueSpec cross = SPEC.withSeam(org.ringlab.api.SeamPlacement.CROSS);
        for (String name : java.util.List.of("doubled", "split")) {
            long violations = violations(Registries.memoryStrategies().require(name),
                    m -> new NoTerminatorSegmentSpscQueue("spsc", m, cross), 0);
            assertTrue(violations > 0, name + ": the twin published records without the zero terminator after them and"
                    + " the test saw no phantom record: it cannot catch a reuse bug");
        }
    }

    @Test
    void publishingWithoutAZeroTerminatorIsCaught() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        long violations = violations(m -> new NoTerminatorMirrorViewSpscQueue("spsc", m, SPEC), 0);
        assertTrue(violations > 0, "the twin published records without the zero terminator after them and the test"
                + " saw no phantom record: it cannot catch a reuse bug");
    }

    /**
     * Claims filled with non-zero bytes, committed shorter, replaced, or refused an offer while
     * outstanding, lap after lap: the bytes past each commit are never cleaned up, and the next
     * record's word must still read 0 until it is published.
     */
    @Test
    void bytesAClaimLeftPastItsCommitNeverReadAsRecords() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()));
             RecordQueue queue = SpscRingQueue.create("spsc", memory, SPEC)) {
            QueueProducer p = queue.producer();
            QueueConsumer c = queue.consumer(0);
            long violations = 0;
            for (int i = 0; i < 3 * memory.capacity() / 8; i++) {
                int committed = i % 13;
                byte[] expected = new byte[committed];
                Arrays.fill(expected, (byte) (i | 1));
                MemorySegment claim = p.claim(1000);
                claim.fill((byte) 0x7F);
                switch (i % 3) {
                    case 0 -> claim = p.claim(40); // replaced: the first claim's bytes stay in the ring
                    case 1 -> org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                            () -> p.offer(MemorySegment.ofArray(new byte[1])));
                    default -> { }
                }
                claim.fill((byte) 0x7F);
                MemorySegment.copy(MemorySegment.ofArray(expected), 0, claim, 0, committed);
                p.commit(committed);
                try {
                    violations += take(c, expected, i % 3);
                } catch (IndexOutOfBoundsException phantomLength) {
                    violations++;
                    break;
                }
            }
            assertEquals(0, violations, "records that differ or phantom records after claims");
        }
    }

    /** A ring of N bytes holds N - 8 bytes of frames: the terminator's word after the newest stays free. */
    @Test
    void aFullRingKeepsTheTerminatorsWordFree() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()));
             RecordQueue queue = SpscRingQueue.create("spsc", memory, SPEC)) {
            QueueProducer p = queue.producer();
            QueueConsumer c = queue.consumer(0);
            long frames = (memory.capacity() - SpscDescriptor.TERMINATOR_RESERVE) / 8; // 4-byte records: 8-byte frames
            for (int lap = 0; lap < 3; lap++) {
                long accepted = 0;
                while (p.offer(MemorySegment.ofArray(new byte[] {1, 2, 3, (byte) lap}))) {
                    accepted++;
                }
                assertEquals(frames, accepted, "records of 8-byte frames a ring of " + memory.capacity() + " bytes took, lap " + lap);
                long taken = 0;
                byte[] out = new byte[1000];
                while (c.poll(MemorySegment.ofArray(out)) == 4) {
                    assertArrayEquals(new byte[] {1, 2, 3, (byte) lap}, Arrays.copyOf(out, 4));
                    taken++;
                }
                assertEquals(frames, taken, "records taken back, lap " + lap);
                assertTrue(p.offer(MemorySegment.ofArray(new byte[5]))); // moves the frames off the lap boundary
                assertEquals(5, c.poll(MemorySegment.ofArray(out)));
            }
            // The largest record the ring takes fills it but for the reserve.
            long largest = memory.capacity() - SpscDescriptor.TERMINATOR_RESERVE - 4;
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> SpscRingQueue.create("spsc", memory, QueueSpec.variable((int) largest + 1)));
            assertTrue(e.getMessage().contains("at most " + (memory.capacity() - 8)), e.getMessage());
        }
    }

    /** A header of the earlier length-word format (publication 1, consumer-zeroed frames, no terminators) is refused by name. */
    @Test
    void aRingOfTheConsumerZeroedFormatIsRefused() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()))) {
            SpscRingQueue.create("spsc", memory, SPEC).close();
            memory.header().set(java.lang.foreign.ValueLayout.JAVA_INT, SpscDescriptor.PUBLICATION_OFFSET,
                    SpscDescriptor.PUBLISHED_BY_CONSUMER_ZEROED_LENGTH_WORD);
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> SpscRingQueue.create("spsc", memory, SPEC));
            assertTrue(e.getMessage().contains("publication 1") && e.getMessage().contains("zeroed by the consumer"),
                    e.getMessage());
        }
    }

    @Test
    void theFactoryPicksTheLengthWordClassForVariableRecordsOnAMirrorView() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()));
             RecordQueue variable = SpscRingQueue.create("spsc", memory, SPEC)) {
            assertInstanceOf(MirrorViewSpscQueue.class, variable);
        }
    }

    /**
     * The mirror view's queue and the segment path's write the same frames: one attaches to the
     * other's ring on the same memory and continues its records, in order, both ways.
     */
    @Test
    void theMirrorViewAndTheSegmentPathQueuesShareTheirFormat() {
        assumeTrue(mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()))) {
            long sent = 0;
            long got = 0;
            MemorySegment dst = MemorySegment.ofArray(new byte[1000]);
            for (int round = 0; round < 4; round++) {
                RecordQueue queue = round % 2 == 0 ? new MirrorViewSpscQueue("spsc", (MirrorViewMemory) memory, SPEC)
                        : new SegmentSpscQueue("spsc", memory, SPEC);
                try (queue) {
                    // Enough records to wrap the ring; the last few stay queued for the next queue.
                    for (int i = 0; i < 300; i++) {
                        byte[] r = new byte[1 + (int) (sent % 40)];
                        Arrays.fill(r, (byte) sent);
                        assertTrue(queue.producer().offer(MemorySegment.ofArray(r)), queue.getClass().getSimpleName());
                        sent++;
                        if (i < 295) {
                            int n = queue.consumer(0).poll(dst);
                            assertEquals(1 + got % 40, n, queue.getClass().getSimpleName() + " record " + got);
                            assertEquals((byte) got, dst.get(java.lang.foreign.ValueLayout.JAVA_BYTE, n - 1));
                            got++;
                        }
                    }
                }
            }
            try (RecordQueue last = new SegmentSpscQueue("spsc", memory, SPEC)) {
                while (last.consumer(0).poll(dst) >= 0) {
                    got++;
                }
            }
            assertEquals(sent, got);
        }
    }

    /**
     * The segment path's length-word queue and the growable ring's position-published one never
     * share a ring: each refuses the other's header, naming both publications.
     */
    @Test
    void positionAndLengthWordQueuesRefuseEachOthersRings() {
        Optional<MemoryStrategy> growable = Registries.memoryStrategies().available().stream()
                .filter(m -> m.has(Capability.GROWABLE)).findFirst();
        assumeTrue(growable.isPresent(), "no growable strategy available on this machine");
        MemoryStrategy s = growable.orElseThrow();
        QueueSpec growing = SPEC.withGrowth(org.ringlab.api.GrowthPolicy.doubling(4 * s.granularity()));
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()))) {
            new GrowableSpscQueue("spsc", memory, growing).close();
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> new SegmentSpscQueue("spsc", memory, SPEC));
            assertTrue(e.getMessage().contains("publication 0") && e.getMessage().contains("publishes 2"), e.getMessage());
        }
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()))) {
            SegmentSpscQueue words = new SegmentSpscQueue("spsc", memory, SPEC);
            words.close();
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> new GrowableSpscQueue("spsc", memory, growing));
            assertTrue(e.getMessage().contains("publication 2") && e.getMessage().contains("publishes 0"), e.getMessage());
        }
    }
}
