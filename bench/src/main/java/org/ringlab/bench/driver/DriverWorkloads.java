package org.ringlab.bench.driver;

import org.ringlab.bench.util.SlicedWait;
import org.ringlab.bench.util.TwoCpus;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.napi.NapiAdaptiveQueue;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.napi.NapiPoller;
import org.ringlab.queues.napi.NapiStats;

/**
 * Seed 001's measurement loops. Every loop checks what it moved (a sum of the sequence
 * numbers), so a discipline that loses or reorders records fails the run instead of
 * looking fast.
 */
final class DriverWorkloads {

    static final int RECORD = 64;
    /** 1024 records of 64 bytes: a driver's RX ring, and a multiple of every strategy's granularity. */
    static final long RING = 64 * 1024;
    /** A two-thread round times at least this many records, however long that takes. */
    static final long MIN_RECORDS = 20_000;
    /** {@code batch} value meaning "poll one record into a buffer" (copy out, like the locked list's dequeue). */
    static final int POLL_ONE = 0;
    private static final Duration NAPI_SETTLE = Duration.ofSeconds(20);

    /** Keeps the loops' results alive so the JIT cannot drop them. */
    static volatile long sink;

    private DriverWorkloads() {
    }

    /**
     * One producer thread offers numbered 64-byte records for {@code nanos}; this thread consumes
     * them ({@code batch} per drain, or {@link #POLL_ONE}); records per µs from the first offer
     * to the last record received.
     */
    static double twoThreadRate(MemoryStrategy strategy, QueueDiscipline discipline, int batch, long nanos)
            throws InterruptedException {
        return twoThreadRun(strategy, discipline, batch, nanos).rate();
    }

    /**
     * One two-thread round: records per µs, and the share of the two threads' time spent waiting
     * for a lock (the queue's {@code lockWaitNanos} counter ÷ 2 × the round's wall time; 0 for a
     * queue that reports no lock wait, having no lock).
     */
    record TwoThreadRun(double rate, double lockWaitShare) {
    }

    /** The counter of a queue with a lock: wall ns its threads waited for it. */
    static final String LOCK_WAIT = "lockWaitNanos";

    static TwoThreadRun twoThreadRun(MemoryStrategy strategy, QueueDiscipline discipline, int batch, long nanos)
            throws InterruptedException {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(RING));
             RecordQueue queue = discipline.create(memory, QueueSpec.fixed(RECORD))) {
            long start = System.nanoTime();
            double rate = transfer(queue, batch, nanos);
            long wall = System.nanoTime() - start;
            Long waited = queue.counters().get(LOCK_WAIT);
            if (waited == null && discipline.name().equals(DriverExperiment.LOCKED)) {
                throw new IllegalStateException(discipline.name() + " reports no " + LOCK_WAIT + " counter: its lock "
                        + "wait cannot be measured (counters " + queue.counters().keySet() + ")");
            }
            return new TwoThreadRun(rate, waited == null ? 0 : waited / (2.0 * wall)); // no lock, no wait
        }
    }

    static double transfer(RecordQueue queue, int batch, long nanos) throws InterruptedException {
        QueueProducer producer = queue.producer();
        QueueConsumer consumer = queue.consumer(0);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] produced = {-1};
        Thread t = new Thread(() -> {
            try {
                TwoCpus.pin(0); // one core each: see TwoCpus
                MemorySegment record = Arena.ofAuto().allocate(RECORD, 8);
                long s = 0;
                produce:
                for (; !stop.get(); s++) {
                    record.set(ValueLayout.JAVA_LONG, 0, s);
                    for (int spins = 0; !producer.offer(record); spins++) {
                        if (stop.get()) {
                            break produce;
                        }
                        idle(spins);
                    }
                }
                produced[0] = s;
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "driver-producer");
        MemorySegment dst = Arena.ofAuto().allocate(RECORD, 8);
        long[] sum = {0};
        RecordQueue.RecordHandler handler = r -> sum[0] += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        java.util.BitSet callerCpus = TwoCpus.save();
        TwoCpus.pin(1); // this thread consumes: the other core than the producer's
        long end = System.nanoTime() + nanos;
        t.start();
        long got = 0;
        long first = 0;
        long last = 0;
        int firstBatch = 0;
        try {
            int spins = 0;
            for (long i = 0; ; i++) {
                // Read before the poll: a last record may land meanwhile.
                boolean producerDone = (stop.get() || failure.get() != null) && !t.isAlive();
                int n;
                if (batch == POLL_ONE) {
                    n = consumer.poll(dst) == QueueConsumer.EMPTY ? 0 : 1;
                    if (n == 1) {
                        sum[0] += dst.get(ValueLayout.JAVA_LONG, 0);
                    }
                } else {
                    n = consumer.drain(handler, batch);
                }
                if (n > 0) {
                    last = System.nanoTime();
                    if (got == 0) {
                        first = last;
                        firstBatch = n;
                    }
                    spins = 0;
                } else if (producerDone) {
                    break; // the producer has finished and the queue is empty
                } else {
                    idle(spins++);
                }
                got += n;
                // A round that the scheduler starved (the producer not yet running) runs on until
                // it has moved enough records to time.
                if ((i & 1023) == 0 && !stop.get() && got >= MIN_RECORDS && System.nanoTime() > end) {
                    stop.set(true);
                }
            }
        } finally {
            stop.set(true);
            t.join();
            TwoCpus.restore(callerCpus);
        }
        if (failure.get() != null) {
            throw new IllegalStateException(queue.disciplineName() + ": the producer failed: " + failure.get(),
                    failure.get());
        }
        if (got != produced[0] || sum[0] != got * (got - 1) / 2) {
            throw new IllegalStateException(queue.disciplineName() + " lost or reordered records: received " + got
                    + " of " + produced[0] + ", sequence sum " + sum[0] + " instead of " + got * (got - 1) / 2);
        }
        // From the first drain that got records to the last: thread start-up is not the queue's
        // cost, and the first drain's records arrived before the clock started.
        return (got - firstBatch) / ((last - first) / 1e3);
    }

    /**
     * Waiting on a full or empty queue: spin, then yield. With more runnable threads than cores
     * a pure spin burns whole time slices while the other side is not running.
     */
    static void idle(int spins) {
        if (spins < 64) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /**
     * One thread: offer 32 records, then consume them ({@code batch} per drain or
     * {@link #POLL_ONE}), until {@code records} have passed; ns per record (offer + consume).
     * Seed 001's "1 million enqueue/dequeue operations", free of scheduler noise.
     */
    static double interleaved(MemoryStrategy strategy, QueueDiscipline discipline, int batch, int records) {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(RING));
             RecordQueue queue = discipline.create(memory, QueueSpec.fixed(RECORD))) {
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            MemorySegment record = Arena.ofAuto().allocate(RECORD, 8);
            MemorySegment dst = Arena.ofAuto().allocate(RECORD, 8);
            long[] sum = {0};
            RecordQueue.RecordHandler handler = r -> sum[0] += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            long s = 0;
            long start = cpuNow();
            for (int round = 0; round < records / 32; round++) {
                for (int i = 0; i < 32; i++) {
                    record.set(ValueLayout.JAVA_LONG, 0, s++);
                    if (!producer.offer(record)) {
                        throw new IllegalStateException(discipline.name() + " refused record " + (s - 1)
                                + " of 32 into an empty " + RING + "-byte ring");
                    }
                }
                if (batch == POLL_ONE) {
                    for (int i = 0; i < 32; i++) {
                        consumer.poll(dst);
                        sum[0] += dst.get(ValueLayout.JAVA_LONG, 0);
                    }
                } else {
                    for (int taken = 0; taken < 32; ) {
                        int n = consumer.drain(handler, batch);
                        if (n == 0) {
                            throw new IllegalStateException(discipline.name() + " drained nothing with "
                                    + (32 - taken) + " records queued");
                        }
                        taken += n;
                    }
                }
            }
            long nanos = cpuNow() - start;
            if (sum[0] != s * (s - 1) / 2) {
                throw new IllegalStateException(discipline.name() + " lost or reordered records in one thread: sum "
                        + sum[0] + " instead of " + s * (s - 1) / 2);
            }
            return (double) nanos / s;
        }
    }

    /**
     * What one NAPI round measured.
     *
     * @param cpuNanos CPU time of the poller thread over the whole round, -1 when the JVM cannot measure it
     */
    record NapiRun(NapiStats stats, long wallNanos, long cpuNanos) {

        double lossPercent() {
            return 100.0 * stats.dropped() / stats.offered();
        }

        double achievedPerSecond() {
            return stats.offered() / (wallNanos / 1e9);
        }

        double cpuNanosPerRecord() {
            return cpuNanos < 0 || stats.delivered() == 0 ? Double.NaN : (double) cpuNanos / stats.delivered();
        }

        double cpuPercent() {
            return cpuNanos < 0 ? Double.NaN : 100.0 * cpuNanos / wallNanos;
        }
    }

    /** Whether the single-thread loops are timed in CPU time of their thread (else wall time). */
    static final boolean CPU_CLOCK = threadCpuMeasurable();

    /**
     * The clock of the single-thread loops: this thread's CPU time where the JVM measures it, so
     * that time the thread spends preempted on a loaded machine is not counted as the loop's.
     */
    static long cpuNow() {
        return CPU_CLOCK ? ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() : System.nanoTime();
    }

    static boolean threadCpuMeasurable() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        return mx.isThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled();
    }

    /**
     * A producer (this thread) offering numbered 64-byte records at {@code rate} per second for
     * {@code nanos} into a napi queue of 1024 records; a full ring drops and counts, as a NIC
     * does. The poller checks the sequence numbers it gets only grow.
     */
    static NapiRun napi(MemoryStrategy strategy, NapiConfig config, long rate, long nanos) throws InterruptedException {
        long records = Math.max(1, rate * nanos / 1_000_000_000L);
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(RING));
             NapiAdaptiveQueue queue = new NapiAdaptiveQueue(memory, QueueSpec.fixed(RECORD), config)) {
            Thread[] pollerThread = new Thread[1];
            long[] last = {-1};
            long[] disorder = {0};
            NapiPoller poller = NapiPoller.start(queue, r -> {
                if (pollerThread[0] == null) {
                    pollerThread[0] = Thread.currentThread();
                }
                long s = r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                if (s <= last[0]) {
                    disorder[0]++;
                }
                last[0] = s;
            });
            long wall;
            long cpu;
            try {
                QueueProducer producer = queue.producer();
                MemorySegment record = Arena.ofAuto().allocate(RECORD, 8);
                double period = 1e9 / rate;
                long start = System.nanoTime();
                for (long s = 0; s < records; s++) {
                    long due = start + (long) (s * period);
                    while (System.nanoTime() < due) {
                        Thread.onSpinWait(); // the wire's pace, not the queue's
                    }
                    record.set(ValueLayout.JAVA_LONG, 0, s);
                    producer.offer(record); // a full ring drops and counts
                }
                wall = System.nanoTime() - start;
                SlicedWait.Budget settle = new SlicedWait.Budget(NAPI_SETTLE); // a clock jump must not end it early
                while (queue.stats().delivered() < queue.stats().accepted()) {
                    if (settle.spent() || !poller.isRunning()) {
                        throw new IllegalStateException("napi (" + config.signalling() + ") delivered "
                                + queue.stats().delivered() + " of " + queue.stats().accepted() + " accepted records within "
                                + NAPI_SETTLE.toSeconds() + " s" + poller.failure().map(f -> ": " + f).orElse(""));
                    }
                    Thread.sleep(1);
                }
                // Read while the poller thread is alive: a dead thread has no CPU time.
                cpu = pollerThread[0] == null || !threadCpuMeasurable() ? -1
                        : ManagementFactory.getThreadMXBean().getThreadCpuTime(pollerThread[0].threadId());
            } finally {
                poller.close();
            }
            if (disorder[0] != 0) {
                throw new IllegalStateException("napi (" + config.signalling() + ") delivered " + disorder[0]
                        + " records out of order");
            }
            return new NapiRun(queue.stats(), wall, cpu);
        }
    }
}
