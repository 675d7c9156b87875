package org.ringlab.conformance.kit;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.ringlab.api.CopyCounters;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A real producer thread and a real consumer thread on one queue, both pausing at random
 * (spin, yield or a short park), the consumer switching between drain, poll and peek/release.
 * Record {@code s} carries {@code s} in its first 8 bytes and bytes derived from {@code s} after
 * it; the consumer checks every byte of every record, so a lost, duplicated, reordered or torn
 * record (bytes read before they were written) fails the test with the first one seen.
 */
public final class Concurrency {

    /** No record arriving for this long means the queue lost one or deadlocked. */
    private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(20);

    private Concurrency() {
    }

    /**
     * What a two-thread run saw.
     *
     * @param counters the memory's copy counters at the end: on a {@code cross} cell of a strategy
     *                 that stages and gathers at the seam, the proof that the run went through that code
     */
    public record Result(long delivered, long bytes, String firstViolation, CopyCounters counters) {

        Result withViolation(long fewer, String violation) {
            return new Result(fewer, bytes, violation, counters);
        }

        Result withCounters(CopyCounters atTheEnd) {
            return new Result(delivered, bytes, firstViolation, atTheEnd);
        }
    }

    /** Record {@code s}'s byte {@code i >= 8} is {@code PATTERN[s % 251 + i]}: bulk copies and compares, no per-byte loop. */
    private static final MemorySegment PATTERN;

    static {
        byte[] p = new byte[251 + 65536];
        for (int i = 0; i < p.length; i++) {
            p[i] = (byte) (i * 7 + (i >>> 8) + 1);
        }
        PATTERN = MemorySegment.ofArray(p);
    }

    static byte payloadByte(long sequence, int i) {
        return PATTERN.get(ValueLayout.JAVA_BYTE, sequence % 251 + i);
    }

    /** Record lengths run through 8..recordSize (fixed mode: always recordSize). */
    static int length(QueueSpec spec, long sequence) {
        return spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize()
                : 8 + (int) (sequence % (spec.recordSize() - 7));
    }

    /**
     * Moves {@code records} records through a fresh queue of {@code cell}, to
     * {@link QueueContractPoints#CONSUMERS} consumer threads when the discipline takes several
     * (each must see every record: ringlab's multi-consumer disciplines broadcast); throws on
     * the first violation.
     */
    public static void check(Cell cell, KitSettings settings) throws InterruptedException {
        cell.assumeAvailable();
        Result r = run(cell, settings.records(), settings.seed() ^ cell.displayName().hashCode(), true,
                cell.consumers());
        if (r.firstViolation() != null) {
            throw new AssertionError(cell.displayName() + ": " + r.firstViolation() + " (after " + r.delivered()
                    + " records in order; -D" + KitSettings.SEED + "=" + settings.seed() + ")");
        }
        if (r.delivered() != settings.records()) {
            throw new AssertionError(cell.displayName() + ": " + r.delivered() + " of " + settings.records() + " records arrived");
        }
    }

    /**
     * The run itself, with {@code consumers} consumer threads (consumer 0 on this thread); the
     * first violation of any. {@code pauses} off for the soak (it measures a steady state).
     */
    static Result run(Cell cell, long records, long seed, boolean pauses, int consumers) throws InterruptedException {
        QueueSpec spec = cell.spec().withConsumers(consumers);
        try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()));
             RecordQueue queue = cell.discipline().create(memory, spec)) {
            AtomicReference<Throwable> producerFailure = new AtomicReference<>();
            Thread producer = Thread.ofPlatform().name("kit-producer").start(() -> {
                try {
                    produce(queue.producer(), spec, records, new SplittableRandom(seed), pauses);
                } catch (Throwable t) {
                    producerFailure.set(t);
                }
            });
            Result result;
            Result[] others = new Result[consumers];
            Throwable[] otherFailures = new Throwable[consumers];
            Thread[] threads = new Thread[consumers];
            for (int c = 1; c < consumers; c++) {
                int index = c;
                threads[c] = Thread.ofPlatform().name("kit-consumer-" + c).start(() -> {
                    try {
                        others[index] = consume(queue.consumer(index), spec, records, new SplittableRandom(~seed + index),
                                pauses, producer, producerFailure);
                    } catch (Throwable t) {
                        otherFailures[index] = t;
                    }
                });
            }
            try {
                result = consume(queue.consumer(0), spec, records, new SplittableRandom(~seed), pauses, producer,
                        producerFailure);
                for (int c = 1; c < consumers; c++) {
                    threads[c].join(STALL_NANOS / 1_000_000 + 10_000);
                    if (threads[c].isAlive()) {
                        throw new AssertionError(cell.displayName() + ": consumer " + c + " did not finish");
                    }
                    if (otherFailures[c] != null) {
                        throw new AssertionError(cell.displayName() + ": consumer " + c + " failed", otherFailures[c]);
                    }
                    Result o = others[c];
                    if (o.firstViolation() != null || o.delivered() != records) {
                        result = result.withViolation(Math.min(result.delivered(), o.delivered()), "consumer " + c
                                + ": " + (o.firstViolation() != null ? o.firstViolation() : o.delivered() + " of " + records
                                + " records arrived"));
                    }
                }
            } finally {
                producer.interrupt(); // if a consumer stopped early
                producer.join(TimeUnit.SECONDS.toMillis(30));
                for (int c = 1; c < consumers; c++) {
                    threads[c].interrupt();
                }
            }
            if (producer.isAlive()) {
                throw new AssertionError(cell.displayName() + ": the producer thread did not stop");
            }
            if (producerFailure.get() != null) {
                throw new AssertionError(cell.displayName() + ": the producer failed", producerFailure.get());
            }
            return result.withCounters(QueueSeams.checkCounters(cell, memory, records + " records through two threads"));
        }
    }

    private static void pause(SplittableRandom random) {
        int dice = random.nextInt(1000);
        if (dice < 2) {
            LockSupport.parkNanos(random.nextInt(20_000, 200_000));
        } else if (dice < 20) {
            Thread.yield();
        } else if (dice < 100) {
            for (int i = random.nextInt(200); i > 0; i--) {
                Thread.onSpinWait();
            }
        }
    }

    private static void produce(QueueProducer producer, QueueSpec spec, long records, SplittableRandom random,
                                boolean pauses) {
        MemorySegment buffer = MemorySegment.ofArray(new byte[spec.recordSize()]);
        MemorySegment[] prefixes = new MemorySegment[spec.recordSize() + 1]; // no slice allocated per record
        for (int n = 0; n < prefixes.length; n++) {
            prefixes[n] = buffer.asSlice(0, n);
        }
        long s = 0;
        while (s < records) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            int length = length(spec, s);
            boolean viaClaim = pauses && random.nextInt(4) == 0;
            if (viaClaim) {
                MemorySegment claim = producer.claim(length);
                if (claim != null) {
                    fill(claim, s, length);
                    producer.commit(length);
                    s++;
                }
            } else {
                fill(buffer, s, length);
                if (producer.offer(prefixes[length])) {
                    s++;
                }
            }
            if (pauses) {
                pause(random);
            }
        }
    }

    private static void fill(MemorySegment target, long s, int length) {
        target.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, s);
        MemorySegment.copy(PATTERN, s % 251 + 8, target, 8, length - 8);
    }

    private static Result consume(QueueConsumer consumer, QueueSpec spec, long records, SplittableRandom random,
                                  boolean pauses, Thread producer, AtomicReference<Throwable> producerFailure) {
        Checker checker = new Checker(spec);
        MemorySegment dst = MemorySegment.ofArray(new byte[spec.recordSize()]);
        long lastProgress = System.nanoTime();
        while (checker.expected < records && checker.violation == null) {
            long before = checker.expected;
            try {
                int path = pauses ? random.nextInt(4) : 0;
                if (path == 0 || path == 1) {
                    consumer.drain(checker, path == 0 ? 64 : 1 + random.nextInt(8));
                } else if (path == 2) {
                    int n = consumer.poll(dst);
                    if (n != QueueConsumer.EMPTY) {
                        checker.onRecord(dst.asSlice(0, n));
                    }
                } else {
                    MemorySegment view = consumer.peek();
                    if (view != null) {
                        checker.onRecord(view);
                        consumer.release();
                    }
                }
            } catch (RuntimeException torn) {
                // A torn length or header fails the queue's own checks: that is a violation too.
                checker.violation("record " + checker.expected + ": " + torn);
                break;
            }
            long now = System.nanoTime();
            if (checker.expected != before) {
                lastProgress = now;
            } else if (now - lastProgress > STALL_NANOS) {
                checker.violation("no record for " + TimeUnit.NANOSECONDS.toSeconds(STALL_NANOS) + " s after record "
                        + (checker.expected - 1) + (producer.isAlive() ? "" : " (the producer has stopped"
                        + (producerFailure.get() == null ? ")" : ": " + producerFailure.get() + ")")));
            }
            if (pauses) {
                pause(random);
            }
        }
        return new Result(checker.expected, checker.bytes, checker.violation, CopyCounters.ZERO);
    }

    private static final class Checker implements RecordQueue.RecordHandler {
        final QueueSpec spec;
        long expected;
        long bytes;
        String violation;

        Checker(QueueSpec spec) {
            this.spec = spec;
        }

        @Override
        public void onRecord(MemorySegment record) {
            if (violation != null) {
                return;
            }
            long s = record.byteSize() >= 8 ? record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) : -1;
            int length = length(spec, expected);
            if (s != expected) {
                violation("expected record " + expected + ", got " + (s < expected && s >= 0 ? "record " + s
                        + " again (duplicated or reordered)" : s > expected ? "record " + s + " (lost " + expected
                        + ".." + (s - 1) + ")" : "a record of " + record.byteSize() + " bytes"));
                return;
            }
            if (record.byteSize() != length) {
                violation("record " + s + " has " + record.byteSize() + " bytes, was offered with " + length);
                return;
            }
            long base = s % 251;
            long i = MemorySegment.mismatch(record, 8, length, PATTERN, base + 8, base + length);
            if (i >= 0) {
                violation("record " + s + " byte " + (8 + i) + " is " + record.get(ValueLayout.JAVA_BYTE, 8 + i)
                        + ", was written as " + payloadByte(s, (int) (8 + i)) + " (read before it was written?)");
                return;
            }
            bytes += length;
            expected++;
        }

        void violation(String what) {
            if (violation == null) {
                violation = what;
            }
        }
    }
}
