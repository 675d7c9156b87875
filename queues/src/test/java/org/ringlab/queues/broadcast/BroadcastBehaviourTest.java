package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.spsc.SpscDiscipline;

/** Bad input with messages that name the values, and the behaviours a model cannot show: waiting, waking, closing. */
class BroadcastBehaviourTest {

    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private RingMemory memory(long capacity) {
        RingMemory m = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(capacity));
        resources.add(m);
        return m;
    }

    private RefCountedBroadcastQueue queue(long capacity, QueueSpec spec, BroadcastOptions options) {
        RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory(capacity), spec, options);
        resources.add(q);
        return q;
    }

    private static MemorySegment bytes(int n) {
        return MemorySegment.ofArray(new byte[n]);
    }

    private static void assertMessage(Class<? extends Throwable> type, Executable call, String... parts) {
        Throwable t = assertThrows(type, call);
        for (String p : parts) {
            assertTrue(t.getMessage().contains(p), "message '" + t.getMessage() + "' should name '" + p + "'");
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    /** Parked by a ParkWait (not merely descheduled): its registration is in place. */
    private static boolean parkedInQueue(Thread t) {
        Thread.State s = t.getState();
        return (s == Thread.State.TIMED_WAITING || s == Thread.State.WAITING) && LockSupport.getBlocker(t) instanceof ParkWait;
    }

    // ---- bad input ----

    @Test
    void tooManyConsumersAreRefused() {
        assertMessage(IllegalArgumentException.class,
                () -> new BroadcastDiscipline().create(memory(4096), QueueSpec.variable(64).withConsumers(65)),
                "too many consumers", "65", "64");
        RefCountedBroadcastQueue q = queue(4096, QueueSpec.variable(64).withConsumers(3), BroadcastOptions.defaults());
        assertMessage(IllegalStateException.class, q::join, "too many consumers", "3");
    }

    @Test
    void recordsLargerThanTheLargestSlotAreRefused() {
        RefCountedBroadcastQueue q = queue(4096, QueueSpec.variable(100).withConsumers(2), BroadcastOptions.defaults());
        assertMessage(IllegalArgumentException.class, () -> q.producer().offer(bytes(101)), "101", "100", "slot");
        assertMessage(IllegalArgumentException.class, () -> q.producer().put(bytes(101)), "101", "100");
        assertMessage(IllegalArgumentException.class, () -> q.producer().claim(101), "101", "100");
        assertMessage(IllegalArgumentException.class, () -> q.producer().awaitClaim(101), "101", "100");
        // A batch with one bad record publishes nothing.
        assertMessage(IllegalArgumentException.class,
                () -> q.producer().offer(new MemorySegment[] {bytes(1), bytes(101)}, 0, 2), "101");
        assertEquals(0, q.counters().get("recordsPublished"));
        assertNull(q.consumer(0).peek());
        RefCountedBroadcastQueue f = queue(4096, QueueSpec.fixed(32), BroadcastOptions.defaults());
        assertMessage(IllegalArgumentException.class, () -> f.producer().offer(bytes(31)), "31", "exactly 32");
    }

    @Test
    void aRingTooSmallForOneSlotIsRefused() {
        assertMessage(IllegalArgumentException.class,
                () -> new BroadcastDiscipline().create(memory(1000), QueueSpec.variable(1000)),
                "1000", "1024", "holds none");
    }

    @Test
    void releasingARecordNotHeldIsRefused() {
        RefCountedBroadcastQueue q = queue(4096, QueueSpec.variable(64).withConsumers(2), BroadcastOptions.defaults());
        assertMessage(IllegalStateException.class, () -> q.consumer(1).release(), "consumer 1", "holds no record");
        assertTrue(q.producer().offer(bytes(8)));
        assertNotNull(q.consumer(1).peek());
        q.consumer(1).release();
        assertMessage(IllegalStateException.class, () -> q.consumer(1).release(), "consumer 1", "holds no record");
        assertEquals(1, q.pending(0), "consumer 0 still holds record 0, consumer 1 released it once");
    }

    @Test
    void badArgumentsNameTheValue() {
        RefCountedBroadcastQueue q = queue(4096, QueueSpec.variable(64).withConsumers(2), BroadcastOptions.defaults());
        assertMessage(IndexOutOfBoundsException.class, () -> q.consumer(2), "0..1", "2");
        assertMessage(IndexOutOfBoundsException.class, () -> q.consumer(-1), "-1");
        assertMessage(IllegalArgumentException.class, () -> q.consumer(0).drain(r -> { }, 0), "0");
        assertMessage(IllegalStateException.class, () -> q.producer().commit(8), "without a successful claim");
        assertNotNull(q.producer().claim(16));
        assertMessage(IllegalArgumentException.class, () -> q.producer().commit(17), "17", "16");
        q.producer().commit(16); // the claim outlives the refused commit
        assertEquals(16, q.consumer(0).poll(bytes(64)));
        assertEquals(16, q.consumer(1).poll(bytes(64)));
        // A record that does not fit the destination stays queued.
        assertTrue(q.producer().offer(bytes(40)));
        assertMessage(IllegalArgumentException.class, () -> q.consumer(0).poll(bytes(39)), "40", "39");
        assertEquals(40, q.consumer(0).poll(bytes(64)));
        RefCountedBroadcastQueue other = queue(4096, QueueSpec.variable(64).withConsumers(2), BroadcastOptions.defaults());
        assertMessage(IllegalArgumentException.class, () -> q.leave(other.consumer(0)), "not a consumer of this queue");
        q.leave(q.consumer(1));
        assertMessage(IllegalStateException.class, () -> q.leave(q.consumer(1)), "consumer 1", "left");
        assertMessage(IllegalStateException.class, () -> q.consumer(1).peek(), "consumer 1", "not joined");
        assertMessage(IllegalArgumentException.class, () -> BroadcastOptions.defaults().withAdjustAfter(0), "0");
        assertMessage(IllegalArgumentException.class, () -> BroadcastOptions.defaults().withMemoryCap(-5), "-5");
        assertMessage(IllegalArgumentException.class, () -> BroadcastOptions.defaults().withProducerWait(null), "null");
        assertMessage(IllegalArgumentException.class, () -> WaitStrategy.parking(Duration.ZERO), "PT0S");
    }

    @Test
    void memoryAnotherQueueUsedIsRefused() {
        RingMemory m = memory(4096);
        resources.add(new SpscDiscipline().create(m, QueueSpec.variable(64)));
        assertMessage(IllegalArgumentException.class, () -> new BroadcastDiscipline().create(m, QueueSpec.variable(64)),
                "magic 0x524c53505343", "already holds a queue");
    }

    @Test
    void everyMethodThrowsAfterClose() {
        RefCountedBroadcastQueue q = queue(4096, QueueSpec.variable(64).withConsumers(2), BroadcastOptions.defaults());
        BroadcastProducer p = q.producer();
        BroadcastConsumer c = q.consumer(0);
        q.close();
        List<Executable> calls = List.of(() -> p.offer(bytes(8)), () -> p.put(bytes(8)), () -> p.claim(8),
                () -> p.awaitClaim(8), () -> p.commit(8), () -> p.offer(new MemorySegment[] {bytes(8)}, 0, 1),
                c::peek, c::release, () -> c.drain(r -> { }, 1), () -> c.poll(bytes(64)), () -> c.awaitDrain(r -> { }),
                q::join, () -> q.leave(c));
        for (Executable call : calls) {
            assertMessage(IllegalStateException.class, call, "closed");
        }
        q.close(); // twice is harmless
        assertMessage(IllegalStateException.class, q::counters, "closed");
    }

    @Test
    void theDisciplinesAreDiscovered() {
        for (String name : List.of("spsc", "broadcast", "copy-per-consumer")) {
            QueueDiscipline d = Registries.disciplines().find(name).orElseThrow(() -> new AssertionError(name + " not found"));
            assertTrue(d.availability().isAvailable(), name);
        }
    }

    // ---- behaviour ----

    @Test
    void aParkedConsumerIsWokenOnceAndDrainsEverythingPending() throws InterruptedException {
        BroadcastOptions options = BroadcastOptions.defaults().withConsumerWait(WaitStrategy.parking(Duration.ofSeconds(30)));
        RefCountedBroadcastQueue q = queue(64 * 256, QueueSpec.variable(64).withConsumers(1), options);
        AtomicInteger lastDrain = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread consumer = new Thread(() -> {
            try {
                while (true) {
                    lastDrain.set(q.consumer(0).awaitDrain(r -> { }));
                    calls.incrementAndGet();
                }
            } catch (IllegalStateException closed) {
                // the end
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        consumer.start();
        MemorySegment[] hundred = new MemorySegment[100];
        for (int i = 0; i < hundred.length; i++) {
            hundred[i] = bytes(8);
        }
        for (int round = 1; round <= 3; round++) {
            int r = round;
            await("the consumer parks (round " + round + ")", () -> parkedInQueue(consumer) && calls.get() == r - 1);
            assertEquals(100, q.producer().offer(hundred, 0, 100)); // one publish: one wake-up
            await("the consumer drains round " + round, () -> calls.get() == r);
            assertEquals(100, lastDrain.get(), "everything pending in one drain");
            assertEquals(round, q.counters().get("consumerWakeups"), "one wake-up per empty -> non-empty");
        }
        q.close();
        consumer.join(10_000);
        assertFalse(consumer.isAlive(), "close woke the parked consumer");
        assertNull(failure.get());
    }

    @Test
    void aBusyConsumerIsNeverWoken() {
        RefCountedBroadcastQueue q = queue(64 * 256, QueueSpec.variable(64).withConsumers(2), BroadcastOptions.defaults());
        for (int i = 0; i < 200; i++) {
            assertTrue(q.producer().offer(bytes(8)));
            q.consumer(0).drain(r -> { }, 10);
        }
        assertEquals(0, q.counters().get("consumerWakeups"));
        assertEquals(200, q.counters().get("consumer.1.lag"));
        assertEquals(200, q.counters().get("maxLag"));
        assertEquals(0, q.counters().get("consumer.0.lag"));
    }

    @Test
    void theSlowestConsumerSetsThePaceAndALeavingOneUnblocksTheProducer() throws InterruptedException {
        BroadcastOptions options = BroadcastOptions.defaults().withProducerWait(WaitStrategy.parking(Duration.ofSeconds(30)));
        RefCountedBroadcastQueue q = queue(64 * 8, QueueSpec.variable(64).withConsumers(2), options);
        for (int i = 0; i < 8; i++) {
            assertTrue(q.producer().offer(bytes(8)));
        }
        assertEquals(8, q.consumer(1).drain(r -> { }, 100)); // the fast one is done, the slow one holds all 8
        assertFalse(q.producer().offer(bytes(8)), "fail fast while the next slot is held");
        assertEquals(1, q.counters().get("failedOffers"));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try {
                q.producer().put(bytes(8));
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        producer.start();
        await("the producer parks on the held slot", () -> parkedInQueue(producer));
        assertEquals(8, q.counters().get("consumer.0.lag"));
        q.leave(q.consumer(0)); // releases all 8: the producer must go on
        producer.join(10_000);
        assertFalse(producer.isAlive(), "a departed consumer still blocks the producer");
        assertNull(failure.get());
        Map<String, Long> c = q.counters();
        assertEquals(9, c.get("recordsPublished"));
        assertEquals(1, c.get("producerStalls"));
        assertTrue(c.get("producerStallNanos") > 0);
        assertEquals(1, c.get("producerWakeups"));
        assertEquals(1, c.get("consumer.1.lag"));
        assertEquals(1, c.get("leaves"));
    }

    @Test
    void closeWakesAParkedProducer() throws InterruptedException {
        BroadcastOptions options = BroadcastOptions.defaults().withProducerWait(WaitStrategy.parking(Duration.ofSeconds(30)));
        RefCountedBroadcastQueue q = queue(64, QueueSpec.variable(64), options);
        assertTrue(q.producer().offer(bytes(1)));
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try {
                q.producer().put(bytes(1));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        producer.start();
        await("the producer parks", () -> parkedInQueue(producer));
        q.close();
        producer.join(10_000);
        assertTrue(thrown.get() instanceof IllegalStateException && thrown.get().getMessage().contains("closed"),
                "the producer saw " + thrown.get());
    }

    @Test
    void recordsPublishedWithNoConsumerJoinedNeverBlock() {
        RefCountedBroadcastQueue q = queue(64 * 8, QueueSpec.variable(64).withConsumers(2), BroadcastOptions.defaults());
        q.leave(q.consumer(0));
        q.leave(q.consumer(1));
        for (int i = 0; i < 100; i++) {
            assertTrue(q.producer().offer(bytes(8)));
        }
        assertEquals(100, q.counters().get("recordsWithoutConsumers"));
        BroadcastConsumer k = q.join();
        assertEquals(0, k.index());
        assertNull(k.peek(), "a joining consumer starts at the next record");
        assertTrue(q.producer().offer(bytes(3)));
        assertEquals(3, k.peek().byteSize());
    }

    @Test
    void theSlotCountIsAdjustedOnceAfterKRecordsAndReported() {
        List<SlotAdjustment> events = new ArrayList<>();
        // 100 slots of 64 bytes; C = 1000 bytes; the first 8 records are at most 40 bytes: 1000 / 40 = 25 slots.
        BroadcastOptions options = BroadcastOptions.defaults().withMemoryCap(1000).withOnAdjustment(events::add);
        RefCountedBroadcastQueue q = queue(64 * 100, QueueSpec.variable(64), options);
        assertEquals(100, q.counters().get("slotsInUse"));
        for (int i = 0; i < 8; i++) {
            assertTrue(q.producer().offer(bytes(i == 3 ? 40 : 10)));
            q.consumer(0).drain(r -> { }, 10);
            assertEquals(i < 7 ? 0 : 1, events.size(), "after record " + i);
        }
        SlotAdjustment a = q.slotAdjustment().orElseThrow();
        assertEquals(List.of(a), events);
        assertEquals(new SlotAdjustment(8, 40, 40, 1000, 25, 100, 100, 25), a);
        assertEquals("Adjusted slot count after 8 records: 1000 bytes / 40 bytes = 25 slots; 100 -> 25 slots in use",
                a.toString());
        assertEquals(25, q.counters().get("slotsInUse"));
        assertEquals(1, q.counters().get("slotAdjustments"));
        // Slots 8..24 in use, then back to 0: record 25 goes to slot 0.
        for (int i = 8; i < 25; i++) {
            assertTrue(q.producer().offer(bytes(64)));
        }
        assertTrue(q.producer().offer(bytes(64)));
        assertEquals(1, q.pending(0), "record 25 wrapped to slot 0");
        assertEquals(0, q.pending(25), "slot 25 is no longer in use");
        // Grown to the largest record each slot saw: slot 0 64 (record 25), slot 3 40, slots 1..7 10, 8..24 64.
        long highWater = q.counters().get("slotBytesHighWater");
        assertEquals(64 + 40 + 6 * 10 + 17 * 64, highWater);
        q.consumer(0).drain(r -> { }, 100);
        assertTrue(q.producer().offer(bytes(1)));
        assertEquals(highWater, q.counters().get("slotBytesHighWater"), "never shrinks");
        // The clamps, worded.
        assertTrue(SlotAdjustment.compute(8, 100, 128L << 20, 16, 16).toString().contains("clamped to the 16 slots"));
        assertEquals(8, SlotAdjustment.compute(8, 10_000, 1000, 16, 16).after());
        assertEquals(4, SlotAdjustment.compute(8, 10, 1000, 4, 4).after(), "the ring is the hard bound");
        assertEquals(1000 / 32, SlotAdjustment.compute(8, 3, 1000, 100, 100).after(), "records count as 32 bytes at least");
    }
}
