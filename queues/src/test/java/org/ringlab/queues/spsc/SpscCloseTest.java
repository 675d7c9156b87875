package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The handles read a plain {@code closed} field on their hot paths: a close on the handle's
 * own thread is seen by its very next call, and a close on another thread is seen eventually.
 * Two threads spin, one offering into a full ring, one polling an empty one (their calls
 * compiled hot), while the main thread closes the queue; both must stop with an
 * IllegalStateException. The join timeout is a liveness bound (a hoisted read would spin
 * forever), not a speed figure.
 */
class SpscCloseTest {

    private static final long JOIN_MILLIS = 60_000;

    @TestFactory
    Stream<DynamicTest> aCloseOnAnotherThreadStopsSpinningHandles() {
        return SpscConcurrencyTest.strategies().stream().map(s -> dynamicTest(s.name(), () -> {
            try (RingMemory memory = s.allocate(RingSpec.ofCapacity(SpscConcurrencyTest.CAPACITY))) {
                RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64));
                QueueProducer producer = queue.producer();
                QueueConsumer consumer = queue.consumer(0);
                MemorySegment record = MemorySegment.ofArray(new byte[64]);
                while (producer.offer(record)) {
                    // fill the ring: the producer's thread then spins on a full ring
                }
                AtomicReference<Throwable> producerEnd = new AtomicReference<>();
                AtomicReference<Throwable> consumerEnd = new AtomicReference<>();
                CountDownLatch spinning = new CountDownLatch(2);
                // Both run at once, so each spends time on a full or an empty ring and in transfers.
                Thread p = new Thread(() -> spin(() -> producer.offer(record), spinning, producerEnd), "spsc-close-producer");
                MemorySegment dst = MemorySegment.ofArray(new byte[64]);
                Thread c = new Thread(() -> spin(() -> consumer.poll(dst), spinning, consumerEnd), "spsc-close-consumer");
                p.start();
                c.start();
                spinning.await();
                Thread.sleep(200); // both loops well inside their compiled calls
                queue.close();
                p.join(JOIN_MILLIS);
                c.join(JOIN_MILLIS);
                assertFalse(p.isAlive(), s.name() + ": the producer never saw the close");
                assertFalse(c.isAlive(), s.name() + ": the consumer never saw the close");
                assertInstanceOf(IllegalStateException.class, producerEnd.get(), s.name() + " producer");
                assertInstanceOf(IllegalStateException.class, consumerEnd.get(), s.name() + " consumer");
                // And on this thread, at once.
                assertThrows(IllegalStateException.class, () -> producer.offer(record));
                assertThrows(IllegalStateException.class, consumer::peek);
            }
        }));
    }

    private static void spin(Runnable call, CountDownLatch spinning, AtomicReference<Throwable> end) {
        try {
            for (long i = 0; ; i++) {
                call.run();
                if (i == 100_000) {
                    spinning.countDown();
                }
            }
        } catch (Throwable t) {
            end.set(t);
        } finally {
            if (end.get() == null) {
                end.set(new AssertionError("the loop ended without an exception"));
            }
            spinning.countDown(); // never leave the main thread waiting
        }
    }
}
