package org.ringlab.queues.napi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The poller thread against a real producer thread: a fixed-rate producer delivers every
 * record in order or counts it as dropped, on every strategy; mode switching and wake-ups are
 * counted exactly where they are deterministic (an idle poller, a burst published with one
 * store); the poller's life cycle leaks nothing.
 */
class NapiPollerTest {

    static final long RECORDS = Long.getLong("ringlab.napi.records", 1_000_000L);
    static final long RATE = 2_000_000; // records per second
    static final long CAPACITY = 64 * 1024;

    static RingMemory doubled(long capacity) {
        return Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(capacity));
    }

    static NapiAdaptiveQueue queue(RingMemory memory, NapiConfig config) {
        return new NapiAdaptiveQueue(memory, QueueSpec.variable(NapiTraffic.MAX_RECORD), config);
    }

    static void assertExact(NapiTraffic.Result r, String what) {
        assertEquals(0, r.violations(), what + ": " + r.firstViolation());
        assertFalse(r.delivered().intersects(r.dropped()), what + ": a record both delivered and dropped");
        BitSet all = (BitSet) r.delivered().clone();
        all.or(r.dropped());
        assertEquals(r.offered(), all.cardinality(), what + ": records neither delivered nor dropped");
        assertEquals(r.offered(), r.stats().offered(), what + ": offered counter");
        assertEquals(r.dropped().cardinality(), r.stats().dropped(), what + ": drop counter");
        assertEquals(r.delivered().cardinality(), r.stats().delivered(), what + ": delivered counter");
        assertEquals(r.stats().offered(), r.stats().delivered() + r.stats().dropped(), what + ": delivered + dropped");
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(1);
        }
    }

    @TestFactory
    Stream<DynamicTest> fixedRateRecordsArriveInOrderOrAreCountedAsDroppedOnEveryStrategy() {
        return Registries.memoryStrategies().available().stream().map((MemoryStrategy s) ->
                dynamicTest(s.name() + " × " + RECORDS + " records at " + RATE + "/s", () -> {
                    try (RingMemory memory = s.allocate(RingSpec.ofCapacity(CAPACITY));
                         NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults())) {
                        NapiTraffic.Result r = NapiTraffic.run(queue, RECORDS, RATE, 0);
                        assertExact(r, s.name());
                        NapiStats st = r.stats();
                        // Interrupts only ever fire into interrupt mode: at most one per switch back.
                        assertTrue(st.wakeUps() <= st.switchesToInterrupt(), st.toString());
                        assertTrue(Math.abs(st.switchesToPoll() - st.switchesToInterrupt()) <= 1, st.toString());
                    }
                }));
    }

    @Test
    void wakePerItemDeliversInOrderAndSignalsEveryRecord() throws InterruptedException {
        long records = RECORDS / 5;
        try (RingMemory memory = doubled(CAPACITY);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.wakePerItem())) {
            NapiTraffic.Result r = NapiTraffic.run(queue, records, RATE / 4, 0);
            assertExact(r, "wake-per-item");
            assertEquals(r.stats().accepted(), r.stats().wakeUps(), "one signal per accepted record");
            // At most one record per poll. A poll may find none: an unpark permit left by a record
            // that an earlier poll already took wakes the consumer once more (LockSupport keeps one).
            long emptyPolls = r.stats().polls() - r.stats().delivered();
            assertTrue(emptyPolls >= 0 && emptyPolls <= r.stats().delivered() / 100 + 1,
                    "one record per poll, few empty ones: " + r.stats());
        }
    }

    @Test
    void anOverloadedConsumerDropsAndEveryDropIsCounted() throws InterruptedException {
        // 4 KiB ring, a producer at full speed, 1 µs of work per record: the ring overflows.
        try (RingMemory memory = doubled(4096);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults())) {
            NapiTraffic.Result r = NapiTraffic.run(queue, 200_000, 0, 1_000);
            assertExact(r, "overload");
            assertTrue(r.stats().dropped() > 0, "a full ring must drop: " + r.stats());
            assertTrue(r.stats().delivered() > 0, r.stats().toString());
        }
    }

    @Test
    void anIdlePollerParksInsteadOfSpinning() throws InterruptedException {
        try (RingMemory memory = doubled(CAPACITY);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults());
             NapiPoller poller = NapiPoller.start(queue, r -> { })) {
            await(() -> queue.stats().parks() >= 1, "the poller parks");
            Thread.sleep(200);
            NapiStats s = queue.stats();
            assertTrue(queue.inInterruptMode());
            assertEquals(1, s.polls(), "one poll at start, then nothing while idle: " + s);
            assertEquals(1, s.switchesToInterrupt(), s.toString());
            assertEquals(0, s.switchesToPoll(), s.toString());
            assertEquals(0, s.wakeUps(), s.toString());
            assertTrue(poller.isRunning());
        }
    }

    /** Waits until the poller has parked, then publishes {@code n} records with one store. */
    static NapiStats burst(NapiAdaptiveQueue queue, int n, AtomicLong seen) throws InterruptedException {
        await(() -> queue.inInterruptMode() && queue.stats().parks() >= 1, "the poller parks");
        NapiStats before = queue.stats();
        MemorySegment[] records = new MemorySegment[n];
        for (int i = 0; i < n; i++) {
            records[i] = MemorySegment.ofArray(new byte[64]);
            records[i].set(ValueLayout.JAVA_INT_UNALIGNED, 0, i);
        }
        assertEquals(n, queue.producer().offer(records, 0, n));
        await(() -> seen.get() == n, n + " records delivered");
        await(queue::inInterruptMode, "the poller is back in interrupt mode");
        NapiStats after = queue.stats();
        return new NapiStats(after.offered() - before.offered(), after.delivered() - before.delivered(),
                after.dropped() - before.dropped(), after.polls() - before.polls(),
                after.switchesToPoll() - before.switchesToPoll(),
                after.switchesToInterrupt() - before.switchesToInterrupt(), after.wakeUps() - before.wakeUps(),
                after.parks() - before.parks());
    }

    @Test
    void aBurstCostsOneWakeUpAndBudgetSizedPolls() throws InterruptedException {
        AtomicLong seen = new AtomicLong();
        try (RingMemory memory = doubled(CAPACITY);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults());
             NapiPoller poller = NapiPoller.start(queue, r -> seen.incrementAndGet())) {
            NapiStats d = burst(queue, 256, seen);
            assertEquals(1, d.wakeUps(), "one interrupt for the whole burst: " + d);
            assertEquals(256, d.delivered());
            // 64 + 64 + 64 + 64 (each used the whole budget: poll again) + 0 (under budget: interrupt mode).
            assertEquals(5, d.polls(), d.toString());
            assertEquals(1, d.switchesToPoll(), d.toString());
            assertEquals(1, d.switchesToInterrupt(), d.toString());
            assertTrue(poller.isRunning());
        }
    }

    @Test
    void theSameBurstWakesAPerItemConsumerForEveryRecord() throws InterruptedException {
        AtomicLong seen = new AtomicLong();
        try (RingMemory memory = doubled(CAPACITY);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.wakePerItem());
             NapiPoller poller = NapiPoller.start(queue, r -> seen.incrementAndGet())) {
            NapiStats d = burst(queue, 256, seen);
            assertEquals(256, d.wakeUps(), d.toString());
            assertEquals(256, d.delivered());
            assertEquals(256, d.polls(), "one record per poll: " + d);
            assertEquals(256, d.switchesToInterrupt(), d.toString());
            assertTrue(poller.isRunning());
        }
    }

    @Test
    void closeStopsAndJoinsThePollerAndFreesTheConsumer() throws InterruptedException {
        try (RingMemory memory = doubled(CAPACITY);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults())) {
            NapiPoller poller = NapiPoller.start(queue, r -> { });
            IllegalStateException owned = assertThrows(IllegalStateException.class, () -> queue.consumer(0).peek());
            assertTrue(owned.getMessage().contains("belongs to its running poller"), owned.getMessage());
            IllegalStateException second = assertThrows(IllegalStateException.class, () -> NapiPoller.start(queue, r -> { }));
            assertTrue(second.getMessage().contains("already has a running poller"), second.getMessage());
            await(() -> queue.stats().parks() >= 1, "the poller parks");
            poller.close();
            assertFalse(poller.isRunning(), "close() joins the thread");
            poller.close(); // idempotent
            assertFalse(queue.inInterruptMode(), "no poller: interrupts off");
            queue.producer().offer(MemorySegment.ofArray(new byte[10]));
            assertEquals(10, queue.consumer(0).poll(MemorySegment.ofArray(new byte[64])), "the consumer is usable again");
            assertEquals(0, queue.stats().wakeUps(), "nobody to wake");
            // A new poller may attach after the old one stopped.
            try (NapiPoller again = NapiPoller.start(queue, r -> { })) {
                assertTrue(again.isRunning());
            }
        }
    }

    @Test
    void closingTheQueueStopsItsPoller() throws InterruptedException {
        try (RingMemory memory = doubled(CAPACITY)) {
            NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults());
            NapiPoller poller = NapiPoller.start(queue, r -> { });
            await(() -> queue.stats().parks() >= 1, "the poller parks");
            queue.close();
            assertFalse(poller.isRunning());
            assertThrows(IllegalStateException.class, () -> NapiPoller.start(queue, r -> { }));
            assertThrows(IllegalStateException.class, () -> queue.producer().offer(MemorySegment.ofArray(new byte[8])));
        }
    }

    @Test
    void aFailingHandlerStopsThePollerAndCloseReportsIt() throws InterruptedException {
        try (RingMemory memory = doubled(CAPACITY);
             NapiAdaptiveQueue queue = queue(memory, NapiConfig.defaults())) {
            NapiPoller poller = NapiPoller.start(queue, r -> {
                throw new IllegalArgumentException("bad packet");
            });
            queue.producer().offer(MemorySegment.ofArray(new byte[8]));
            await(() -> !poller.isRunning(), "the poller stops");
            assertInstanceOf(IllegalArgumentException.class, poller.failure().orElseThrow());
            IllegalStateException e = assertThrows(IllegalStateException.class, poller::close);
            assertSame(poller.failure().orElseThrow(), e.getCause());
            // The record was not consumed: a handler that throws consumes nothing.
            assertEquals(8, queue.consumer(0).poll(MemorySegment.ofArray(new byte[64])));
        }
    }
}
