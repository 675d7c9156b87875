package org.ringlab.queues.broadcast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.baseline.CopyPerConsumerDiscipline;

/**
 * A quick figure, not a benchmark (no JMH, one process, measured once, nothing asserted):
 * 1 producer x 4 consumers, 64 KiB records, {@code broadcast} against {@code copy-per-consumer}
 * on the same strategy and the same ring size, GB/s delivered summed over the consumers.
 *
 * <p>Both run through the same harness and the plain {@link QueueProducer}/{@link QueueConsumer}
 * API (offer, drain; yield when full or empty), with two consumer workloads: {@code touch}
 * reads each record's first and last 8 bytes (what the queue itself costs), {@code copy-out}
 * copies each record into the consumer's own buffer (taskBus writes it to the consumer's pipe).
 * A third line runs broadcast with its own waiting (put, awaitDrain, park).
 *
 * <p>Run: {@code java -cp <test classpath> org.ringlab.queues.broadcast.BroadcastFigure [records] [strategy]},
 * or {@code mvn ... -Dringlab.figures=true -Dtest=BroadcastFigure}.
 */
public final class BroadcastFigure {

    static final int RECORD = 64 * 1024;
    static final int CONSUMERS = 4;
    static final long CAPACITY = 4L << 20;

    static final int ROUNDS = 5;

    enum Work { TOUCH, COPY_OUT }

    static double median(double[] xs) {
        double[] s = xs.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    static double max(double[] xs) {
        return java.util.Arrays.stream(xs).max().orElse(0);
    }

    public static void main(String[] args) throws Exception {
        long records = args.length > 0 ? Long.parseLong(args[0]) : 20_000;
        String strategy = args.length > 1 ? args[1] : "mirrored-memfd";
        System.out.println(report(records, strategy));
    }

    @Test
    @EnabledIfSystemProperty(named = "ringlab.figures", matches = "true")
    void figure() throws Exception {
        System.out.println(report(Long.getLong("ringlab.figure.records", 20_000), "mirrored-memfd"));
    }

    static String report(long records, String strategyName) throws Exception {
        MemoryStrategy strategy = Registries.memoryStrategies().find(strategyName)
                .filter(s -> s.availability().isAvailable()).orElseGet(() -> Registries.memoryStrategies().require("doubled"));
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "1 producer x %d consumers, %d KiB records, %d records, %s, ring %d MiB, %d cpus%n",
                CONSUMERS, RECORD / 1024, records, strategy.name(), CAPACITY >> 20, Runtime.getRuntime().availableProcessors()));
        for (Work work : Work.values()) {
            run(new BroadcastDiscipline(), strategy, Math.max(1000, records / 10), work, false); // warm-up: JIT, pages
            run(new CopyPerConsumerDiscipline(), strategy, Math.max(1000, records / 10), work, false);
            // Interleaved rounds, medians: the background load of a shared machine hits both alike.
            double[] broadcast = new double[ROUNDS];
            double[] copy = new double[ROUNDS];
            double[] own = new double[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) {
                broadcast[r] = run(new BroadcastDiscipline(), strategy, records, work, false);
                copy[r] = run(new CopyPerConsumerDiscipline(), strategy, records, work, false);
                own[r] = run(new BroadcastDiscipline(), strategy, records, work, true);
            }
            double ratio = median(broadcast) / median(copy);
            out.append(String.format(Locale.ROOT,
                    "  %-8s broadcast %6.2f GB/s (best %6.2f)   copy-per-consumer %6.2f GB/s (best %6.2f)   ratio %4.2fx"
                            + "   broadcast with put/awaitDrain/park %6.2f GB/s%n",
                    work.name().toLowerCase(Locale.ROOT).replace('_', '-'), median(broadcast), max(broadcast), median(copy),
                    max(copy), ratio, median(own)));
        }
        out.append("  (medians of ").append(ROUNDS).append(" interleaved rounds; GB/s = 1e9 bytes delivered per second, summed over consumers)\n");
        return out.toString();
    }

    /** GB/s delivered, summed over the consumers. */
    static double run(QueueDiscipline discipline, MemoryStrategy strategy, long records, Work work, boolean ownWaiting)
            throws Exception {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
             RecordQueue queue = discipline.create(memory, QueueSpec.fixed(RECORD).withConsumers(CONSUMERS));
             Arena arena = Arena.ofShared()) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            long[] checks = new long[CONSUMERS];
            for (int c = 0; c < CONSUMERS; c++) {
                int index = c;
                MemorySegment own = arena.allocate(RECORD, 64);
                threads.add(new Thread(() -> {
                    try {
                        QueueConsumer consumer = queue.consumer(index);
                        long[] got = {0};
                        long[] sum = {0};
                        RecordQueue.RecordHandler handler = r -> {
                            if (work == Work.COPY_OUT) {
                                MemorySegment.copy(r, 0, own, 0, RECORD);
                                sum[0] += own.get(ValueLayout.JAVA_LONG, 0) + own.get(ValueLayout.JAVA_LONG, RECORD - 8);
                            } else {
                                sum[0] += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) + r.get(ValueLayout.JAVA_LONG_UNALIGNED, RECORD - 8);
                            }
                            got[0]++;
                        };
                        while (got[0] < records) {
                            int n = ownWaiting ? ((BroadcastConsumer) consumer).awaitDrain(handler) : consumer.drain(handler, 64);
                            if (n == 0) {
                                Thread.yield();
                            }
                        }
                        checks[index] = sum[0];
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }, "figure-consumer-" + c));
            }
            MemorySegment record = arena.allocate(RECORD, 64);
            threads.add(new Thread(() -> {
                try {
                    QueueProducer producer = queue.producer();
                    for (long q = 0; q < records; q++) {
                        record.set(ValueLayout.JAVA_LONG, 0, q);
                        record.set(ValueLayout.JAVA_LONG, RECORD - 8, q);
                        if (ownWaiting) {
                            ((BroadcastProducer) producer).put(record);
                        } else {
                            while (!producer.offer(record)) {
                                Thread.yield();
                            }
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "figure-producer"));
            long start = System.nanoTime();
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            long nanos = System.nanoTime() - start;
            if (failure.get() != null) {
                throw new AssertionError(discipline.name() + " failed", failure.get());
            }
            long expected = records * (records - 1); // sum over q of (q + q)
            for (long check : checks) {
                if (check != expected) {
                    throw new AssertionError(discipline.name() + ": a consumer saw the wrong records (" + check + " != " + expected + ")");
                }
            }
            return (double) records * RECORD * CONSUMERS / nanos;
        }
    }
}
