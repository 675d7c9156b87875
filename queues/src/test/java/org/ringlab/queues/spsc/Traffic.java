package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.RecordQueue;

/**
 * A producer thread and a consumer thread moving {@code records} numbered records through a
 * queue. Record {@code s} is 8 bytes of {@code s} followed by {@code s % 57} bytes derived from
 * {@code s}; the consumer checks every byte, so a lost, duplicated, reordered or torn record
 * (bytes read before they were written) is counted as a violation, never missed.
 */
final class Traffic {

    static final int MAX_RECORD = 8 + 56;

    record Result(long delivered, long violations, String firstViolation) {
    }

    private Traffic() {
    }

    static byte payloadByte(long sequence, int i) {
        return (byte) (sequence * 31 + i * 7 + 1);
    }

    static int length(long sequence) {
        return 8 + (int) (sequence % 57);
    }

    static Result run(RecordQueue queue, long records) throws InterruptedException {
        QueueProducer producer = queue.producer();
        QueueConsumer consumer = queue.consumer(0);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producerThread = new Thread(() -> {
            try {
                MemorySegment buffer = MemorySegment.ofArray(new byte[MAX_RECORD]);
                for (long s = 0; s < records; s++) {
                    int length = length(s);
                    buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
                    for (int i = 8; i < length; i++) {
                        buffer.set(ValueLayout.JAVA_BYTE, i, payloadByte(s, i));
                    }
                    MemorySegment record = buffer.asSlice(0, length);
                    while (!producer.offer(record)) {
                        if (Thread.currentThread().isInterrupted()) {
                            return; // the consumer gave up after a violation
                        }
                        Thread.onSpinWait();
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "traffic-producer");
        Checker checker = new Checker();
        producerThread.start();
        long idleSpins = 0;
        while (checker.expected < records && failure.get() == null) {
            int drained;
            try {
                drained = consumer.drain(checker, 64);
            } catch (RuntimeException torn) {
                // A torn header (a length read before it was written) fails the queue's own checks.
                checker.violation("record " + checker.expected + ": " + torn);
                break;
            }
            if (drained == 0) {
                Thread.onSpinWait();
                if (++idleSpins % 1_000_000 == 0 && !producerThread.isAlive()) {
                    break; // the producer died or stopped: report what arrived
                }
            }
        }
        if (checker.violations.get() > 0 && producerThread.isAlive()) {
            producerThread.interrupt();
        }
        producerThread.join(10_000);
        if (failure.get() != null) {
            throw new AssertionError("producer failed", failure.get());
        }
        return new Result(checker.expected, checker.violations.get(), checker.first);
    }

    private static final class Checker implements RecordQueue.RecordHandler {
        long expected;
        final AtomicLong violations = new AtomicLong();
        String first;

        @Override
        public void onRecord(MemorySegment record) {
            long s = record.byteSize() >= 8 ? record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) : -1;
            boolean ok = s == expected && record.byteSize() == length(expected);
            for (int i = 8; ok && i < record.byteSize(); i++) {
                ok = record.get(ValueLayout.JAVA_BYTE, i) == payloadByte(expected, i);
            }
            if (!ok) {
                violation("record " + expected + ": got sequence " + s + ", " + record.byteSize() + " bytes");
            }
            expected++;
        }

        void violation(String what) {
            if (violations.getAndIncrement() == 0) {
                first = what;
            }
        }
    }
}
