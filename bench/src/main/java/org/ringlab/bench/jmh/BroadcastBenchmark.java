package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.bench.report.ForExperiment;

/**
 * Seed 003: one producer and four consumers, 64 KiB records, each record stored once and its
 * index broadcast ({@code broadcast}) against a copy per consumer ({@code copy-per-consumer}).
 * Each consumer reads the first and last long of every record it gets; the figure is the
 * {@code bytes} counter, delivered bytes per second summed over the consumers.
 */
@ForExperiment("broadcast")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Group)
public class BroadcastBenchmark {

    static final int CONSUMERS = 4;

    @Param({"broadcast", "copy-per-consumer"})
    public String discipline;

    @Param({"mirrored-memfd"})
    public String strategy;

    /** Seed 003's range of packet sizes; 64 KiB is where ringlab's own throughput goals are judged. */
    @Param({"64", "4096", "65536"})
    public int recordSize;

    private QueueBench bench;
    private QueueProducer producer;
    private MemorySegment record;
    private int nextConsumer;

    @Setup(Level.Trial)
    public void setUp() {
        bench = new QueueBench(discipline, strategy, 16L << 20,
                QueueSpec.fixed(recordSize).withConsumers(CONSUMERS));
        producer = bench.queue.producer();
        record = QueueBench.record(recordSize);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bench.close();
    }

    /** Each consumer thread takes one consumer of the queue. */
    @State(Scope.Thread)
    public static class Consumer implements RecordQueue.RecordHandler {
        QueueConsumer consumer;
        long sum;
        long bytes;

        @Override
        public void onRecord(MemorySegment r) {
            sum += r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) + r.get(ValueLayout.JAVA_LONG_UNALIGNED, r.byteSize() - 8);
            bytes += r.byteSize();
        }

        @Setup(Level.Trial)
        public void attach(BroadcastBenchmark b) {
            synchronized (b) {
                consumer = b.bench.queue.consumer(b.nextConsumer++);
            }
        }
    }

    /** Bytes delivered, summed over the consumer threads, and drains that found nothing. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Delivered {
        public long bytes;
        public long emptyDrains;
    }

    /** Offers that found the next slot still pending (broadcast) or a sub-ring full (copy-per-consumer). */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class ProducerCounters {
        public long failedOffers;
    }

    @Benchmark
    @Group("broadcast")
    public boolean produce(ProducerCounters counters) {
        boolean offered = producer.offer(record);
        if (!offered) {
            counters.failedOffers++;
            Thread.yield(); // 5 threads on few cores: let a consumer run instead of spinning
        }
        return offered;
    }

    @Benchmark
    @Group("broadcast")
    @GroupThreads(CONSUMERS)
    public void consume(Consumer c, Delivered delivered) {
        long before = c.bytes;
        int n = c.consumer.drain(c, 64);
        delivered.bytes += c.bytes - before;
        if (n == 0) {
            delivered.emptyDrains++;
            Thread.yield();
        }
    }
}
