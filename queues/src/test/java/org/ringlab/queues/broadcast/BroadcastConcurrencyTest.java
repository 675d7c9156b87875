package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.broadcast.BroadcastTraffic.Style;

/**
 * Real threads: one producer and four consumers, one of them slowed down by random sleeps
 * while it holds a record. Every consumer sees every record in order, none lost, none
 * duplicated, none torn; the slow one sets the pace (the producer stalls, its lag is reported);
 * parked consumers are woken. And consumers joining and leaving while the producer runs each
 * see a contiguous run of records, and a departed consumer never blocks the producer.
 */
class BroadcastConcurrencyTest {

    static final long RECORDS = Long.getLong("ringlab.broadcast.records", 1_000_000L);
    static final long RECORDS_PER_STRATEGY = Long.getLong("ringlab.broadcast.records.per.strategy", 100_000L);
    static final int MAX_RECORD = 64;
    static final long CAPACITY = 64 * 1024;
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final List<Style> FOUR = List.of(Style.AWAIT_DRAIN, Style.DRAIN_YIELD, Style.PEEK_RELEASE, Style.SLOW_AWAIT_DRAIN);

    static MemoryStrategy mainStrategy() {
        return Registries.memoryStrategies().find("mirrored-memfd").filter(s -> s.availability().isAvailable())
                .orElseGet(() -> Registries.memoryStrategies().require("doubled"));
    }

    static RefCountedBroadcastQueue queue(RingMemory memory, int consumers, BroadcastOptions options) {
        return new BroadcastDiscipline().create(memory, QueueSpec.variable(MAX_RECORD).withConsumers(consumers),
                options);
    }

    @Test
    void fourConsumersSeeEveryRecordInOrderWhileOneIsSlow() throws InterruptedException {
        MemoryStrategy s = mainStrategy();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
             RefCountedBroadcastQueue queue = queue(memory, 4, BroadcastOptions.defaults())) {
            BroadcastTraffic.Result r = BroadcastTraffic.run(queue, RECORDS, MAX_RECORD, FOUR, 42, TIMEOUT);
            assertTrue(r.clean(), s.name() + ": " + r.describe());
            long[] all = new long[4];
            Arrays.fill(all, RECORDS);
            assertArrayEquals(all, r.delivered(), "every consumer got every record");
            Map<String, Long> c = r.counters();
            assertEquals(RECORDS, c.get("recordsPublished"));
            // The slow consumer holds slots while it sleeps: the producer must have waited for it.
            assertTrue(c.get("producerStalls") > 0 && c.get("producerStallNanos") > 0, "no producer stall: " + c);
            assertTrue(c.get("consumerWakeups") > 0, "no parked consumer was ever woken: " + c);
            System.out.printf("broadcast %s, %d records x 4 consumers (one slow): %d producer stalls, %.1f ms stalled,"
                            + " %d producer wake-ups, %d consumer wake-ups%n", s.name(), RECORDS, c.get("producerStalls"),
                    c.get("producerStallNanos") / 1e6, c.get("producerWakeups"), c.get("consumerWakeups"));
        }
    }

    @TestFactory
    Stream<DynamicTest> everyStrategyCarriesTheSameTraffic() {
        List<MemoryStrategy> available = Registries.memoryStrategies().available();
        assertFalse(available.isEmpty(), "no memory strategy available");
        return available.stream().map(s -> dynamicTest(s.name() + " x " + RECORDS_PER_STRATEGY + " records", () -> {
            long capacity = Math.max(s.granularity(), 16 * 1024);
            // Park and yield alternate between the sides; spinning threads on a shared two-core
            // machine only steal each other's time (spin is exercised by the stress test).
            boolean parkProducer = Math.floorMod(s.name().hashCode(), 2) == 0;
            BroadcastOptions options = BroadcastOptions.defaults()
                    .withProducerWait(parkProducer ? WaitStrategy.parking() : WaitStrategy.yielding())
                    .withConsumerWait(parkProducer ? WaitStrategy.yielding() : WaitStrategy.parking());
            try (RingMemory memory = s.allocate(RingSpec.ofCapacity(capacity));
                 RefCountedBroadcastQueue queue = queue(memory, 2, options)) {
                BroadcastTraffic.Result r = BroadcastTraffic.run(queue, RECORDS_PER_STRATEGY, MAX_RECORD,
                        List.of(Style.AWAIT_DRAIN, Style.PEEK_RELEASE), 7, TIMEOUT);
                assertTrue(r.clean(), s.name() + " with " + options.producerWait() + "/" + options.consumerWait() + ": "
                        + r.describe());
                for (long d : r.delivered()) {
                    assertEquals(RECORDS_PER_STRATEGY, d);
                }
            }
        }));
    }

    /**
     * Two steady consumers and two churning threads that join, read a random number of records,
     * and leave, again and again. The steady ones see everything; each churn session sees a
     * contiguous run; the producer is never blocked by a consumer that left.
     */
    @Test
    void consumersJoinAndLeaveWhileTheProducerRuns() throws InterruptedException {
        long records = 300_000;
        try (RingMemory memory = mainStrategy().allocate(RingSpec.ofCapacity(CAPACITY));
             RefCountedBroadcastQueue queue = queue(memory, 4, BroadcastOptions.defaults()
                     .withProducerWait(WaitStrategy.yielding()).withConsumerWait(WaitStrategy.yielding()))) {
            // Consumers 2 and 3 start out; the churners join into their indices.
            queue.leave(queue.consumer(2));
            queue.leave(queue.consumer(3));
            AtomicBoolean producerDone = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong sessions = new AtomicLong();
            AtomicLong churned = new AtomicLong();
            Thread[] churners = new Thread[2];
            for (int t = 0; t < churners.length; t++) {
                long seed = t;
                churners[t] = new Thread(() -> {
                    try {
                        SplittableRandom random = new SplittableRandom(seed);
                        while (!producerDone.get()) {
                            BroadcastConsumer k = queue.join();
                            Session session = new Session();
                            int want = 1 + random.nextInt(5_000);
                            while (session.seen < want && !producerDone.get()) {
                                if (k.drain(session, want - (int) session.seen) == 0) {
                                    Thread.yield();
                                }
                            }
                            if (random.nextBoolean()) {
                                k.peek(); // leave while holding a record: leave must release it too
                            }
                            queue.leave(k);
                            sessions.incrementAndGet();
                            churned.addAndGet(session.seen);
                        }
                    } catch (IllegalStateException e) {
                        if (!e.getMessage().contains("closed")) { // the steady run closes the queue when done
                            failure.compareAndSet(null, e);
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "churner-" + t);
                churners[t].start();
            }
            Thread steady = new Thread(() -> {
                try {
                    BroadcastTraffic.Result r = BroadcastTraffic.run(queue, records, MAX_RECORD,
                            List.of(Style.AWAIT_DRAIN, Style.DRAIN_YIELD), 3, TIMEOUT);
                    if (!r.clean() || r.delivered()[0] != records || r.delivered()[1] != records) {
                        failure.compareAndSet(null, new AssertionError(r.describe()));
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    producerDone.set(true);
                }
            }, "steady");
            steady.start();
            steady.join(TIMEOUT.toMillis() + 20_000);
            for (Thread t : churners) {
                t.join(10_000);
            }
            assertNull(failure.get(), () -> "failed: " + failure.get());
            assertTrue(sessions.get() > 2, "the churners joined and left only " + sessions.get() + " times");
            System.out.printf("join/leave: %d sessions read %d records while %d were broadcast%n", sessions.get(),
                    churned.get(), records);
        }
    }

    /** One join-to-leave session: records must come in a contiguous, increasing run. */
    private static final class Session implements org.ringlab.api.RecordQueue.RecordHandler {
        long first = -1;
        long seen;

        @Override
        public void onRecord(MemorySegment record) {
            long s = record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            if (first < 0) {
                first = s;
            }
            if (s != first + seen || record.byteSize() != BroadcastTraffic.length(s, MAX_RECORD)) {
                throw new AssertionError("session starting at " + first + " got record " + s + " after " + seen);
            }
            for (int i = 8; i < record.byteSize(); i++) {
                if (record.get(ValueLayout.JAVA_BYTE, i) != BroadcastTraffic.payloadByte(s, i)) {
                    throw new AssertionError("record " + s + " torn at byte " + i);
                }
            }
            seen++;
        }
    }
}
