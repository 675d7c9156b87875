package org.ringlab.bench.anchors;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.SeamPlacement;
import org.ringlab.bench.harness.JitWarmup;

/**
 * Seed 001's batch consumption on spsc: {@code drain(handler, 32)} against {@code drain(handler, 1)},
 * 64-byte records, the discipline and strategy reached through the registries. The handler
 * checks each record's sequence number (its first 8 bytes), the same work for both batch sizes.
 * <ul>
 *   <li>one thread: the consumer's CPU ns per record. The ring is filled with
 *       {@value #FILL} records (batches of {@value #BATCH} offered in one call, untimed), then
 *       drained with {@code drain(…, 32)} or {@code drain(…, 1)} calls, and only the drain is
 *       timed. Batching is the consumer's mechanism (seed 001's driver drains its RX ring in
 *       batches): the producer's offers are the same work for both batch sizes, and timing them
 *       too diluted the ratio being judged (about 1.1–1.4× where the drains alone differ more);</li>
 *   <li>two threads: a producer thread offering one record per call, a consumer thread
 *       draining with the batch size; records per µs, wall time.</li>
 * </ul>
 */
final class DrainRuns {

    /** The batch seed 001 drains with. */
    static final int BATCH = 32;
    /**
     * Records in the ring before each timed drain: 8192 frames of 72 bytes (590 KB) fit the
     * anchors' 1 MiB ring, and a window of about 50 µs of draining dwarfs the two CPU-clock
     * reads around it (under 1 µs).
     */
    static final int FILL = 8192;
    /** The batch sizes compared, in the order every repetition runs them (ABAB over repetitions). */
    static final int[] BATCHES = {1, BATCH};

    private DrainRuns() {
    }

    /** The consumer's CPU ns per record, draining {@code records} records {@code batch} at a time from a filled ring. */
    static double oneThread(MemoryStrategy strategy, QueueDiscipline spsc, int batch, long records) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (RinglabSpscAnchor q = open(strategy, spsc)) {
            MemorySegment[] batchOf = batchOfRecords();
            SequenceCheck check = new SequenceCheck(strategy.name());
            long cpu = oneThreadLoop(q, batchOf, check, batch, records, threads);
            if (cpu <= 0) {
                throw new IllegalStateException("thread CPU time is not measurable here (the drains took " + cpu
                        + " ns of CPU)");
            }
            return (double) cpu / roundUp(records);
        }
    }

    /**
     * Runs the one-thread loop with both batch sizes in turn, in chunks of {@code chunkRecords},
     * until {@code warmup} says the JIT has compiled it: the timed calls of {@link #oneThread}
     * then enter C2's code of {@link #oneThreadLoop}, not an on-stack replacement of it.
     */
    static void warmOneThread(MemoryStrategy strategy, QueueDiscipline spsc, long chunkRecords, JitWarmup warmup) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (RinglabSpscAnchor q = open(strategy, spsc)) {
            MemorySegment[] batchOf = batchOfRecords();
            SequenceCheck check = new SequenceCheck(strategy.name());
            int[] turn = {0};
            warmup.run(() -> {
                check.expected = 0;
                oneThreadLoop(q, batchOf, check, BATCHES[turn[0]++ % BATCHES.length], chunkRecords, threads);
            }, DrainRuns.class.getName() + ".oneThreadLoop");
        }
    }

    private static MemorySegment[] batchOfRecords() {
        MemorySegment[] batchOf = new MemorySegment[BATCH];
        for (int i = 0; i < BATCH; i++) {
            batchOf[i] = MemorySegment.ofArray(new byte[AnchorsProfile.SMALL_RECORD]);
        }
        return batchOf;
    }

    /**
     * The one-thread loop, its own method: fill the ring with up to {@link #FILL} records in
     * batches of {@link #BATCH}, untimed, then drain them {@code batch} at a time, timed by this
     * thread's CPU clock; until {@code records} records (rounded up to a batch) have moved.
     * Returns the drains' CPU nanoseconds, or -1 where the clock returned -1 (not supported).
     */
    private static long oneThreadLoop(RinglabSpscAnchor q, MemorySegment[] batchOf, SequenceCheck check, int batch, long records,
                                      ThreadMXBean threads) {
        long cpu = 0;
        long total = roundUp(records);
        for (long seq = 0; seq < total; ) {
            long fill = Math.min(FILL, total - seq);
            for (long end = seq + fill; seq < end; seq += BATCH) {
                for (int i = 0; i < BATCH; i++) {
                    batchOf[i].set(ValueLayout.JAVA_LONG_UNALIGNED, 0, seq + i);
                }
                if (q.producer().offer(batchOf, 0, BATCH) != BATCH) {
                    throw new IllegalStateException(q.name() + ": a ring of " + AnchorsProfile.RING_BYTES
                            + " bytes refused a batch at record " + seq + " (filling " + fill + " records)");
                }
            }
            long start = threads.getCurrentThreadCpuTime();
            long n = 0;
            while (n < fill) {
                int got = q.consumer().drain(check, batch);
                if (got == 0) {
                    throw new IllegalStateException(q.name() + ": drain found nothing after " + n + " of "
                            + fill + " records");
                }
                n += got;
            }
            long stop = threads.getCurrentThreadCpuTime();
            if (start < 0 || stop < 0) {
                return -1;
            }
            cpu += stop - start;
        }
        return cpu;
    }

    /** Records per µs from a producer thread to a consumer thread draining {@code batch} at a time. */
    static double twoThreads(MemoryStrategy strategy, QueueDiscipline spsc, int batch, long records,
                             long timeoutMillis) {
        try (RinglabSpscAnchor q = open(strategy, spsc)) {
            AnchorDriver.Run run = new AnchorDriver.Run("spsc@" + strategy.name() + " drain(" + batch + ")");
            long[] times = new long[2];
            SequenceCheck check = new SequenceCheck(strategy.name());
            Thread producer = Thread.ofPlatform().name(AnchorDriver.THREAD_PREFIX + "drain-producer")
                    .unstarted(run.guard(0, () -> {
                        MemorySegment record = MemorySegment.ofArray(new byte[AnchorsProfile.SMALL_RECORD]);
                        run.awaitStart();
                        times[0] = System.nanoTime();
                        for (long seq = 0; seq < records; seq++) {
                            record.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, seq);
                            int misses = 0;
                            while (!q.producer().offer(record)) {
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
                            if (q.consumer().drain(check, batch) == 0) {
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

    /** spsc on a fresh ring of {@link AnchorsProfile#RING_BYTES} of the strategy, both resolved by the caller once. */
    private static RinglabSpscAnchor open(MemoryStrategy strategy, QueueDiscipline spsc) {
        return new RinglabSpscAnchor(spsc, strategy, SeamPlacement.PAD, AnchorsProfile.SMALL_RECORD,
                AnchorsProfile.RING_BYTES, Anchors.spscOn(strategy.name()));
    }
}
