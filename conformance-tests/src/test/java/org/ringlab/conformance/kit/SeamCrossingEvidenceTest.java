package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * The kit's {@code cross} cells really run the strategies' seam code: spsc with records
 * straddling the seam on split memory stages and gathers under two threads (the code the
 * concurrency and soak parts run), and on linearize memory rotates and stages on one thread
 * (the queue part); its {@code pad} twin moves nothing extra, so the counters are the
 * crossing's.
 */
class SeamCrossingEvidenceTest {

    private static final QueueDiscipline SPSC = Registries.disciplines().require("spsc");

    private static Cell pair(String strategy, SeamPlacement seam) {
        MemoryStrategy s = Registries.memoryStrategies().require(strategy);
        return new Cell(s, SPSC, org.ringlab.api.QueueSpec.RecordMode.VARIABLE, Matrix.PAIR_CAPACITY, seam);
    }

    @Test
    void theMatrixHasCrossCellsOnTheStrategiesThatCopyAtTheSeamOnly() {
        Matrix m = new Matrix(Registries.memoryStrategies().all(), java.util.List.of(SPSC));
        java.util.Set<String> crossing = new java.util.TreeSet<>();
        m.queueCells().stream().filter(c -> c.seam() == SeamPlacement.CROSS).forEach(c -> crossing.add(c.strategy().name()));
        assertEquals(java.util.Set.of("linearize", "split"), crossing, "strategies with queue cells that cross the seam");
        java.util.Set<String> pairs = new java.util.TreeSet<>();
        m.pairCells().stream().filter(c -> c.seam() == SeamPlacement.CROSS).forEach(c -> pairs.add(c.strategy().name()));
        assertEquals(java.util.Set.of("split"), pairs, "two-thread cells that cross the seam (linearize has no concurrent reader)");
    }

    @Test
    void twoThreadsOnSplitMemoryStageAndGatherWhenRecordsCrossTheSeam() throws InterruptedException {
        Concurrency.Result cross = Concurrency.run(pair("split", SeamPlacement.CROSS), 20_000, 7, true, 1);
        assertNull(cross.firstViolation());
        assertEquals(20_000, cross.delivered());
        CopyCounters c = cross.counters();
        assertTrue(c.stagingBytes() > 0 && c.gatherBytes() > 0, "split × cross staged and gathered nothing: " + c);
        Concurrency.Result pad = Concurrency.run(pair("split", SeamPlacement.PAD), 20_000, 7, true, 1);
        assertEquals(CopyCounters.ZERO, pad.counters(), "split × pad: records never cross the seam");
    }

    @Test
    void oneThreadOnLinearizeMemoryRotatesAndStagesWhenRecordsCrossTheSeam() {
        Cell cell = pair("linearize", SeamPlacement.CROSS).withMode(org.ringlab.api.QueueSpec.RecordMode.VARIABLE);
        try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()));
             RecordQueue queue = cell.discipline().create(memory, cell.spec())) {
            QueueProducer p = queue.producer();
            MemorySegment dst = MemorySegment.ofArray(new byte[cell.recordSize()]);
            for (int i = 0; i < 2000; i++) {
                int length = 8 + i % (cell.recordSize() - 7);
                if (i % 2 == 0) {
                    assertTrue(p.offer(MemorySegment.ofArray(new byte[length])));
                } else {
                    p.claim(length).fill((byte) i);
                    p.commit(length);
                }
                assertEquals(length, queue.consumer(0).poll(dst));
            }
            CopyCounters c = memory.copyCounters();
            assertTrue(c.rotations() > 0 && c.stagingBytes() > 0, "linearize × cross rotated or staged nothing: " + c);
        }
    }

    /**
     * Broadcast that takes {@code cross} with one consumer but refuses it with several (naming
     * the strategy and the placement, as a refusal must).
     */
    private static final QueueDiscipline CROSS_WITH_ONE_CONSUMER_ONLY = new QueueDiscipline() {
        private final QueueDiscipline broadcast = Registries.disciplines().require("broadcast");

        @Override
        public String name() {
            return "cross-with-one-consumer-only";
        }

        @Override
        public org.ringlab.api.Availability availability() {
            return org.ringlab.api.Availability.available();
        }

        @Override
        public RecordQueue create(RingMemory memory, org.ringlab.api.QueueSpec spec) {
            if (spec.seam() == SeamPlacement.CROSS && spec.consumers() > 1) {
                throw new IllegalArgumentException(name() + " cannot place records across the seam of "
                        + memory.strategyName() + " memory (seam placement cross) for " + spec.consumers() + " consumers");
            }
            return broadcast.create(memory, spec.withSeam(SeamPlacement.PAD));
        }
    };

    @Test
    void aCrossCellIsAskedWithTheConsumersItRunsWithSoARefusalThereSkipsItInsteadOfRunningOneConsumer() {
        MemoryStrategy split = Registries.memoryStrategies().require("split");
        Cell cross = new Cell(split, CROSS_WITH_ONE_CONSUMER_ONLY, org.ringlab.api.QueueSpec.RecordMode.VARIABLE,
                Matrix.PAIR_CAPACITY, SeamPlacement.CROSS);
        assertEquals(QueueContractPoints.CONSUMERS, cross.consumers(), "asked with padded records, it takes several consumers");
        assertTrue(cross.runnableReason().orElse("").contains("for 3 consumers"),
                "the cross cell must be skipped with the refusal: " + cross.runnableReason());
        assertEquals(java.util.Optional.empty(), cross.withSeam(SeamPlacement.PAD).runnableReason());
        org.opentest4j.TestAbortedException skipped = org.junit.jupiter.api.Assertions.assertThrows(
                org.opentest4j.TestAbortedException.class, () -> Concurrency.check(cross, KitSettings.fromSystemProperties()));
        assertTrue(skipped.getMessage().contains("refuses seam placement cross on split"), skipped.getMessage());
    }
}
