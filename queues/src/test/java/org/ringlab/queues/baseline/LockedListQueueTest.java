package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code locked-list} with real threads (a million numbered records, every byte checked, in
 * order, none lost), its registration, and bad input.
 */
class LockedListQueueTest {

    static final long RECORDS = 1_000_000;

    static RingMemory memory(long capacity) {
        return Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(capacity));
    }

    static void assertMessage(Class<? extends Throwable> type, String expected, Executable call) {
        Throwable t = assertThrows(type, call);
        assertTrue(t.getMessage() != null && t.getMessage().contains(expected),
                "message should contain \"" + expected + "\": " + t.getMessage());
    }

    @Test
    void aMillionRecordsCrossBetweenTwoThreadsInOrder() throws InterruptedException {
        try (RingMemory memory = memory(64 * 1024);
             RecordQueue queue = new LockedListDiscipline().create(memory, QueueSpec.variable(64))) {
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    MemorySegment buffer = MemorySegment.ofArray(new byte[64]);
                    for (long s = 0; s < RECORDS; s++) {
                        int length = 8 + (int) (s % 57);
                        buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
                        for (int i = 8; i < length; i++) {
                            buffer.set(ValueLayout.JAVA_BYTE, i, (byte) (s + i));
                        }
                        while (!producer.offer(buffer.asSlice(0, length))) {
                            Thread.onSpinWait();
                        }
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            }, "locked-list-producer");
            t.start();
            long[] expected = {0};
            long[] violations = {0};
            while (expected[0] < RECORDS && failure.get() == null) {
                int n = consumer.drain(r -> {
                    long s = r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                    boolean ok = s == expected[0] && r.byteSize() == 8 + s % 57;
                    for (int i = 8; ok && i < r.byteSize(); i++) {
                        ok = r.get(ValueLayout.JAVA_BYTE, i) == (byte) (s + i);
                    }
                    if (!ok) {
                        violations[0]++;
                    }
                    expected[0]++;
                }, 32);
                if (n == 0) {
                    Thread.onSpinWait();
                }
            }
            t.join();
            assertEquals(null, failure.get());
            assertEquals(0, violations[0]);
            assertEquals(RECORDS, queue.counters().get("recordsConsumed"));
            assertEquals(0, queue.counters().get("queuedBytes"));
            // A contended acquisition is timed, an uncontended one is not: wait time exactly when contended.
            long contended = queue.counters().get("contendedLocks");
            long waited = queue.counters().get("lockWaitNanos");
            assertEquals(contended > 0, waited > 0, contended + " contended acquisitions, " + waited + " ns waited");
            System.out.println("locked-list, " + RECORDS + " records: " + queue.counters());
        }
    }

    @Test
    void theDisciplineIsRegistered() {
        QueueDiscipline d = Registries.disciplines().require("locked-list");
        assertTrue(d.availability().isAvailable());
        assertFalse(d.description().isBlank());
        try (RingMemory memory = memory(4096); RecordQueue q = d.create(memory, QueueSpec.fixed(64))) {
            assertInstanceOf(LockedListQueue.class, q);
            assertEquals("locked-list", q.disciplineName());
        }
    }

    @Test
    void badInputIsRefusedNamingTheValue() {
        try (RingMemory memory = memory(4096)) {
            assertMessage(IllegalArgumentException.class, "exactly one consumer, 3 were asked for",
                    () -> new LockedListQueue("locked-list", memory, QueueSpec.variable(64).withConsumers(3)));
            assertMessage(IllegalArgumentException.class, "a record of 4096 bytes is charged 4104 bytes; the memory's capacity is 4096",
                    () -> new LockedListQueue("locked-list", memory, QueueSpec.variable(4096)));
            RecordQueue q = new LockedListQueue("locked-list", memory, QueueSpec.variable(64));
            try {
                assertMessage(IllegalArgumentException.class, "record of 65 bytes",
                        () -> q.producer().offer(MemorySegment.ofArray(new byte[65])));
                assertMessage(IllegalArgumentException.class, "record of -1 bytes", () -> q.producer().claim(-1));
                assertMessage(IllegalStateException.class, "commit(8) without a successful claim", () -> q.producer().commit(8));
                q.producer().claim(16);
                assertMessage(IllegalArgumentException.class, "commit of 20 bytes exceeds the claim of 16",
                        () -> q.producer().commit(20));
                q.producer().commit(16); // the claim outlives the refused commit
                assertEquals(16, q.consumer(0).poll(MemorySegment.ofArray(new byte[64])));
                assertMessage(IllegalStateException.class, "release() without a record", () -> q.consumer(0).release());
                assertMessage(IllegalArgumentException.class, "drain limit must be positive, got 0",
                        () -> q.consumer(0).drain(r -> { }, 0));
                assertMessage(IndexOutOfBoundsException.class, "asked for 1", () -> q.consumer(1));
                q.producer().offer(MemorySegment.ofArray(new byte[40]));
                assertMessage(IllegalArgumentException.class, "record of 40 bytes does not fit the destination of 8",
                        () -> q.consumer(0).poll(MemorySegment.ofArray(new byte[8])));
                assertEquals(40, q.consumer(0).poll(MemorySegment.ofArray(new byte[64])), "a refused poll consumes nothing");
                q.close();
                assertMessage(IllegalStateException.class, "locked-list queue is closed",
                        () -> q.producer().offer(MemorySegment.ofArray(new byte[8])));
                assertMessage(IllegalStateException.class, "locked-list queue is closed", () -> q.consumer(0).peek());
            } finally {
                q.close();
            }
        }
    }
}
