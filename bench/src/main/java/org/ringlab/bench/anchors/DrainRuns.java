package org.ringlab.bench.anchors;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.harness.JitWarmup;

/**
 * Seed 001's batch consumption on spsc: {@code drain(handler, 32)} against {@code drain(handler, 1)},
 * 64-byte records, the discipline and strategy reached through the registries. The handler
 * checks each record's sequence number (its first 8 bytes), the same work for both batch sizes.
 * <ul>
 *   <li>one thread: batches of {@value #BATCH} records offered in one call, then drained in
 *       one {@code drain(…, 32)} or in 32 {@code drain(…, 1)}; this thread's CPU ns per record;</li>
 *   <li>two threads: a producer thread offering one record per call, a consumer thread
 *       draining with the batch size; records per µs, wall time.</li>
 * </ul>
 */
final class DrainRuns {

    /** The batch seed 001 drains with. */
    static final int BATCH = 32;
    /** The batch sizes compared, in the order every repetition runs them (ABAB over repetitions). */
    static final int[] BATCHES = {1, BATCH};

    private DrainRuns() {
    }

    /** One-thread CPU ns per record of moving {@code records} records, drained {@code batch} at a time. */
    static double oneThread(String strategy, int batch, long records) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (Spsc q = new Spsc(strategy)) {
            MemorySegment[] batchOf = batchOfRecords();
            SequenceCheck check = new SequenceCheck(strategy);
            long start = threads.getCurrentThreadCpuTime();
            oneThreadLoop(q, batchOf, check, batch, records);
            long cpu = threads.getCurrentThreadCpuTime() - start;
            if (start < 0 || cpu <= 0) {
                throw new IllegalStateException("thread CPU time is not measurable here (JVM returned " + start + ")");
            }
            return (double) cpu / roundUp(records);
        }
    }

    /**
     * Runs the one-thread loop with both batch sizes in turn, in chunks of {@code chunkRecords},
     * until the JIT has compiled it ({@link JitWarmup}): the timed calls of {@link #oneThread}
     * then enter C2's code of {@link #oneThreadLoop}, not an on-stack replacement of it.
     */
    static void warmOneThread(String strategy, long chunkRecords) {
        try (Spsc q = new Spsc(strategy)) {
            MemorySegment[] batchOf = batchOfRecords();
            SequenceCheck check = new SequenceCheck(strategy);
            int[] turn = {0};
            JitWarmup.LOOPS.run(() -> {
                check.expected = 0;
                oneThreadLoop(q, batchOf, check, BATCHES[turn[0]++ % BATCHES.length], chunkRecords);
            });
        }
    }

    private static MemorySegment[] batchOfRecords() {
        MemorySegment[] batchOf = new MemorySegment[BATCH];
        for (int i = 0; i < BATCH; i++) {
            batchOf[i] = MemorySegment.ofArray(new byte[AnchorsProfile.SMALL_RECORD]);
        }
        return batchOf;
    }

    /** The one-thread loop, its own method: batches of 32 offered in one call, drained {@code batch} at a time. */
    private static void oneThreadLoop(Spsc q, MemorySegment[] batchOf, SequenceCheck check, int batch, long records) {
        for (long seq = 0; seq < records; seq += BATCH) {
            for (int i = 0; i < BATCH; i++) {
                batchOf[i].set(ValueLayout.JAVA_LONG_UNALIGNED, 0, seq + i);
            }
            if (q.producer.offer(batchOf, 0, BATCH) != BATCH) {
                throw new IllegalStateException("spsc@" + q.strategy + ": an empty queue refused a batch at " + seq);
            }
            int n = 0;
            while (n < BATCH) {
                int got = q.consumer.drain(check, batch);
                if (got == 0) {
                    throw new IllegalStateException("spsc@" + q.strategy + ": drain found nothing after a batch");
                }
                n += got;
            }
        }
    }

    /** Records per µs from a producer thread to a consumer thread draining {@code batch} at a time. */
    static double twoThreads(String strategy, int batch, long records, long timeoutMillis) {
        try (Spsc q = new Spsc(strategy)) {
            AnchorDriver.Run run = new AnchorDriver.Run("spsc@" + strategy + " drain(" + batch + ")");
            long[] times = new long[2];
            SequenceCheck check = new SequenceCheck(strategy);
            Thread producer = Thread.ofPlatform().name(AnchorDriver.THREAD_PREFIX + "drain-producer")
                    .unstarted(run.guard(0, () -> {
                        MemorySegment record = MemorySegment.ofArray(new byte[AnchorsProfile.SMALL_RECORD]);
                        run.awaitStart();
                        times[0] = System.nanoTime();
                        for (long seq = 0; seq < records; seq++) {
                            record.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, seq);
                            int misses = 0;
                            while (!q.producer.offer(record)) {
                                if (run.aborted()) {
                                    return;
                                }
                                AnchorDriver.idle(++misses);
                            }
                        }
                    }));
            Thread consumer = Thread.ofPlatform().name(AnchorDriver.THREAD_PREFIX + "drain-consumer")
                    .unstarted(run.guard(1, () -> {
                        run.awaitStart();
                        int misses = 0;
                        while (check.expected < records) {
                            if (q.consumer.drain(check, batch) == 0) {
                                if (run.aborted()) {
                                    return;
                                }
                                AnchorDriver.idle(++misses);
                            } else {
                                misses = 0;
                            }
                        }
                        times[1] = System.nanoTime();
                    }));
            run.execute(timeoutMillis, () -> "the consumer drained " + check.expected + " of " + records + " records",
                    producer, consumer);
            return records * 1_000.0 / (times[1] - times[0]);
        }
    }

    private static long roundUp(long records) {
        return (records + BATCH - 1) / BATCH * BATCH;
    }

    /** Checks that records arrive in order; the same work per record for every batch size. */
    private static final class SequenceCheck implements RecordQueue.RecordHandler {
        private final String strategy;
        long expected;

        SequenceCheck(String strategy) {
            this.strategy = strategy;
        }

        @Override
        public void onRecord(MemorySegment record) {
            long seq = record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            if (seq != expected) {
                throw new IllegalStateException("spsc@" + strategy + ": expected record " + expected + ", drained "
                        + seq + " (lost, repeated or reordered)");
            }
            expected++;
        }
    }

    /** spsc on a fresh ring of {@link AnchorsProfile#RING_BYTES} of {@code strategy}, through the registries. */
    private static final class Spsc implements AutoCloseable {
        final String strategy;
        final RingMemory memory;
        final RecordQueue queue;
        final QueueProducer producer;
        final QueueConsumer consumer;

        Spsc(String strategy) {
            this.strategy = strategy;
            MemoryStrategy memoryStrategy = Registries.memoryStrategies().require(strategy);
            QueueDiscipline spsc = Registries.disciplines().require(Anchors.SPSC);
            memory = memoryStrategy.allocate(RingSpec.ofCapacity(AnchorsProfile.RING_BYTES));
            try {
                queue = spsc.create(memory, QueueSpec.variable(AnchorsProfile.SMALL_RECORD));
            } catch (RuntimeException | Error e) {
                memory.close();
                throw e;
            }
            producer = queue.producer();
            consumer = queue.consumer(0);
        }

        @Override
        public void close() {
            try {
                queue.close();
            } finally {
                memory.close();
            }
        }
    }
}
