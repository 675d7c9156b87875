package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
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

/** Real threads on every available strategy: 1 producer, 4 consumers, every consumer gets every record in order. */
class CopyPerConsumerConcurrencyTest {

    static final long RECORDS = Long.getLong("ringlab.copy.records", 100_000L);
    static final int MAX_RECORD = 64;

    static byte payloadByte(long s, int i) {
        return (byte) (s * 31 + i * 7 + 1);
    }

    static int length(long s) {
        return 8 + (int) (s % 57);
    }

    @TestFactory
    Stream<DynamicTest> fourConsumersGetEveryRecordInOrder() {
        return Registries.memoryStrategies().available().stream().map(s -> dynamicTest(s.name(), () -> {
            Throwable failure = run(s, false, RECORDS);
            assertNull(failure, () -> "failed: " + failure);
        }));
    }

    /** The deliberately broken twin: a fit check of sub-ring 0 alone must be caught. */
    @Test
    void checkingOneSubRingIsCaught() throws InterruptedException {
        Throwable failure = null;
        for (int round = 0; round < 5 && failure == null; round++) {
            failure = run(Registries.memoryStrategies().require("doubled"), true,
                    200_000);
        }
        assertNotNull(failure, "the broken twin checked only sub-ring 0 for room over a million records and nothing"
                + " failed: this stress cannot catch a fan-out that is not all or nothing");
    }

    /** 1 producer, 4 consumers checking every record; the first failure seen, or null. */
    private static Throwable run(MemoryStrategy s, boolean brokenTwin, long records)
            throws InterruptedException {
        long capacity = Math.max(s.granularity(), 16 * 1024);
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(capacity));
             org.ringlab.api.RecordQueue queue = brokenTwin
                     ? new FirstRingOnlyCopyPerConsumerQueue("copy-per-consumer", memory, QueueSpec.variable(MAX_RECORD).withConsumers(4))
                     : new CopyPerConsumerQueue("copy-per-consumer", memory, QueueSpec.variable(MAX_RECORD).withConsumers(4))) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                int index = c;
                threads.add(new Thread(() -> {
                    long[] expected = {0};
                    try {
                        while (expected[0] < records && failure.get() == null) {
                            int n = queue.consumer(index).drain(r -> {
                                long q = r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                                boolean ok = q == expected[0] && r.byteSize() == length(q);
                                for (int i = 8; ok && i < r.byteSize(); i++) {
                                    ok = r.get(ValueLayout.JAVA_BYTE, i) == payloadByte(q, i);
                                }
                                if (!ok) {
                                    throw new AssertionError(s.name() + " consumer " + index + ": expected record "
                                            + expected[0] + ", got " + q + " of " + r.byteSize() + " bytes");
                                }
                                expected[0]++;
                            }, 64);
                            if (n == 0) {
                                Thread.yield();
                            }
                        }
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }, "copy-consumer-" + c));
            }
            threads.add(new Thread(() -> {
                MemorySegment buffer = MemorySegment.ofArray(new byte[MAX_RECORD]);
                try {
                    for (long q = 0; q < records && failure.get() == null; q++) {
                        int length = length(q);
                        buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, q);
                        for (int i = 8; i < length; i++) {
                            buffer.set(ValueLayout.JAVA_BYTE, i, payloadByte(q, i));
                        }
                        while (!queue.producer().offer(buffer.asSlice(0, length))) {
                            if (failure.get() != null) {
                                return; // a consumer stopped: the ring will not drain
                            }
                            Thread.yield(); // the slowest consumer sets the pace
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "copy-producer"));
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join(60_000);
            }
            if (failure.get() == null) {
                for (int c = 0; c < 4; c++) {
                    assertEquals(records, queue.counters().get("consumer." + c + ".delivered"));
                }
            }
            return failure.get();
        }
    }
}
