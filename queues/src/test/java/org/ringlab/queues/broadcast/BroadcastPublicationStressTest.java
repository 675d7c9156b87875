package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SegmentPathMemory;
import org.ringlab.queues.broadcast.BroadcastTraffic.Style;

/**
 * The publish protocol under stress: a producer and two consumers on 16 slots, so slots are
 * reused constantly, the consumers reading each record as soon as they see it: they wait with a
 * strategy of this test's own that spins for a while before it parks (on a shared two-core
 * machine pure spinning only starves the side being waited for), and check each record's last
 * byte first. The correct protocol passes; each deliberately broken twin is caught by the same
 * checks, so we know they can fail:
 * <ul>
 *   <li>{@code WRITE_AFTER_PUBLISH}: the sequence is published before the record is written,
 *       so a consumer reads the slot's previous bytes: a torn record;</li>
 *   <li>{@code COUNT_AFTER_PUBLISH}: the sequence is published (and waiters woken) before the
 *       pending count is set, so a consumer sees a record its slot does not count: the queue's
 *       own check (a visible record must be pending), or the release underflowing;</li>
 *   <li>{@code SEGMENT_AFTER_PUBLISH}: the slot's kept window (doubled keeps one per slot) is
 *       set to the record's length after publishing, so a consumer takes the previous length.</li>
 * </ul>
 * Only a violation counts as caught, never a timeout: a slow run on a loaded machine is not a
 * detected bug.
 */
class BroadcastPublicationStressTest {

    static final int MAX_RECORD = 4096;
    static final long CAPACITY = 16 * 4096; // 16 slots of 4 KiB
    static final long RECORDS = 50_000;
    static final int ROUNDS = 10;
    static final List<Style> READERS = List.of(Style.AWAIT_DRAIN, Style.PEEK_RELEASE);

    /** The protocol under test: the correct queue or one of its broken twins. */
    enum Twin { CORRECT, WRITE_AFTER_PUBLISH, COUNT_AFTER_PUBLISH, SEGMENT_AFTER_PUBLISH }

    static RefCountedBroadcastQueue build(Twin twin, RingMemory memory, QueueSpec spec, BroadcastOptions options) {
        return switch (twin) {
            case CORRECT -> new BroadcastDiscipline().create(memory, spec, options);
            case WRITE_AFTER_PUBLISH -> new WriteAfterPublishBroadcastQueue("broadcast", (SegmentPathMemory) memory, spec, options);
            case COUNT_AFTER_PUBLISH -> new CountAfterPublishBroadcastQueue("broadcast", (SegmentPathMemory) memory, spec, options);
            case SEGMENT_AFTER_PUBLISH -> new SegmentAfterPublishBroadcastQueue("broadcast", (SegmentPathMemory) memory, spec, options);
        };
    }

    static BroadcastTraffic.Result round(Twin publication, Duration timeout)
            throws InterruptedException {
        MemoryStrategy s = Registries.memoryStrategies().require("doubled");
        BroadcastOptions parking = BroadcastOptions.defaults().withConsumerWait(new HotThenPark());
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
             RefCountedBroadcastQueue queue = build(publication, memory,
                     QueueSpec.variable(MAX_RECORD).withConsumers(READERS.size()), parking)) {
            return BroadcastTraffic.run(queue, RECORDS, MAX_RECORD, READERS, publication.ordinal(), timeout);
        }
    }

    /** Spins {@value #SPINS} steps (hot readers), then parks at most a millisecond at a time. */
    static final class HotThenPark implements WaitStrategy {
        static final int SPINS = 20_000;

        @Override
        public String name() {
            return "hot-then-park";
        }

        @Override
        public void idle(int step) {
            if (step < SPINS) {
                Thread.onSpinWait();
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(this, 1_000_000);
            }
        }

        @Override
        public boolean parksAt(int step) {
            return step >= SPINS;
        }
    }

    @Test
    void theCorrectProtocolPassesTheStress() throws InterruptedException {
        BroadcastTraffic.Result r = round(Twin.CORRECT, Duration.ofSeconds(60));
        assertTrue(r.clean(), r.describe());
    }

    @Test
    void writingTheRecordAfterPublishingIsCaught() throws InterruptedException {
        assertCaught(Twin.WRITE_AFTER_PUBLISH);
    }

    @Test
    void settingThePendingCountAfterPublishingIsCaught() throws InterruptedException {
        assertCaught(Twin.COUNT_AFTER_PUBLISH);
    }

    /** doubled's queue keeps each slot's window (ZeroCopySegmentBroadcastQueue): set after publishing, it is caught. */
    @Test
    void settingTheSlotsWindowAfterPublishingIsCaught() throws InterruptedException {
        assertCaught(Twin.SEGMENT_AFTER_PUBLISH);
    }

    private static void assertCaught(Twin twin) throws InterruptedException {
        BroadcastTraffic.Result r = null;
        int rounds = 0;
        while (rounds < ROUNDS && (r == null || r.violations() == 0)) {
            r = round(twin, Duration.ofSeconds(30));
            rounds++;
        }
        assertTrue(r.violations() > 0, "the broken twin " + twin + " moved up to " + ROUNDS * RECORDS
                + " records to two consumers and the stress test saw nothing wrong: it cannot catch a publication bug");
        System.out.println("caught " + twin + " in round " + rounds + ": " + r.firstViolation());
    }
}
