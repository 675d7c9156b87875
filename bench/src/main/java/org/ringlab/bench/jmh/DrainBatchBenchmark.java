package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
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
 * Seed 001's batch processing: 32 records offered in one batch (one publish), then consumed
 * either with one {@code drain(…, 32)} (one release store) or 32 {@code drain(…, 1)} calls
 * (a release store each). ns per record.
 */
@ForExperiment("driver")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Thread)
public class DrainBatchBenchmark {

    static final int RECORDS = 32;

    @Param({"mirrored-memfd"})
    public String strategy;

    @Param({"1", "32"})
    public int batch;

    private QueueBench bench;
    private QueueProducer producer;
    private QueueConsumer consumer;
    private MemorySegment[] records;
    private final Reader reader = new Reader();

    /**
     * Reads a long of each record: handing the record segment itself to a Blackhole would make
     * it escape and measure the view's allocation instead of the queue.
     */
    static final class Reader implements RecordQueue.RecordHandler {
        long sum;

        @Override
        public void onRecord(MemorySegment record) {
            sum += record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        bench = new QueueBench("spsc", strategy, 1 << 16, QueueSpec.variable(64));
        producer = bench.queue.producer();
        consumer = bench.queue.consumer(0);
        records = new MemorySegment[RECORDS];
        java.util.Arrays.setAll(records, i -> QueueBench.record(64));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bench.close();
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long offerBatchThenDrain() {
        producer.offer(records, 0, RECORDS);
        int n = 0;
        for (int i = 0; i < RECORDS && n < RECORDS; i += batch) {
            n += consumer.drain(reader, batch);
        }
        return reader.sum + n;
    }
}
