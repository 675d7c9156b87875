package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.RecordQueue;

/**
 * Numbered records moved from a producer to a consumer. Record {@code s} is 8 bytes of
 * {@code s} followed by {@code s % 57} bytes derived from {@code s}; the consumer checks every
 * byte, so a lost, duplicated, reordered or torn record (bytes read before they were written)
 * is counted as a violation, never missed. The two sides can run on two threads
 * ({@link #run}) or in two processes ({@link #produce} in one, {@link #consume} in the other).
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

    /** Offers records 0 .. records-1, spinning while full; stops early when {@code stop} says so. */
    static void produce(QueueProducer producer, long records, BooleanSupplier stop) {
        produce(producer, 0, records, stop);
    }

    /**
     * Offers records {@code from} .. {@code to}-1, spinning while full; returns the first not
     * offered ({@code to}, or less when {@code stop} said so).
     */
    static long produce(QueueProducer producer, long from, long to, BooleanSupplier stop) {
        MemorySegment buffer = MemorySegment.ofArray(new byte[MAX_RECORD]);
        for (long s = from; s < to; s++) {
            int length = length(s);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
            for (int i = 8; i < length; i++) {
                buffer.set(ValueLayout.JAVA_BYTE, i, payloadByte(s, i));
            }
            MemorySegment record = buffer.asSlice(0, length);
            while (!producer.offer(record)) {
                if (stop.getAsBoolean()) {
                    return s;
                }
                Thread.onSpinWait();
            }
        }
        return to;
    }

    /**
     * Drains until {@code records} arrived, a violation is seen, or the producer is gone and
     * nothing more arrives.
     */
    static Result consume(QueueConsumer consumer, long records, BooleanSupplier producerAlive) {
        return consume(consumer, records, producerAlive, () -> { });
    }

    /**
     * As {@link #consume(QueueConsumer, long, BooleanSupplier)}, running {@code beforeRecord}
     * (a pause, say) in the handler before each record is checked: inside the drain, with the
     * record's segment in hand.
     */
    static Result consume(QueueConsumer consumer, long records, BooleanSupplier producerAlive, Runnable beforeRecord) {
        Checker checker = new Checker(beforeRecord);
        long idleSpins = 0;
        while (checker.expected < records && checker.violations == 0) {
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
                if (++idleSpins % 1_000_000 == 0 && !producerAlive.getAsBoolean()
                        && consumer.drain(checker, Integer.MAX_VALUE) == 0) {
                    break; // the producer stopped and everything it published has arrived
                }
            }
        }
        return new Result(checker.expected, checker.violations, checker.first);
    }

    /** Producer on a thread of its own, consumer on the calling thread. */
    static Result run(RecordQueue queue, long records) throws InterruptedException {
        return run(queue, records, () -> { });
    }

    /** As {@link #run(RecordQueue, long)}, the consumer running {@code beforeRecord} in its handler. */
    static Result run(RecordQueue queue, long records, Runnable beforeRecord) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producerThread = new Thread(() -> {
            try {
                produce(queue.producer(), records, () -> Thread.currentThread().isInterrupted());
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "traffic-producer");
        producerThread.start();
        Result result = consume(queue.consumer(0), records, producerThread::isAlive, beforeRecord);
        producerThread.interrupt(); // if the consumer gave up early
        producerThread.join(10_000);
        if (failure.get() != null) {
            throw new AssertionError("producer failed", failure.get());
        }
        return result;
    }

    private static final class Checker implements RecordQueue.RecordHandler {
        final Runnable beforeRecord;
        long expected;
        long violations;
        String first;

        Checker(Runnable beforeRecord) {
            this.beforeRecord = beforeRecord;
        }

        @Override
        public void onRecord(MemorySegment record) {
            beforeRecord.run();
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
            if (violations++ == 0) {
                first = what;
            }
        }
    }
}
