package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
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
import org.ringlab.bench.report.ForExperiment;

/**
 * One producer thread and one consumer thread moving 64-byte records (seed 001's driver ring
 * against its locked-list "before"): records per µs for each side, failed offers and empty
 * drains as auxiliary counters. The consumer drains in batches of {@code batch}: {@code drain(1)}
 * against {@code drain(32)} with two threads, as the anchors experiment compares them.
 */
@ForExperiment("driver")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Group)
public class SpscThroughputBenchmark {

    @Param({"spsc", "locked-list"})
    public String discipline;

    @Param({"mirrored-memfd", "doubled"})
    public String strategy;

    @Param({"64"})
    public int recordSize;

    @Param({"1", "32"})
    public int batch;

    private QueueBench bench;
    private QueueProducer producer;
    private QueueConsumer consumer;
    private MemorySegment record;
    private final DrainBatchBenchmark.Reader reader = new DrainBatchBenchmark.Reader();

    @Setup(Level.Trial)
    public void setUp() {
        bench = new QueueBench(discipline, strategy, 1 << 20, QueueSpec.variable(recordSize));
        producer = bench.queue.producer();
        consumer = bench.queue.consumer(0);
        record = QueueBench.record(recordSize);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bench.close();
    }

    /** Offers per iteration that found the queue full. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class ProducerCounters {
        public long failedOffers;
    }

    /** Records received, and drains that found nothing. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class ConsumerCounters {
        public long records;
        public long emptyDrains;
    }

    @Benchmark
    @Group("pc")
    public void produce(ProducerCounters counters) {
        if (!producer.offer(record)) {
            counters.failedOffers++;
        }
    }

    @Benchmark
    @Group("pc")
    public void consume(ConsumerCounters counters) {
        int n = consumer.drain(reader, batch);
        if (n == 0) {
            counters.emptyDrains++;
        }
        counters.records += n;
    }
}
