package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A producer thread offers numbered variable records into a 4 KiB growable ring (up to 1 MiB)
 * while a consumer thread drains with random pauses inside its handler (holding a record of
 * the ring, so the producer fills the ring while the consumer is inside): every record arrives once, in order,
 * byte-identical ({@link Traffic} checks every byte), and the ring grows under that traffic.
 * The grow handshake's broken twin (grow without waiting for the consumer to leave the ring)
 * is caught by the same checks, so we know they can fail.
 *
 * <p>{@code -Dringlab.spsc.growth.records=N} runs longer (default {@value #DEFAULT_RECORDS}
 * per test, split into rounds that each start from a 4 KiB ring).
 */
class SpscGrowthConcurrencyTest {

    static final long DEFAULT_RECORDS = 2_000_000;
    static final long RECORDS = Long.getLong("ringlab.spsc.growth.records", DEFAULT_RECORDS);
    static final int ROUNDS = 32;
    static final long INITIAL = 4 * 1024;
    static final long MAX = 1024 * 1024;

    /**
     * Before one record in 1024: a pause of 10 µs to 2 ms (log-uniform), long enough for the
     * producer to fill rings from 4 KiB to the maximum while the consumer holds a record.
     */
    static Runnable randomPauses(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return () -> {
            if (random.nextInt(1024) == 0) {
                LockSupport.parkNanos((long) (10_000 * Math.pow(200, random.nextDouble())));
            }
        };
    }

    static final QueueSpec SPEC = QueueSpec.variable(Traffic.MAX_RECORD).growingUpTo(MAX);

    @Test
    void everyRecordArrivesInOrderWhileTheRingGrowsUnderAPausingConsumer() throws InterruptedException {
        MemoryStrategy strategy = SpscGrowthTest.growableStrategy();
        long perRound = RECORDS / ROUNDS;
        long grows = 0;
        long deferred = 0;
        for (int round = 0; round < ROUNDS; round++) {
            try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(INITIAL));
                 RecordQueue queue = SpscRingQueue.create("spsc", memory, SPEC)) {
                Traffic.Result result = Traffic.run(queue, perRound, randomPauses(round));
                assertEquals(0, result.violations(), "round " + round + ": " + result.firstViolation());
                assertEquals(perRound, result.delivered(), "round " + round);
                Map<String, Long> c = queue.counters();
                assertTrue(memory.capacity() <= MAX, "capacity " + memory.capacity() + " past the maximum " + MAX);
                assertEquals(memory.capacity(), c.get("capacity"));
                assertEquals(memory.copyCounters().grows(), c.get("grows"));
                assertEquals(memory.copyCounters().growthBytes(), c.get("growthBytes"));
                grows += c.get("grows");
                deferred += c.get("growsDeferred");
            }
        }
        // Pauses of up to 2 ms fill a 4 KiB ring (about 100 records) in every round.
        assertTrue(grows >= ROUNDS, "the rings grew " + grows + " times in " + ROUNDS + " rounds: the test did not"
                + " exercise growth");
        System.out.println("spsc growth stress: " + RECORDS + " records, " + ROUNDS + " rounds, " + grows + " grows, "
                + deferred + " deferred");
    }

    /**
     * The deliberately broken twin: growing while the consumer is inside the ring must show up
     * as torn or stale records, or as an {@link IllegalStateException} from an unmapped segment.
     */
    @Test
    void growingUnderTheConsumerIsCaught() throws InterruptedException {
        MemoryStrategy strategy = SpscGrowthTest.growableStrategy();
        long violations = 0;
        String first = null;
        int round = 0;
        // Bounded: the consumer, busy checking bytes, is inside the ring at almost every grow.
        for (; round < 40 && violations == 0; round++) {
            try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(INITIAL));
                 RecordQueue queue = new GrowUnderConsumerSpscQueue("spsc", memory, SPEC)) {
                Traffic.Result result;
                try {
                    result = Traffic.run(queue, 200_000, randomPauses(round));
                } catch (AssertionError producerFailed) {
                    result = new Traffic.Result(0, 1, "producer: " + producerFailed.getCause());
                } catch (IllegalStateException unmapped) {
                    // Closing the old mapping under the consumer may surface as an asynchronous
                    // exception anywhere in its loop, not only inside drain.
                    result = new Traffic.Result(0, 1, "consumer: " + unmapped + " at " + unmapped.getStackTrace()[0]);
                } catch (InterruptedException lateAsyncException) {
                    // HotSpot interrupts a thread when it installs an asynchronous exception (the
                    // closed arena's), to wake it from a wait; the flag may outlive the exception and
                    // hit the join. Not evidence either way: clear it and try the next round.
                    Thread.interrupted();
                    continue;
                } finally {
                    Thread.interrupted(); // the same flag, set after the round's last wait
                }
                violations = result.violations();
                first = result.firstViolation();
            }
        }
        assertTrue(violations > 0, "the broken twin grew the ring under the consumer for " + round + " rounds and"
                + " the stress test saw nothing wrong: it cannot catch a handshake bug");
        System.out.println("broken grow handshake caught in round " + round + ": " + first);
    }
}
