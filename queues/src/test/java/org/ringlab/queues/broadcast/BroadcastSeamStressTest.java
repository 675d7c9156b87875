package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.LapViewMemory;
import org.ringlab.queues.broadcast.BroadcastTraffic.Style;

/**
 * Seam placement cross on {@code split} under stress: a producer thread and three consumer
 * threads, records of 8..512 bytes packed back to back on a ring of 8 KiB, so a record
 * straddles the seam every few dozen records and its window is the one the producer gathered.
 * Every consumer checks every byte of every record. The correct queue passes (and the copy
 * counters show the seam was crossed: staged claims are none here, {@code put} writes in two
 * parts, but every straddling record was gathered); the broken twin that publishes a
 * straddling record before gathering its window is caught by the same checks. Only a violation
 * counts as caught, never a timeout.
 */
class BroadcastSeamStressTest {

    static final int MAX_RECORD = 512;
    static final long CAPACITY = 8192;
    static final long RECORDS = 40_000;
    static final int ROUNDS = 10;
    static final List<Style> READERS = List.of(Style.AWAIT_DRAIN, Style.PEEK_RELEASE, Style.DRAIN_YIELD);

    enum Twin { CORRECT, GATHER_AFTER_PUBLISH }

    record Round(BroadcastTraffic.Result result, CopyCounters counters) {
    }

    static Round round(Twin twin, Duration timeout) throws InterruptedException {
        BroadcastOptions options = BroadcastOptions.defaults()
                .withConsumerWait(new BroadcastPublicationStressTest.HotThenPark());
        QueueSpec spec = QueueSpec.variable(MAX_RECORD).withConsumers(READERS.size()).withSeam(SeamPlacement.CROSS);
        try (RingMemory memory = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(CAPACITY));
             RefCountedBroadcastQueue queue = switch (twin) {
                 case CORRECT -> new BroadcastDiscipline().create(memory, spec, options);
                 case GATHER_AFTER_PUBLISH -> new GatherAfterPublishBroadcastQueue("broadcast", (LapViewMemory) memory, spec, options);
             }) {
            Class<?> shape = twin == Twin.CORRECT ? LapViewGatherBroadcastQueue.class : GatherAfterPublishBroadcastQueue.class;
            assertEquals(shape, queue.getClass());
            BroadcastTraffic.Result r = BroadcastTraffic.run(queue, RECORDS, MAX_RECORD, READERS, twin.ordinal(), timeout);
            return new Round(r, memory.copyCounters());
        }
    }

    @Test
    void theCorrectGatherPassesTheStress() throws InterruptedException {
        Round r = round(Twin.CORRECT, Duration.ofSeconds(60));
        assertTrue(r.result().clean(), r.result().describe());
        // Records of 260 bytes on average, 8 KiB a lap: hundreds of straddling records, each gathered once.
        assertTrue(r.counters().gatherBytes() > 100 * 8, "the seam was hardly crossed: " + r.counters());
    }

    @Test
    void publishingBeforeTheGatherIsCaught() throws InterruptedException {
        BroadcastTraffic.Result r = null;
        int rounds = 0;
        while (rounds < ROUNDS && (r == null || r.violations() == 0)) {
            r = round(Twin.GATHER_AFTER_PUBLISH, Duration.ofSeconds(30)).result();
            rounds++;
        }
        assertTrue(r.violations() > 0, "the broken twin moved up to " + ROUNDS * RECORDS + " records to three consumers"
                + " and the stress test saw nothing wrong: it cannot catch a gather published too early");
        System.out.println("caught GATHER_AFTER_PUBLISH in round " + rounds + ": " + r.firstViolation());
    }
}
