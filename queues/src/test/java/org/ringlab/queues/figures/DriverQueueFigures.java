package org.ringlab.queues.figures;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.baseline.LockedListDiscipline;
import org.ringlab.queues.napi.NapiAdaptiveQueue;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.napi.NapiPoller;
import org.ringlab.queues.napi.NapiStats;
import org.ringlab.queues.pool.BufferPool;
import org.ringlab.queues.spsc.SpscDiscipline;

/**
 * Seed 001's figures, re-measured once and printed, never asserted: a quick look before the
 * JMH benchmarks in {@code bench}, not a substitute for them (no forks, a handful of rounds, the
 * median printed). Not a test: surefire does not pick it up. Run from the test class path:
 * <pre>java --enable-native-access=ALL-UNNAMED -cp … org.ringlab.queues.figures.DriverQueueFigures</pre>
 *
 * <ol>
 * <li>spsc vs locked-list in one thread (offer 32, consume 32: the cost per record, robust on a
 *     loaded machine), and with one producer thread, one consumer thread, 64-byte fixed records,
 *     consumer one record at a time ({@code poll} into a buffer) and in drains of 32; each
 *     round lets the producer run {@value #ROUND_NANOS} ns and counts what crossed;</li>
 * <li>drain in batches of 32 vs one at a time ({@code drain(h, 1)}), spsc;</li>
 * <li>pool allocate + free vs {@code Arena.ofConfined()} + allocate + close of the same size;</li>
 * <li>napi vs wake-per-item under a fixed-rate producer: drops, wake-ups, the poller's CPU.</li>
 * </ol>
 */
public final class DriverQueueFigures {

    static final int RECORD = 64;
    static final long RING = 64 * 1024;
    static final int ROUNDS = 5;
    /** Length of one measured round of the two-thread figures. */
    static final long ROUND_NANOS = 300_000_000L;

    private DriverQueueFigures() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        System.out.println("# seed 001 figures, " + Runtime.getRuntime().availableProcessors() + " CPUs, "
                + System.getProperty("java.vm.name") + " " + Runtime.version() + ", load average " + loadAverage());
        pool();
        singleThread();
        throughput();
        napi();
        System.out.println("\nload average at the end " + loadAverage());
    }

    // ---- 1 and 2: records per microsecond between two threads ----

    enum Consume { POLL_ONE, DRAIN_1, DRAIN_32 }

    static void throughput() throws InterruptedException {
        System.out.println("\n## 1 producer thread + 1 consumer thread, " + RECORD + "-byte records, ring " + RING
                + " bytes (doubled), records/µs, median of " + ROUNDS + " after 1 warm-up");
        BiFunction<RingMemory, QueueSpec, RecordQueue> spsc = (m, s) -> new SpscDiscipline().create(m, s);
        BiFunction<RingMemory, QueueSpec, RecordQueue> locked = (m, s) -> new LockedListDiscipline().create(m, s);
        double spscPoll = rate("spsc", spsc, Consume.POLL_ONE);
        double spsc1 = rate("spsc", spsc, Consume.DRAIN_1);
        double spsc32 = rate("spsc", spsc, Consume.DRAIN_32);
        double lockedPoll = rate("locked-list", locked, Consume.POLL_ONE);
        double locked32 = rate("locked-list", locked, Consume.DRAIN_32);
        System.out.printf("spsc / locked-list, one at a time (poll): %.1f×   (seed 001: 5.3×; issue: ≥ 5×)%n", spscPoll / lockedPoll);
        System.out.printf("spsc / locked-list, drains of 32:        %.1f×%n", spsc32 / locked32);
        System.out.printf("spsc drain(32) / drain(1):               %.2f×  (seed 001: 1.6×; issue: ≥ 1.6×)%n", spsc32 / spsc1);
    }

    static double rate(String name, BiFunction<RingMemory, QueueSpec, RecordQueue> factory, Consume consume)
            throws InterruptedException {
        double[] rates = new double[ROUNDS];
        for (int round = -1; round < ROUNDS; round++) {
            try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(RING));
                 RecordQueue queue = factory.apply(memory, QueueSpec.fixed(RECORD))) {
                double r = transfer(queue, consume, ROUND_NANOS);
                if (round >= 0) {
                    rates[round] = r;
                }
            }
        }
        Arrays.sort(rates);
        double median = rates[ROUNDS / 2];
        System.out.printf("%-12s %-9s %8.2f records/µs   (rounds %s)%n", name, consume, median, fmt(rates));
        return median;
    }

    /** The producer offers numbered records for {@code nanos}; the consumer takes all of them; records per µs. */
    static double transfer(RecordQueue queue, Consume consume, long nanos) throws InterruptedException {
        QueueProducer producer = queue.producer();
        QueueConsumer consumer = queue.consumer(0);
        AtomicBoolean stop = new AtomicBoolean();
        long[] produced = {-1};
        Thread t = new Thread(() -> {
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
        }, "figures-producer");
        MemorySegment dst = Arena.ofAuto().allocate(RECORD, 8);
        long[] sum = {0};
        RecordQueue.RecordHandler handler = r -> sum[0] += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        long start = System.nanoTime();
        long end = start + nanos;
        t.start();
        long got = 0;
        long last = start;
        int spins = 0;
        for (long i = 0; ; i++) {
            boolean producerDone = stop.get() && !t.isAlive(); // before the poll: a last record may land meanwhile
            int n = switch (consume) {
                case POLL_ONE -> {
                    int length = consumer.poll(dst);
                    if (length == QueueConsumer.EMPTY) {
                        yield 0;
                    }
                    sum[0] += dst.get(ValueLayout.JAVA_LONG, 0);
                    yield 1;
                }
                case DRAIN_1 -> consumer.drain(handler, 1);
                case DRAIN_32 -> consumer.drain(handler, 32);
            };
            got += n;
            if (n > 0) {
                last = System.nanoTime();
                spins = 0;
            } else if (producerDone) {
                break; // the producer had finished and the queue is empty
            } else {
                idle(spins++);
            }
            if ((i & 1023) == 0 && !stop.get() && System.nanoTime() > end) {
                stop.set(true);
            }
        }
        t.join();
        if (got != produced[0] || sum[0] != got * (got - 1) / 2) {
            throw new AssertionError("records lost or reordered: " + got + " of " + produced[0] + ", sum " + sum[0]);
        }
        return got / ((last - start) / 1e3);
    }

    /**
     * Waiting on a full or empty queue: spin, then yield. On a machine with more runnable threads
     * than cores, a pure spin burns whole time slices while the other side is not running.
     */
    static void idle(int spins) {
        if (spins < 64) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /**
     * The same comparison without a second thread: offer 32 records, then consume them, over and
     * over; ns per record (offer + consume). Robust on a loaded machine, where the two-thread
     * figure mostly measures the scheduler; seed 001's "1 million enqueue/dequeue operations".
     */
    static void singleThread() {
        System.out.println("\n## one thread: offer 32 × " + RECORD + "-byte records, then consume them; ns per record, median of " + ROUNDS);
        BiFunction<RingMemory, QueueSpec, RecordQueue> spsc = (m, s) -> new SpscDiscipline().create(m, s);
        BiFunction<RingMemory, QueueSpec, RecordQueue> locked = (m, s) -> new LockedListDiscipline().create(m, s);
        double spscPoll = nsPerOp("spsc POLL_ONE", () -> interleaved(spsc, Consume.POLL_ONE));
        double spsc1 = nsPerOp("spsc DRAIN_1", () -> interleaved(spsc, Consume.DRAIN_1));
        double spsc32 = nsPerOp("spsc DRAIN_32", () -> interleaved(spsc, Consume.DRAIN_32));
        double lockedPoll = nsPerOp("locked-list POLL_ONE", () -> interleaved(locked, Consume.POLL_ONE));
        double locked32 = nsPerOp("locked-list DRAIN_32", () -> interleaved(locked, Consume.DRAIN_32));
        System.out.printf("spsc / locked-list, one at a time (poll): %.1f×%n", lockedPoll / spscPoll);
        System.out.printf("spsc / locked-list, drains of 32:        %.1f×%n", locked32 / spsc32);
        System.out.printf("spsc drain(32) / drain(1):               %.2f×%n", spsc1 / spsc32);
    }

    static double interleaved(BiFunction<RingMemory, QueueSpec, RecordQueue> factory, Consume consume) {
        int rounds = 100_000;
        try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(RING));
             RecordQueue queue = factory.apply(memory, QueueSpec.fixed(RECORD))) {
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            MemorySegment record = Arena.ofAuto().allocate(RECORD, 8);
            MemorySegment dst = Arena.ofAuto().allocate(RECORD, 8);
            long[] sum = {0};
            RecordQueue.RecordHandler handler = r -> sum[0] += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            long s = 0;
            long start = System.nanoTime();
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < 32; i++) {
                    record.set(ValueLayout.JAVA_LONG, 0, s++);
                    producer.offer(record);
                }
                switch (consume) {
                    case POLL_ONE -> {
                        for (int i = 0; i < 32; i++) {
                            consumer.poll(dst);
                            sum[0] += dst.get(ValueLayout.JAVA_LONG, 0);
                        }
                    }
                    case DRAIN_1 -> {
                        for (int i = 0; i < 32; i++) {
                            consumer.drain(handler, 1);
                        }
                    }
                    case DRAIN_32 -> consumer.drain(handler, 32);
                }
            }
            long nanos = System.nanoTime() - start;
            if (sum[0] != s * (s - 1) / 2) {
                throw new AssertionError("records lost or reordered");
            }
            return (double) nanos / s;
        }
    }

    // ---- 3: pool vs Arena ----

    static final int BUFFER = 2048;

    static void pool() {
        System.out.println("\n## allocate + free of a " + BUFFER + "-byte buffer, one thread, ns/op, median of " + ROUNDS);
        double single = nsPerOp("pool (single-thread)", () -> poolLoop(BufferPool.Threading.SINGLE_THREAD, 5_000_000));
        double spsc = nsPerOp("pool (spsc ring)", () -> poolLoop(BufferPool.Threading.SPSC, 5_000_000));
        double arena = nsPerOp("Arena.ofConfined", () -> arenaLoop(200_000));
        System.out.printf("Arena / pool: %.0f× (single-thread pool), %.0f× (spsc pool)   (seed 001, malloc vs pool: 40×; issue: ≥ 20×)%n",
                arena / single, arena / spsc);
    }

    interface Loop {
        double nsPerOp();
    }

    static double nsPerOp(String name, Loop loop) {
        loop.nsPerOp(); // warm-up
        double[] ns = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            ns[i] = loop.nsPerOp();
        }
        Arrays.sort(ns);
        System.out.printf("%-22s %8.1f ns/op   (rounds %s)%n", name, ns[ROUNDS / 2], fmt(ns));
        return ns[ROUNDS / 2];
    }

    static long sink;

    static double poolLoop(BufferPool.Threading threading, int ops) {
        try (BufferPool pool = BufferPool.create(2048, BUFFER, threading)) {
            long s = 0;
            long start = System.nanoTime();
            for (int i = 0; i < ops; i++) {
                int index = pool.allocate();
                pool.buffer(index).set(ValueLayout.JAVA_BYTE, 0, (byte) i); // touch it, as a driver would
                s += index;
                pool.free(index);
            }
            long nanos = System.nanoTime() - start;
            sink += s;
            return (double) nanos / ops;
        }
    }

    static double arenaLoop(int ops) {
        long s = 0;
        long start = System.nanoTime();
        for (int i = 0; i < ops; i++) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment b = arena.allocate(BUFFER);
                b.set(ValueLayout.JAVA_BYTE, 0, (byte) i);
                s += b.address();
            }
        }
        long nanos = System.nanoTime() - start;
        sink += s;
        return (double) nanos / ops;
    }

    // ---- 4: napi vs wake-per-item at a fixed rate ----

    static void napi() throws InterruptedException {
        System.out.println("\n## napi vs wake-per-item: a producer at a fixed rate for 1 s, " + RECORD + "-byte records, "
                + "ring of 1024 records (doubled); 1 488 095/s is 1 Gbit/s of 64-byte frames");
        for (long rate : new long[] {100_000, 1_000_000, 1_488_095, 3_000_000}) {
            for (NapiConfig config : List.of(NapiConfig.defaults(), NapiConfig.wakePerItem())) {
                driver(config, rate, rate);
            }
        }
    }

    static void driver(NapiConfig config, long rate, long records) throws InterruptedException {
        try (RingMemory memory = Registries.memoryStrategies().require("doubled")
                .allocate(RingSpec.ofCapacity(1024L * RECORD));
             NapiAdaptiveQueue queue = new NapiAdaptiveQueue(memory, QueueSpec.fixed(RECORD), config)) {
            Thread[] pollerThread = new Thread[1];
            long[] sum = {0};
            NapiPoller poller = NapiPoller.start(queue, r -> {
                if (pollerThread[0] == null) {
                    pollerThread[0] = Thread.currentThread();
                }
                sum[0] += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            });
            QueueProducer producer = queue.producer();
            MemorySegment record = Arena.ofAuto().allocate(RECORD, 8);
            double period = 1e9 / rate;
            long start = System.nanoTime();
            for (long s = 0; s < records; s++) {
                long due = start + (long) (s * period);
                while (System.nanoTime() < due) {
                    Thread.onSpinWait();
                }
                record.set(ValueLayout.JAVA_LONG, 0, s);
                producer.offer(record); // a full ring drops and counts
            }
            long wall = System.nanoTime() - start;
            while (queue.stats().delivered() < queue.stats().accepted()) {
                Thread.sleep(1);
            }
            long cpu = cpuNanos(pollerThread[0]);
            poller.close();
            NapiStats s = queue.stats();
            System.out.printf("%-13s %9d/s: achieved %9.0f/s, dropped %6.2f %%, wake-ups %8d, parks %8d, polls %8d, poller CPU %5.1f %%%n",
                    config.signalling(), rate, records / (wall / 1e9), 100.0 * s.dropped() / s.offered(), s.wakeUps(),
                    s.parks(), s.polls(), cpu < 0 ? Double.NaN : 100.0 * cpu / wall);
        }
    }

    /** Thread CPU time through reflection (the test sources compile inside the queues module, which does not read java.management). */
    static long cpuNanos(Thread t) {
        if (t == null) {
            return -1;
        }
        try {
            Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            return (long) Class.forName("java.lang.management.ThreadMXBean").getMethod("getThreadCpuTime", long.class)
                    .invoke(mx, t.threadId());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }

    /** The first three fields of /proc/loadavg where there is one: the figures mean little on a busy machine. */
    static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    static String fmt(double[] values) {
        List<String> s = new ArrayList<>();
        for (double v : values) {
            s.add(String.format("%.1f", v));
        }
        return String.join(" ", s);
    }
}
