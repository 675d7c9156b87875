package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code spsc} on {@code mirrored-memfd-growable}, one thread: a full ring grows (doubling, up
 * to the maximum, then full), every record comes back in order and byte-identical, whatever
 * offset the live range wraps at; each path (offer, batch, claim) grows; a held peek defers a
 * grow rather than blocking; nothing leaks; bad growth requests are refused naming the values.
 */
class SpscGrowthTest {

    static final String GROWABLE = "mirrored-memfd-growable";
    static final long PAGE = 4096;

    private MemoryStrategy strategy;

    /** The growable strategy, or the test is skipped with the reason it is unavailable. */
    static MemoryStrategy growableStrategy() {
        MemoryStrategy s = Registries.memoryStrategies().find(GROWABLE).orElse(null);
        assumeTrue(s != null && s.availability().isAvailable(),
                () -> GROWABLE + " is unavailable: " + (s == null ? "not discovered" : s.availability().reason()));
        return s;
    }

    @BeforeEach
    void strategy() {
        strategy = growableStrategy();
        assertEquals(PAGE, strategy.granularity(), "these tests count in 4 KiB pages");
    }

    /** Record {@code s}: {@code length} bytes derived from {@code s} (its first 4 hold {@code s} when they fit). */
    static byte[] record(long s, int length) {
        byte[] r = new byte[length];
        for (int i = 0; i < length; i++) {
            r[i] = (byte) (s * 131 + i * 7 + 3);
        }
        if (length >= 4) {
            MemorySegment.ofArray(r).set(ValueLayout.JAVA_INT_UNALIGNED, 0, (int) s);
        }
        return r;
    }

    static void assertDrainsInOrder(QueueConsumer consumer, List<byte[]> expected) {
        List<byte[]> seen = new ArrayList<>();
        while (consumer.drain(r -> seen.add(r.toArray(ValueLayout.JAVA_BYTE)), 100) > 0) {
            // until empty
        }
        assertEquals(expected.size(), seen.size(), "records drained");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), seen.get(i), "record " + i);
        }
    }

    private RecordQueue queue(RingMemory memory, QueueSpec spec) {
        return new SpscDiscipline().create(memory, spec);
    }

    @Test
    void offersBeyondTheInitialCapacityGrowTheRingAndKeepEveryRecord() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE));
             RecordQueue queue = queue(memory, QueueSpec.variable(200).growingUpTo(64 * 1024))) {
            List<byte[]> offered = new ArrayList<>();
            long bytes = 0;
            for (int s = 0; bytes < 40 * 1024; s++) {
                byte[] r = record(s, s % 201);
                assertTrue(queue.producer().offer(MemorySegment.ofArray(r)), "offer " + s + " with " + bytes + " bytes queued");
                offered.add(r);
                bytes += SpscDescriptor.variableFrameLength(r.length);
            }
            Map<String, Long> c = queue.counters();
            assertEquals(64 * 1024, memory.capacity(), "4 KiB doubled until 40 KiB fit");
            assertEquals(64 * 1024, c.get("capacity"));
            assertEquals(4, c.get("grows"), "4 → 8 → 16 → 32 → 64 KiB");
            assertEquals(4, memory.copyCounters().grows());
            assertEquals(0, c.get("growthBytes"), "the live range never wrapped: nothing moved");
            assertEquals(0, c.get("failedOffers"));
            assertDrainsInOrder(queue.consumer(0), offered);
        }
    }

    @Test
    void growthStopsAtTheMaximumThenTheRingIsFull() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE));
             RecordQueue queue = queue(memory, QueueSpec.variable(4).growingUpTo(4 * PAGE))) {
            QueueProducer producer = queue.producer();
            List<byte[]> offered = new ArrayList<>();
            int s = 0;
            for (; s < 10_000; s++) {
                byte[] r = record(s, 4); // frames of 8 bytes
                if (!producer.offer(MemorySegment.ofArray(r))) {
                    break;
                }
                offered.add(r);
            }
            assertEquals(4 * PAGE / 8, offered.size(), "records of 8-byte frames in the largest ring");
            assertEquals(4 * PAGE, memory.capacity());
            assertEquals(2, queue.counters().get("grows"));
            assertEquals(1, queue.counters().get("failedOffers"), "the offer past the maximum failed as full");
            assertEquals(0, queue.counters().get("growsDeferred"));
            // A drained record makes room; the ring does not grow further.
            byte[] first = new byte[4];
            assertEquals(4, queue.consumer(0).poll(MemorySegment.ofArray(first)));
            assertArrayEquals(offered.removeFirst(), first);
            byte[] r = record(s, 4);
            assertTrue(producer.offer(MemorySegment.ofArray(r)));
            offered.add(r);
            assertEquals(2, queue.counters().get("grows"));
            assertDrainsInOrder(queue.consumer(0), offered);
        }
    }

    /**
     * The live range of a full 4 KiB ring wraps at offset k (every 8-byte frame offset); the
     * next offer grows it to 8 KiB, moving the smaller part (k bytes of tail or 4096 - k of head).
     */
    @Test
    void aGrowAtEveryWrapOffsetKeepsTheWrappedPart() {
        int frames = (int) (PAGE / 8);
        for (int k = 0; k < frames; k++) {
            try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE));
                 RecordQueue queue = queue(memory, QueueSpec.variable(4).growingUpTo(2 * PAGE))) {
                QueueProducer producer = queue.producer();
                QueueConsumer consumer = queue.consumer(0);
                for (int s = 0; s < k; s++) { // move both positions to k * 8
                    assertTrue(producer.offer(MemorySegment.ofArray(record(s, 4))));
                }
                if (k > 0) {
                    assertEquals(k, consumer.drain(r -> { }, k));
                }
                List<byte[]> offered = new ArrayList<>();
                for (int s = 0; s <= frames; s++) { // a full ring, then one more record
                    byte[] r = record(1000 + s, 4);
                    assertTrue(producer.offer(MemorySegment.ofArray(r)), "offer " + s + " at wrap offset " + 8 * k);
                    offered.add(r);
                    assertEquals(s < frames ? 0 : 1, queue.counters().get("grows"), "grows after " + (s + 1) + " records");
                }
                long wrapped = 8L * k;
                assertEquals(Math.min(wrapped, PAGE - wrapped), queue.counters().get("growthBytes"),
                        "bytes moved by a grow wrapping at " + wrapped);
                assertDrainsInOrder(consumer, offered);
            }
        }
    }

    @Test
    void batchesAndClaimsGrowTheRingToo() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE));
             RecordQueue queue = queue(memory, QueueSpec.variable(1000).growingUpTo(16 * PAGE))) {
            List<byte[]> offered = new ArrayList<>();
            MemorySegment[] batch = new MemorySegment[12];
            for (int i = 0; i < batch.length; i++) {
                byte[] r = record(i, 1000);
                offered.add(r);
                batch[i] = MemorySegment.ofArray(r);
            }
            assertEquals(batch.length, queue.producer().offer(batch, 0, batch.length), "12 KiB batch into a 4 KiB ring");
            assertEquals(4 * PAGE, memory.capacity());
            for (int s = 100; s < 120; s++) {
                byte[] r = record(s, 999);
                MemorySegment claim = queue.producer().claim(r.length);
                assertNotNull(claim, "claim " + s);
                MemorySegment.copy(MemorySegment.ofArray(r), 0, claim, 0, r.length);
                queue.producer().commit(r.length);
                offered.add(r);
            }
            assertEquals(8 * PAGE, memory.capacity(), "12 batched and 20 claimed frames of 1008 bytes: 32256 fit in 32 KiB");
            assertEquals(2 + 1, queue.counters().get("grows"));
            assertDrainsInOrder(queue.consumer(0), offered);
        }
    }

    /**
     * The consumer holds a record between peek and release (here on the producer's own
     * thread): the grow cannot wait for it, so the offer fails as full, counted, instead of
     * blocking; after the release the same offer grows the ring.
     */
    @Test
    void aHeldPeekDefersTheGrowInsteadOfBlocking() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE));
             RecordQueue queue = queue(memory, QueueSpec.variable(4).growingUpTo(2 * PAGE))) {
            List<byte[]> offered = new ArrayList<>();
            for (int s = 0; s < PAGE / 8; s++) {
                byte[] r = record(s, 4);
                assertTrue(queue.producer().offer(MemorySegment.ofArray(r)));
                offered.add(r);
            }
            MemorySegment held = queue.consumer(0).peek();
            assertArrayEquals(offered.getFirst(), held.toArray(ValueLayout.JAVA_BYTE));
            byte[] next = record(9999, 4);
            assertFalse(queue.producer().offer(MemorySegment.ofArray(next)), "grow while the consumer holds a record");
            assertEquals(1, queue.counters().get("growsDeferred"));
            assertEquals(1, queue.counters().get("failedOffers"));
            assertEquals(0, queue.counters().get("grows"));
            assertArrayEquals(offered.getFirst(), held.toArray(ValueLayout.JAVA_BYTE), "the held record is still mapped");
            queue.consumer(0).release();
            offered.removeFirst();
            assertTrue(queue.producer().offer(MemorySegment.ofArray(next)), "room after the release");
            offered.add(next);
            byte[] more = record(10_000, 4);
            assertTrue(queue.producer().offer(MemorySegment.ofArray(more)), "the consumer left: the ring grows");
            offered.add(more);
            assertEquals(1, queue.counters().get("grows"));
            assertThrows(IllegalStateException.class, () -> held.get(ValueLayout.JAVA_BYTE, 0),
                    "a segment from before the grow throws, never reads unmapped memory");
            assertDrainsInOrder(queue.consumer(0), offered);
        }
    }

    @Test
    void growingAndClosingLeavesNoMappingOrDescriptor() throws InterruptedException {
        assumeTrue(ProcSelf.isSupported(), "no /proc/self here");
        cycle(); // first use loads classes and maps what the JVM keeps
        List<String> maps = ProcSelf.mappings();
        long fds = ProcSelf.openDescriptorCount();
        for (int i = 0; i < 30; i++) {
            cycle();
        }
        long fdsAfter = ProcSelf.openDescriptorCount();
        for (int retry = 0; retry < 20 && fdsAfter != fds; retry++) {
            Thread.sleep(25);
            fdsAfter = ProcSelf.openDescriptorCount();
        }
        assertEquals(List.of(), ProcSelf.unexplainedMappingChanges(maps, ProcSelf.mappings()),
                "mappings left after 30 queues grew their rings 4 times and closed");
        assertEquals(fds, fdsAfter, "descriptors before and after 30 grown rings");
    }

    private void cycle() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE));
             RecordQueue queue = queue(memory, QueueSpec.variable(100).growingUpTo(16 * PAGE))) {
            for (int s = 0; s < 500; s++) {
                assertTrue(queue.producer().offer(MemorySegment.ofArray(record(s, 100))));
            }
            assertEquals(4, queue.counters().get("grows"));
        }
    }

    private static void assertNames(String value, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(value), "message should name " + value + ": " + e.getMessage());
    }

    @Test
    void growthOnARingThatCannotGrowIsRefusedNamingTheStrategy() {
        try (RingMemory doubled = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(PAGE))) {
            assertNames("doubled", () -> queue(doubled, QueueSpec.variable(64).growingUpTo(16 * PAGE)));
            assertNames("doubled", () -> queue(doubled, QueueSpec.fixed(64).growingUpTo(16 * PAGE)));
        }
    }

    @Test
    void aMaximumBelowTheCapacityIsRefusedNamingBoth() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(2 * PAGE))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> queue(memory, QueueSpec.variable(64).growingUpTo(PAGE)));
            assertTrue(e.getMessage().contains("4096") && e.getMessage().contains("8192"), e.getMessage());
            // Rounded down to the page, 8191 is 4096: below the capacity too.
            assertNames("8191", () -> queue(memory, QueueSpec.variable(64).growingUpTo(2 * PAGE - 1)));
        }
    }

    /**
     * A growth spec refused for its maximum writes nothing: the header stays unset, so the next
     * queue on that memory initialises it with its own spec instead of attaching to a queue that
     * was never built (and being refused for a mode or size it never asked for).
     */
    @Test
    void aRefusedMaximumLeavesTheHeaderUntouched() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(2 * PAGE))) {
            for (QueueSpec refused : List.of(QueueSpec.variable(64).growingUpTo(PAGE), QueueSpec.fixed(64).growingUpTo(PAGE))) {
                assertThrows(IllegalArgumentException.class, () -> queue(memory, refused));
                assertEquals(0L, memory.header().get(ValueLayout.JAVA_LONG, SpscDescriptor.MAGIC_OFFSET),
                        "header magic after refusing " + refused);
            }
            try (RecordQueue fixed = queue(memory, QueueSpec.fixed(32))) {
                assertTrue(fixed.producer().offer(MemorySegment.ofArray(record(1, 32))), "a fresh fixed queue takes a record");
            }
        }
    }

    @Test
    void disciplinesThatDoNotGrowRefuseAGrowthSpec() {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(PAGE))) {
            for (String name : List.of("locked-list", "copy-per-consumer", "broadcast", "napi")) {
                assertNames(name, () -> Registries.disciplines().require(name).create(memory,
                        QueueSpec.variable(64).growingUpTo(16 * PAGE)));
            }
        }
    }
}
