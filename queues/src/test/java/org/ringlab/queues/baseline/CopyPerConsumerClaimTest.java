package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A claim replaced by one that finds a slower consumer's sub-ring full returns null and cancels
 * the claim for the caller, while sub-ring 0's spsc claim stays (spsc cannot cancel one): the
 * next offer or batch must replace it, and every consumer still gets every record once, in order.
 */
class CopyPerConsumerClaimTest {

    static MemorySegment record(long sequence, int length) {
        MemorySegment r = MemorySegment.ofArray(new byte[length]);
        r.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, sequence);
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"offer", "batch"})
    void aCancelledClaimLeavesEveryConsumerItsRecords(String next) {
        try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(8192));
             RecordQueue queue = new CopyPerConsumerDiscipline().create(memory, QueueSpec.variable(64).withConsumers(2))) {
            QueueProducer p = queue.producer();
            QueueConsumer c0 = queue.consumer(0);
            QueueConsumer c1 = queue.consumer(1);
            long sent = 0;
            while (p.offer(record(sent, 8))) { // 16-byte frames until both sub-rings are full
                sent++;
            }
            assertEquals((4096 - 8) / 16, sent); // spsc keeps 8 bytes free for the zero word after the newest record
            MemorySegment dst = MemorySegment.ofArray(new byte[64]);
            assertEquals(8, c1.poll(dst)); // consumer 1 frees one frame, consumer 0 all of them
            long got0 = 0;
            while (c0.poll(dst) >= 0) {
                assertEquals(got0++, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            }
            assertNotNull(p.claim(8), "both sub-rings have a 16-byte frame free");
            assertNull(p.claim(64), "consumer 1's sub-ring has no 72-byte frame free");
            assertThrows(IllegalStateException.class, () -> p.commit(8), "the claim was cancelled");
            if (next.equals("offer")) {
                assertTrue(p.offer(record(sent, 8)));
            } else {
                assertEquals(1, p.offer(new MemorySegment[] {record(sent, 8), record(sent + 1, 8)}, 0, 2));
            }
            sent++;
            while (c0.poll(dst) >= 0) {
                assertEquals(got0++, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            }
            long got1 = 1;
            while (c1.poll(dst) >= 0) {
                assertEquals(got1++, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            }
            assertEquals(sent, got0);
            assertEquals(sent, got1);
            MemorySegment claim = p.claim(16); // the producer works on normally
            claim.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, sent);
            p.commit(16);
            assertEquals(16, c0.poll(dst));
            assertEquals(sent, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            assertEquals(16, c1.poll(dst));
            assertEquals(sent, dst.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            assertEquals(0L, queue.counters().get("maxLag"));
        }
    }
}
