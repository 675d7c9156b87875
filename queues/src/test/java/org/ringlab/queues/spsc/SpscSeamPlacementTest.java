package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * The spec's seam placement: {@code pad} starts a record that would cross the seam at the next
 * lap (padding, no strategy copy); {@code cross} lets it straddle the seam through the strategy's
 * own staging and gather (strategy copies, no padding); on contiguous memory both are the same.
 */
class SpscSeamPlacementTest {

    private static final long CAPACITY = 4096;
    private static final int RECORDS = 2000;
    /** Cross runs of the two-thread stress on the strategies whose seam copies. */
    private static final long STRESS_RECORDS = Long.getLong("ringlab.spsc.cross.records", 1_000_000L);

    @Test
    void theDefaultIsPadAndTheValuesAreNamed() {
        assertEquals(SeamPlacement.PAD, QueueSpec.variable(64).seam());
        assertEquals(SeamPlacement.PAD, new QueueSpec(QueueSpec.RecordMode.FIXED, 8, 1, null).seam());
        QueueSpec cross = QueueSpec.variable(64).withSeam("cross");
        assertEquals(SeamPlacement.CROSS, cross.seam());
        assertEquals(SeamPlacement.CROSS, cross.withConsumers(3).seam(), "withConsumers keeps the placement");
        assertEquals(SeamPlacement.CROSS, cross.growingUpTo(1 << 20).seam(), "withGrowth keeps the placement");
        assertEquals(SeamPlacement.PAD, SeamPlacement.parse(" PAD "));
        assertEquals("cross", SeamPlacement.CROSS.label());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> QueueSpec.variable(64).withSeam("wrap"));
        assertTrue(bad.getMessage().contains("'wrap'") && bad.getMessage().contains("pad, cross"), bad.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> new QueueSpec(QueueSpec.RecordMode.VARIABLE, 64, 1, null, null));
        assertTrue(none.getMessage().contains("pad or cross"), none.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QueueSpec.variable(64).withSeam((SeamPlacement) null));
        assertThrows(IllegalArgumentException.class, () -> SeamPlacement.parse(null));
    }

    private static List<String> seamCopying() {
        return List.of("split", "linearize");
    }

    @TestFactory
    Stream<DynamicTest> padSkipsTheSeamAndCrossGoesThroughTheStrategysSeamCode() {
        return seamCopying().stream().flatMap(name -> Stream.of(QueueSpec.RecordMode.VARIABLE, QueueSpec.RecordMode.FIXED)
                .map(mode -> dynamicTest(name + " " + mode, () -> {
                    MemoryStrategy s = Registries.memoryStrategies().require(name);
                    QueueSpec spec = new QueueSpec(mode, 100, 1);
                    Run pad = roundTrip(s, spec);
                    Run cross = roundTrip(s, spec.withSeam(SeamPlacement.CROSS));
                    assertTrue(pad.padding > 0, name + " pad: records that would cross the seam skip to the next lap");
                    assertEquals(0, pad.copies.stagingBytes() + pad.copies.gatherBytes() + pad.copies.rotationBytes(),
                            name + " pad: the strategy never stages, gathers or rotates: " + pad.copies);
                    assertEquals(0, cross.padding, name + " cross: nothing skipped");
                    assertTrue(cross.copies.extraBytes() > 0,
                            name + " cross: records straddling the seam go through the strategy's own copy: " + cross.copies);
                })));
    }

    @TestFactory
    Stream<DynamicTest> onContiguousMemoryPadAndCrossAreTheSame() {
        return Registries.memoryStrategies().available().stream()
                .filter(s -> s.has(Capability.MIRRORED) || s.name().equals("doubled"))
                .filter(s -> !s.has(Capability.GROWABLE))
                .map(s -> dynamicTest(s.name(), () -> {
                    QueueSpec spec = QueueSpec.variable(100);
                    Run pad = roundTrip(s, spec);
                    Run cross = roundTrip(s, spec.withSeam(SeamPlacement.CROSS));
                    assertEquals(0, pad.padding);
                    assertEquals(0, cross.padding);
                    assertEquals(pad.copies, cross.copies, s.name());
                }));
    }

    /**
     * One thread: record i offered, a claim for record i + 1 taken, record i polled (about one in
     * twenty crosses the seam: split gathers, linearize would rotate), then the claim filled and
     * committed and polled. Every record must come back whole: before linearize kept its
     * rotation away from a claim held in place, the polled crossing record rotated the ring under
     * the claim, the claimed bytes went to other positions and record i + 1 read as stale bytes.
     */
    @TestFactory
    Stream<DynamicTest> aClaimHeldWhileACrossingRecordIsPolledKeepsItsBytes() {
        return seamCopying().stream().flatMap(name -> Stream.of(QueueSpec.RecordMode.VARIABLE, QueueSpec.RecordMode.FIXED)
                .map(mode -> dynamicTest(name + " " + mode, () -> {
                    MemoryStrategy s = Registries.memoryStrategies().require(name);
                    QueueSpec spec = new QueueSpec(mode, 100, 1).withSeam(SeamPlacement.CROSS);
                    try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
                         RecordQueue q = new SpscDiscipline().create(memory, spec)) {
                        QueueProducer p = q.producer();
                        QueueConsumer c = q.consumer(0);
                        byte[] rec = new byte[100];
                        byte[] out = new byte[100];
                        for (int i = 0; i < 400; i += 2) {
                            java.util.Arrays.fill(rec, (byte) i);
                            assertTrue(p.offer(MemorySegment.ofArray(rec)), name + ": offer of record " + i);
                            MemorySegment claim = p.claim(100);
                            assertEquals(100, c.poll(MemorySegment.ofArray(out)), name + ": record " + i);
                            assertArrayEquals(rec, out, name + ": record " + i);
                            claim.fill((byte) (i + 1));
                            p.commit(100);
                            java.util.Arrays.fill(rec, (byte) (i + 1));
                            assertEquals(100, c.poll(MemorySegment.ofArray(out)), name + ": claimed record " + (i + 1));
                            assertArrayEquals(rec, out, name + ": claimed record " + (i + 1) + " (held while record " + i
                                    + " was polled)");
                        }
                        CopyCounters copies = memory.copyCounters();
                        assertTrue(copies.extraBytes() > 0, name + ": records crossed the seam (claims across it staged,"
                                + " a window or read across it gathered, rotated or read in two parts): " + copies);
                    }
                })));
    }

    @Test
    void crossTakesRecordsUpToTheWholeRingPadOnlyHalf() {
        MemoryStrategy split = Registries.memoryStrategies().require("split");
        QueueSpec big = QueueSpec.fixed((int) (CAPACITY * 3 / 4));
        try (RingMemory memory = split.allocate(RingSpec.ofCapacity(CAPACITY))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new SpscDiscipline().create(memory, big));
            assertTrue(e.getMessage().contains("seam placement is pad"), e.getMessage());
        }
        try (RingMemory memory = split.allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue q = new SpscDiscipline().create(memory, big.withSeam(SeamPlacement.CROSS))) {
            byte[] rec = new byte[big.recordSize()];
            byte[] out = new byte[rec.length];
            for (int i = 0; i < 10; i++) { // every second one straddles the seam
                java.util.Arrays.fill(rec, (byte) i);
                assertTrue(q.producer().offer(MemorySegment.ofArray(rec)));
                assertEquals(rec.length, q.consumer(0).poll(MemorySegment.ofArray(out)));
                assertArrayEquals(rec, out, "record " + i);
            }
        }
    }

    @Test
    void attachingWithTheOtherPlacementIsRefusedWhereItMatters() {
        MemoryStrategy split = Registries.memoryStrategies().require("split");
        try (RingMemory memory = split.allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue first = new SpscDiscipline().create(memory, QueueSpec.variable(64))) {
            assertNotNull(first);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new SpscDiscipline().create(memory, QueueSpec.variable(64).withSeam(SeamPlacement.CROSS)));
            assertTrue(e.getMessage().contains("seam placement pad") && e.getMessage().contains("cross"), e.getMessage());
        }
        try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue first = new SpscDiscipline().create(memory, QueueSpec.variable(64));
             RecordQueue second = new SpscDiscipline().create(memory, QueueSpec.variable(64).withSeam(SeamPlacement.CROSS))) {
            assertNotNull(second, "doubled is contiguous across the seam: the placements agree");
        }
    }

    /**
     * Real threads with cross on the seam-copying strategies that allow a concurrent reader
     * (split: staging and gather under the queue's protocol). Linearize rotates the whole ring
     * on a seam-crossing window, so with cross it is one-thread only (see {@link SeamPlacement#CROSS}).
     */
    @TestFactory
    Stream<DynamicTest> crossArrivesInOrderWithTwoThreads() {
        return seamCopying().stream().filter(name -> Registries.memoryStrategies().require(name).has(Capability.CONCURRENT_READ))
                .map(name -> dynamicTest(name + " × " + STRESS_RECORDS, () -> {
            try (RingMemory memory = Registries.memoryStrategies().require(name).allocate(RingSpec.ofCapacity(SpscConcurrencyTest.CAPACITY));
                 RecordQueue queue = new SpscDiscipline().create(memory, SpscConcurrencyTest.SPEC.withSeam(SeamPlacement.CROSS))) {
                Traffic.Result result = Traffic.run(queue, STRESS_RECORDS);
                assertEquals(0, result.violations(), name + ": " + result.firstViolation());
                assertEquals(STRESS_RECORDS, result.delivered());
                // offer and poll copy the two parts at the seam straight in and out (split's write and
                // read), so no padding is the sign that records crossed it.
                assertEquals(0, queue.counters().get("paddingBytes"), name + ": records crossed the seam");
            }
        }));
    }

    private record Run(long padding, CopyCounters copies) {
    }

    /** {@value #RECORDS} records of varying length through offer/poll, claim/commit and peek/release, checked byte for byte. */
    private static Run roundTrip(MemoryStrategy s, QueueSpec spec) {
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue q = new SpscDiscipline().create(memory, spec)) {
            QueueProducer p = q.producer();
            QueueConsumer c = q.consumer(0);
            byte[] out = new byte[spec.recordSize()];
            for (int i = 0; i < RECORDS; i++) {
                int length = spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize() : 1 + (i * 37) % spec.recordSize();
                byte[] rec = new byte[length];
                for (int b = 0; b < length; b++) {
                    rec[b] = (byte) (i + b);
                }
                if (i % 3 == 0) {
                    assertTrue(p.offer(MemorySegment.ofArray(rec)));
                } else {
                    MemorySegment dst = p.claim(length);
                    MemorySegment.copy(MemorySegment.ofArray(rec), 0, dst, 0, length);
                    p.commit(length);
                }
                if (i % 2 == 0) {
                    assertEquals(length, c.poll(MemorySegment.ofArray(out)), s.name() + " record " + i);
                    assertArrayEquals(rec, java.util.Arrays.copyOf(out, length), s.name() + " record " + i);
                } else {
                    MemorySegment got = c.peek();
                    assertArrayEquals(rec, got.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), s.name() + " record " + i);
                    c.release();
                }
            }
            return new Run(q.counters().get("paddingBytes"), memory.copyCounters());
        }
    }
}
