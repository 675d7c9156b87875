package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.RecordQueue;

/**
 * A producer thread and one thread per consumer moving {@code records} numbered records
 * through a broadcast queue. Record {@code s} is 8 bytes of {@code s} followed by bytes derived
 * from {@code s}; every consumer checks every byte of every record, so a lost, duplicated,
 * reordered or torn record is counted as a violation, never missed. A run that stops making
 * progress is closed by a watchdog and reported as stuck (a lost wake-up, or a slot whose
 * pending count can never reach 0).
 */
final class BroadcastTraffic {

    /** How a consumer thread takes its records. */
    enum Style {
        /** {@link BroadcastConsumer#awaitDrain}: waits with the queue's strategy, drains all. */
        AWAIT_DRAIN,
        /** As AWAIT_DRAIN, sleeping 1-2 ms at random (about once per {@value #SLOW_EVERY} records). */
        SLOW_AWAIT_DRAIN,
        /** drain(64) in a loop, yielding when empty. */
        DRAIN_YIELD,
        /** peek, check, release, one at a time, yielding when empty. */
        PEEK_RELEASE
    }

    static final int SLOW_EVERY = 20_000;

    record Result(long records, long[] delivered, long violations, String firstViolation, boolean stuck,
                  Map<String, Long> counters) {

        boolean clean() {
            return violations == 0 && !stuck;
        }

        String describe() {
            return (stuck ? "STUCK; " : "") + violations + " violations (first: " + firstViolation + "); delivered "
                    + java.util.Arrays.toString(delivered) + " of " + records + "; counters " + counters;
        }
    }

    private BroadcastTraffic() {
    }

    static byte payloadByte(long sequence, int i) {
        return (byte) (sequence * 31 + i * 7 + 1);
    }

    static int length(long sequence, int maxRecord) {
        return 8 + (int) (sequence % (maxRecord - 7));
    }

    static Result run(RefCountedBroadcastQueue queue, long records, int maxRecord, List<Style> styles, long seed,
                      Duration timeout) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong violations = new AtomicLong();
        AtomicReference<String> first = new AtomicReference<>();
        List<Checker> checkers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < styles.size(); c++) {
            Checker checker = new Checker(c, records, maxRecord, styles.get(c), seed + c, violations, first);
            checkers.add(checker);
            BroadcastConsumer consumer = queue.consumer(c);
            threads.add(new Thread(() -> {
                try {
                    checker.consume(consumer);
                } catch (IllegalStateException closedOrCaught) {
                    if (!closedOrCaught.getMessage().contains("closed")) {
                        checker.violation("consumer " + checker.index + " at record " + checker.expected + ": " + closedOrCaught);
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "broadcast-consumer-" + c));
        }
        Thread producer = new Thread(() -> {
            try {
                BroadcastProducer p = queue.producer();
                MemorySegment buffer = MemorySegment.ofArray(new byte[maxRecord]);
                for (long s = 0; s < records; s++) {
                    int length = length(s, maxRecord);
                    buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
                    for (int i = 8; i < length; i++) {
                        buffer.set(ValueLayout.JAVA_BYTE, i, payloadByte(s, i));
                    }
                    p.put(buffer.asSlice(0, length));
                }
            } catch (IllegalStateException closed) {
                // the watchdog closed the queue, or a consumer died and the run was stopped
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "broadcast-producer");
        threads.forEach(Thread::start);
        producer.start();
        // Until every consumer is done, a violation stops the run (the others may wait for ever
        // on a producer the violation blocked), or the deadline says the run is stuck.
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean stuck = false;
        while (violations.get() == 0 && threads.stream().anyMatch(Thread::isAlive)) {
            if (System.nanoTime() > deadline) {
                stuck = true;
                break;
            }
            // The last one may end between the check above and this look: nothing left to join then.
            java.util.Optional<Thread> alive = threads.stream().filter(Thread::isAlive).findFirst();
            if (alive.isPresent()) {
                alive.get().join(10);
            }
        }
        Map<String, Long> counters = queue.counters();
        queue.close(); // wakes every parked thread, which then stops
        producer.join(10_000);
        for (Thread t : threads) {
            t.join(10_000);
        }
        if (failure.get() != null) {
            throw new AssertionError("a traffic thread failed", failure.get());
        }
        long[] delivered = checkers.stream().mapToLong(k -> k.expected).toArray();
        return new Result(records, delivered, violations.get(), first.get(), stuck, counters);
    }

    private static final class Checker implements RecordQueue.RecordHandler {
        final int index;
        final long records;
        final int maxRecord;
        final Style style;
        final SplittableRandom random;
        final AtomicLong violations;
        final AtomicReference<String> first;
        long expected;

        Checker(int index, long records, int maxRecord, Style style, long seed, AtomicLong violations,
                AtomicReference<String> first) {
            this.index = index;
            this.records = records;
            this.maxRecord = maxRecord;
            this.style = style;
            this.random = new SplittableRandom(seed);
            this.violations = violations;
            this.first = first;
        }

        void consume(BroadcastConsumer consumer) {
            while (expected < records && violations.get() == 0) {
                switch (style) {
                    case AWAIT_DRAIN -> consumer.awaitDrain(this);
                    case SLOW_AWAIT_DRAIN -> consumer.awaitDrain(this); // sleeps in onRecord
                    case DRAIN_YIELD -> {
                        if (consumer.drain(this, 64) == 0) {
                            Thread.yield();
                        }
                    }
                    case PEEK_RELEASE -> {
                        MemorySegment r = consumer.peek();
                        if (r == null) {
                            Thread.yield();
                        } else {
                            onRecord(r);
                            consumer.release();
                        }
                    }
                }
            }
        }

        @Override
        public void onRecord(MemorySegment record) {
            // The last byte first: a record still being copied in (front to back) is caught in flight.
            long size = record.byteSize();
            boolean ok = size == length(expected, maxRecord)
                    && (size == 8 || record.get(ValueLayout.JAVA_BYTE, size - 1) == payloadByte(expected, (int) size - 1));
            long s = size >= 8 ? record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) : -1;
            ok &= s == expected;
            for (int i = 8; ok && i < size; i++) {
                ok = record.get(ValueLayout.JAVA_BYTE, i) == payloadByte(expected, i);
            }
            if (style == Style.SLOW_AWAIT_DRAIN && random.nextInt(SLOW_EVERY) == 0) {
                sleepHoldingTheRecord();
            }
            if (!ok) {
                violation("consumer " + index + ", record " + expected + ": got sequence " + s + ", " + record.byteSize()
                        + " bytes");
            }
            expected++;
        }

        /** The slow consumer: 1-2 ms with the record still held, so the producer must wait for it. */
        private void sleepHoldingTheRecord() {
            try {
                Thread.sleep(1 + random.nextInt(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void violation(String what) {
            if (violations.getAndIncrement() == 0) {
                first.set(what);
            }
        }
    }
}
