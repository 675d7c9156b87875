package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Real producer and consumer threads: on every available strategy, {@value #RECORDS} records
 * arrive in order, none lost, none duplicated, none torn. And the publish protocols' broken
 * twins (position or word published before the record is written; a word published before
 * the zero terminator after it) are caught by the same checks, so we know they can fail.
 */
class SpscConcurrencyTest {

    static final long RECORDS = Long.getLong("ringlab.spsc.records", 10_000_000L);
    static final long CAPACITY = 64 * 1024;
    /** A small ring where the seam comes often: a lap every ~110 records (a padding word, or a payload across it). */
    static final long PADDING_CAPACITY = 4 * 1024;

    static List<MemoryStrategy> strategies() {
        List<MemoryStrategy> available = Registries.memoryStrategies().available();
        assertFalse(available.isEmpty(), "no memory strategy available");
        return available;
    }

    static final QueueSpec SPEC = QueueSpec.variable(Traffic.MAX_RECORD);

    static RecordQueue queue(RingMemory memory) {
        return SpscRingQueue.create("spsc", memory, SPEC);
    }

    @TestFactory
    Stream<DynamicTest> tenMillionRecordsArriveInOrderOnEveryStrategy() {
        return strategies().stream().map(s -> dynamicTest(s.name() + " × " + RECORDS + " records", () -> {
            try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
                 RecordQueue queue = queue(memory)) {
                Traffic.Result result = Traffic.run(queue, RECORDS);
                assertEquals(0, result.violations(), s.name() + ": " + result.firstViolation());
                assertEquals(RECORDS, result.delivered());
            }
        }));
    }

    /**
     * The segment path's length words under two threads where the strategy copies at the seam:
     * split with records across it (staged claims, two-part writes, gathered windows) and the
     * same with padding through the strategy's calls ({@link PaddedSegmentSpscQueue}, which the
     * factory gives split and linearize only when a lap view cannot serve; it gives them
     * {@link LapViewSpscQueue}, run above); every record checked. (Doubled runs above too.)
     */
    @TestFactory
    Stream<DynamicTest> lengthWordsOnTheSegmentPathAcrossTheSeam() {
        return Stream.of(org.ringlab.api.SeamPlacement.values()).map(seam -> dynamicTest("split × " + seam, () -> {
            try (RingMemory memory = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(CAPACITY));
                 RecordQueue queue = seam == org.ringlab.api.SeamPlacement.PAD
                         ? new PaddedSegmentSpscQueue("spsc", memory, SPEC.withSeam(seam))
                         : new SegmentSpscQueue("spsc", memory, SPEC.withSeam(seam))) {
                assertTrue(SpscShapes.wordSegment(queue), queue.getClass().getName());
                Traffic.Result result = Traffic.run(queue, RECORDS / 4);
                assertEquals(0, result.violations(), "split × " + seam + ": " + result.firstViolation());
                assertEquals(RECORDS / 4, result.delivered());
            }
        }));
    }

    /**
     * Split with seam placement cross in its lap view ({@link LapViewCrossSpscQueue}, what the
     * factory gives it): records in place, the payload across the seam through the strategy's
     * write and window; on the usual ring and on a 4 KiB one (a crossing every ~110 records).
     */
    @TestFactory
    Stream<DynamicTest> splitWithCrossInItsLapView() {
        return Stream.of(CAPACITY, PADDING_CAPACITY).map(capacity -> dynamicTest("split × cross, " + capacity + " bytes", () -> {
            try (RingMemory memory = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(capacity));
                 RecordQueue queue = SpscRingQueue.create("spsc", memory, SPEC.withSeam(org.ringlab.api.SeamPlacement.CROSS))) {
                assertTrue(queue instanceof LapViewCrossSpscQueue, queue.getClass().getName());
                Traffic.Result result = Traffic.run(queue, RECORDS / 4);
                assertEquals(0, result.violations(), "split × cross: " + result.firstViolation());
                assertEquals(RECORDS / 4, result.delivered());
                assertTrue(memory.copyCounters().gatherBytes() > 0, "no window crossed the seam: the test proves nothing about it");
            }
        }));
    }

    /**
     * A broken twin's dynamic test: first the class the factory picks for the same ring and spec
     * runs a million records clean (so what the twin shows is its bug, not the ring's size), then
     * the twin, in rounds of a million records (at most five; the race shows within the first
     * here), must show a wrong record.
     */
    private static DynamicTest twinCaught(String name, String strategy, long capacity, String bug, Class<?> shape,
                                          java.util.function.Function<RingMemory, RecordQueue> twin) {
        return dynamicTest(name, () -> {
            MemoryStrategy s = Registries.memoryStrategies().require(strategy);
            long violations = 0;
            for (int round = 0; round < 5 && violations == 0; round++) {
                try (RingMemory memory = s.allocate(RingSpec.ofCapacity(capacity)); RecordQueue queue = twin.apply(memory)) {
                    if (round == 0) {
                        try (RingMemory clean = s.allocate(RingSpec.ofCapacity(capacity));
                             RecordQueue real = SpscRingQueue.create("spsc", clean, queue.spec())) {
                            assertEquals(shape, real.getClass(), "the factory picks the twin's shape");
                            assertEquals(members(shape), members(queue.getClass()), queue.getClass() + " is a copy of " + shape);
                            Traffic.Result result = Traffic.run(real, 1_000_000);
                            assertEquals(0, result.violations(), name + ", the real class: " + result.firstViolation());
                        }
                    }
                    violations = Traffic.run(queue, 1_000_000).violations();
                }
            }
            assertTrue(violations > 0, name + ": the broken twin (" + bug + ") ran up to 5 million records and the stress"
                    + " test saw nothing wrong: it cannot catch that publication bug");
        });
    }

    /**
     * A class's own methods by name and parameter types: a twin generated from a shape (a copy
     * with one statement changed) has the shape's.
     */
    private static java.util.Set<String> members(Class<?> c) {
        return java.util.Arrays.stream(c.getDeclaredMethods()).filter(m -> !m.isSynthetic())
                .map(m -> m.getName() + java.util.Arrays.toString(m.getParameterTypes()))
                .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }

    /**
     * The deliberately broken twins: the stress must see torn records, or it proves nothing. On
     * doubled and on split with records across the seam (length-word publication through the
     * strategy's calls: the word released before the payload, its twin copy or staged parts,
     * and the terminator), on the first mirrored strategy (length-word publication in the
     * mirror view: the word stored before the payload), on split with pad (the same in its
     * lap view, records padded at the seam; and the padding word released before the record
     * behind it), on split with cross in its lap view (the word released before the strategy
     * writes the payload across the seam) and on doubled in place (the same in its 2N array,
     * with the second copies).
     */
    @TestFactory
    Stream<DynamicTest> publishingBeforeWritingIsCaught() {
        List<MemoryStrategy> paths = new java.util.ArrayList<>(List.of(Registries.memoryStrategies().require("doubled"),
                Registries.memoryStrategies().require("split")));
        Registries.memoryStrategies().available().stream()
                .filter(m -> m.has(Capability.MIRRORED) && !m.has(Capability.GROWABLE)).findFirst().ifPresent(paths::add);
        List<DynamicTest> tests = new java.util.ArrayList<>(paths.stream().map(s -> dynamicTest(s.name(), () -> {
            long violations = 0;
            // Bounded: a few rounds of a million records; the race shows within the first here.
            for (int round = 0; round < 5 && violations == 0; round++) {
                try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
                     RecordQueue queue = memory instanceof MirrorViewMemory m
                             ? new PublishBeforeWriteMirrorViewSpscQueue("spsc", m, SPEC) // the word before the payload
                             : new PublishBeforeWriteSpscQueue("spsc", memory, SPEC.withSeam(org.ringlab.api.SeamPlacement.CROSS))) {
                    // (PublishBeforeWriteSpscQueue is the segment path's class, whatever the factory picks for doubled)
                    violations = Traffic.run(queue, 1_000_000).violations();
                }
            }
            assertTrue(violations > 0, s.name() + ": the broken twin published 5 million records before writing them"
                    + " and the stress test saw nothing wrong: it cannot catch a publication bug");
        })).toList());
        QueueSpec cross = SPEC.withSeam(org.ringlab.api.SeamPlacement.CROSS);
        tests.add(twinCaught("split × pad (lap view)", "split", CAPACITY, "the word released before the payload, in the lap view",
                LapViewSpscQueue.class, m -> new PublishBeforeWriteLapViewSpscQueue("spsc", (org.ringlab.api.LapViewMemory) m, SPEC)));
        tests.add(twinCaught("split × pad (lap view), 4 KiB", "split", PADDING_CAPACITY,
                "the padding released before the word of the record behind it",
                LapViewSpscQueue.class, m -> new PadBeforeRecordLapViewSpscQueue("spsc", (org.ringlab.api.LapViewMemory) m, SPEC)));
        tests.add(twinCaught("split × cross (lap view), 4 KiB", "split", PADDING_CAPACITY,
                "the word released before the strategy wrote the payload across the seam",
                LapViewCrossSpscQueue.class, m -> new PublishBeforeWriteAcrossLapViewSpscQueue("spsc", (org.ringlab.api.LapViewMemory) m, cross)));
        tests.add(twinCaught("doubled (in place)", "doubled", CAPACITY, "the word released before the payload and its second copy",
                DoubledViewSpscQueue.class, m -> new PublishBeforeWriteDoubledViewSpscQueue("spsc", (org.ringlab.api.DoubledViewMemory) m, SPEC)));
        return tests.stream();
    }

    /**
     * The terminator's broken twin: each record's word released before the zero word after it
     * is written, so a consumer right behind the producer reads an earlier lap's bytes as the
     * next word. The stress must see phantom or torn records from it.
     */
    @Test
    void publishingBeforeTheTerminatorIsCaught() throws InterruptedException {
        MemoryStrategy s = Registries.memoryStrategies().available().stream()
                .filter(m -> m.has(Capability.MIRRORED) && !m.has(Capability.GROWABLE)).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(s != null, "no mirror-view strategy available on this machine");
        long violations = 0;
        for (int round = 0; round < 5 && violations == 0; round++) {
            try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
                 RecordQueue queue = new TerminateAfterPublishMirrorViewSpscQueue("spsc", (MirrorViewMemory) memory, SPEC)) {
                violations = Traffic.run(queue, 1_000_000).violations();
            }
        }
        assertTrue(violations > 0, s.name() + ": the broken twin released each record's word before the terminator"
                + " after it, 5 million records, and the stress test saw nothing wrong: it cannot catch the ordering bug");
    }
}
