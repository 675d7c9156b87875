package org.ringlab.bench.anchors;

import org.ringlab.bench.util.SlicedWait;
import org.ringlab.bench.util.TwoCpus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;

/**
 * Runs an {@link AnchorQueue} with a real producer thread and a real consumer thread. Every
 * record carries its sequence number in its first and last 8 bytes; the consumer checks both
 * against the count it expects, so a lost, repeated, reordered or torn record fails the run
 * instead of being timed. On full and empty both sides spin, then yield ({@link #idle}).
 * Threads are named {@value #THREAD_PREFIX}… and are always joined before a method returns.
 */
final class AnchorDriver {

    static final String THREAD_PREFIX = "anchors-";
    /** Round trips above this are recorded as this (HdrHistogram's range must be fixed up front). */
    static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    static final int SPINS_BEFORE_YIELD = 100;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * One throughput run.
     *
     * @param records      records moved
     * @param nanos        from the producer's first offer to the consumer's last poll
     * @param failedOffers offers that found the queue full
     * @param emptyPolls   polls that found it empty
     */
    record Throughput(long records, long nanos, long failedOffers, long emptyPolls) {

        double recordsPerMicrosecond() {
            return records * 1_000.0 / nanos;
        }

        double gigabytesPerSecond(int recordSize) {
            return (double) records * recordSize / nanos;
        }
    }

    private AnchorDriver() {
    }

    static void stamp(byte[] record, int size, long sequence) {
        LONG.set(record, 0, sequence);
        LONG.set(record, size - Long.BYTES, sequence);
    }

    /** The record's sequence number; {@link IllegalStateException} if its two copies differ (a torn record). */
    static long sequenceOf(byte[] record, int size, String anchor) {
        long first = (long) LONG.get(record, 0);
        long last = (long) LONG.get(record, size - Long.BYTES);
        if (first != last) {
            throw new IllegalStateException(anchor + ": torn record, sequence " + first + " at the start and " + last
                    + " at the end");
        }
        return first;
    }

    /** Moves {@code records} records from a producer thread to a consumer thread. */
    static Throughput throughput(AnchorQueue queue, long records, long timeoutMillis) {
        if (records <= 0) {
            throw new IllegalArgumentException("records must be positive, got " + records);
        }
        int size = queue.recordSize();
        Run run = new Run(queue.name());
        long[] producerSide = new long[2];  // start nanos, failed offers
        long[] consumerSide = new long[3];  // end nanos, empty polls, received
        Thread producer = Thread.ofPlatform().name(THREAD_PREFIX + "producer").unstarted(run.guard(0, () -> {
            byte[] src = new byte[size];
            long failed = 0;
            run.awaitStart();
            producerSide[0] = System.nanoTime();
            for (long seq = 0; seq < records; seq++) {
                stamp(src, size, seq);
                int misses = 0;
                while (!queue.offer(src)) {
                    failed++;
                    if (run.aborted()) {
                        return;
                    }
                    idle(++misses);
                }
            }
            producerSide[1] = failed;
        }));
        Thread consumer = Thread.ofPlatform().name(THREAD_PREFIX + "consumer").unstarted(run.guard(1, () -> {
            byte[] dst = new byte[size];
            long empty = 0;
            long expected = 0;
            int misses = 0;
            run.awaitStart();
            while (expected < records) {
                int length = queue.poll(dst);
                if (length == AnchorQueue.EMPTY) {
                    empty++;
                    if (run.aborted()) {
                        consumerSide[2] = expected;
                        return;
                    }
                    idle(++misses);
                    continue;
                }
                misses = 0;
                checkRecord(queue.name(), dst, size, length, expected);
                expected++;
            }
            consumerSide[0] = System.nanoTime();
            consumerSide[1] = empty;
            consumerSide[2] = expected;
        }));
        run.execute(timeoutMillis, () -> "the consumer received " + consumerSide[2] + " of " + records + " records",
                producer, consumer);
        return new Throughput(records, consumerSide[0] - producerSide[0], producerSide[1], consumerSide[1]);
    }

    /**
     * Ping-pong: a pinger thread offers a record to {@code ping} and waits for it on
     * {@code pong}, where a ponger thread echoes it; every round trip after {@code warmup} is
     * recorded in {@code histogram} in nanoseconds.
     */
    static void roundTrips(AnchorQueue ping, AnchorQueue pong, int warmup, int roundTrips, Histogram histogram,
                           long timeoutMillis) {
        if (roundTrips <= 0 || warmup < 0) {
            throw new IllegalArgumentException("round trips must be positive and warmup non-negative, got "
                    + roundTrips + " and " + warmup);
        }
        if (ping.recordSize() != pong.recordSize()) {
            throw new IllegalArgumentException("ping and pong carry different record sizes: " + ping.recordSize()
                    + " and " + pong.recordSize());
        }
        int size = ping.recordSize();
        int total = warmup + roundTrips;
        Run run = new Run(ping.name());
        long[] done = new long[1];
        Thread pinger = Thread.ofPlatform().name(THREAD_PREFIX + "ping").unstarted(run.guard(0, () -> {
            byte[] out = new byte[size];
            byte[] back = new byte[size];
            run.awaitStart();
            for (int i = 0; i < total; i++) {
                stamp(out, size, i);
                long start = System.nanoTime();
                int length;
                if (!offer(run, ping, out) || (length = poll(run, pong, back)) == AnchorQueue.EMPTY) {
                    return;
                }
                long rtt = System.nanoTime() - start;
                checkRecord(pong.name(), back, size, length, i);
                if (i >= warmup) {
                    histogram.recordValue(Math.min(rtt, HIGHEST_TRACKABLE_NANOS));
                }
                done[0] = i + 1;
            }
        }));
        Thread ponger = Thread.ofPlatform().name(THREAD_PREFIX + "pong").unstarted(run.guard(1, () -> {
            byte[] echo = new byte[size];
            run.awaitStart();
            for (int i = 0; i < total; i++) {
                int length = poll(run, ping, echo);
                if (length == AnchorQueue.EMPTY) {
                    return;
                }
                checkRecord(ping.name(), echo, size, length, i);
                if (!offer(run, pong, echo)) {
                    return;
                }
            }
        }));
        run.execute(timeoutMillis, () -> done[0] + " of " + total + " round trips completed", pinger, ponger);
    }

    /** Offers {@code record} until {@code queue} takes it ({@link #idle} between tries); false once the run aborted. */
    private static boolean offer(Run run, AnchorQueue queue, byte[] record) {
        for (int misses = 1; !queue.offer(record); misses++) {
            if (run.aborted()) {
                return false;
            }
            idle(misses);
        }
        return true;
    }

    /** Polls {@code queue} into {@code record} until a record comes: its length, or {@link AnchorQueue#EMPTY} once the run aborted. */
    private static int poll(Run run, AnchorQueue queue, byte[] record) {
        int length;
        for (int misses = 1; (length = queue.poll(record)) == AnchorQueue.EMPTY; misses++) {
            if (run.aborted()) {
                return AnchorQueue.EMPTY;
            }
            idle(misses);
        }
        return length;
    }

    /**
     * The idle strategy of every side on full or empty: spin, then yield. On a machine with
     * fewer free cores than spinning threads, a side that only spins burns its time slice
     * while the other side, the one that could end the wait, is not running.
     */
    static void idle(int misses) {
        if (misses < SPINS_BEFORE_YIELD) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    private static void checkRecord(String anchor, byte[] record, int size, int length, long expected) {
        if (length != size) {
            throw new IllegalStateException(anchor + ": record " + expected + " came back with " + length
                    + " bytes, " + size + " were offered");
        }
        long seq = sequenceOf(record, size, anchor);
        if (seq != expected) {
            throw new IllegalStateException(anchor + ": expected record " + expected + ", received " + seq
                    + " (lost, repeated or reordered)");
        }
    }

    /** Start gate, abort flag and first failure shared by the two threads of one run. */
    static final class Run {
        private final String anchor;
        private final CountDownLatch start = new CountDownLatch(1);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private volatile boolean aborted;

        Run(String anchor) {
            this.anchor = anchor;
        }

        boolean aborted() {
            return aborted;
        }

        void awaitStart() throws InterruptedException {
            start.await();
        }

        /** The body on its own CPU ({@code side} 0 or 1, see {@link TwoCpus}), its failure recorded. */
        Runnable guard(int side, Body body) {
            return () -> {
                try {
                    TwoCpus.pin(side); // one core each: see TwoCpus
                    body.run();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    aborted = true;
                }
            };
        }

        /** Starts both threads, opens the gate, joins both; throws the first failure or a timeout. */
        void execute(long timeoutMillis, java.util.function.Supplier<String> progress, Thread a, Thread b) {
            a.start();
            try {
                b.start();
            } catch (RuntimeException | Error e) {
                aborted = true;
                start.countDown();
                joinQuietly(a);
                throw e;
            }
            start.countDown();
            long started = System.nanoTime();
            boolean interrupted = false;
            boolean timedOut = false;
            try {
                // Counted in slices: a jump of the clock (a VM paused) must not end the run early.
                timedOut = !SlicedWait.join(SlicedWait.slices(Duration.ofMillis(timeoutMillis)), a, b);
            } catch (InterruptedException e) {
                interrupted = true;
            }
            long clockMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            if (timedOut || interrupted) {
                aborted = true;
                joinQuietly(a);
                joinQuietly(b);
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(anchor + ": interrupted while running; " + progress.get());
            }
            Throwable t = failure.get();
            if (t != null) {
                throw new IllegalStateException(anchor + " failed: " + t.getMessage() + "; " + progress.get(), t);
            }
            if (timedOut) {
                throw new IllegalStateException(anchor + " did not finish within " + timeoutMillis + " ms of waiting"
                        + " (the clock says " + clockMillis + " ms); " + progress.get());
            }
        }

        /** After an abort the spinning threads see the flag at their next full or empty check. */
        private static void joinQuietly(Thread t) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @FunctionalInterface
    interface Body {
        void run() throws Exception;
    }
}
