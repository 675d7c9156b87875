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
 * The two spsc paths that hand the caller a segment of the ring, one 64-byte record at a time
 * on one thread: {@code claim}/{@code commit} (write in place) then {@code poll}, and
 * {@code offer} then {@code peek}/{@code release} (read in place). The caller reads or writes
 * a long of the segment and keeps nothing, so with {@code -prof gc} a path that allocates shows
 * as {@code gc.alloc.rate.norm} above 0 B/op (a segment that escaped its caller: 40 B).
 */
@ForExperiment("driver")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Thread)
public class SpscHandOutBenchmark {

    static final int RECORD = 64;

    @Param({"mirrored-memfd"})
    public String strategy;

    private QueueBench bench;
    private QueueProducer producer;
    private QueueConsumer consumer;
    private MemorySegment record;
    private MemorySegment destination;

    @Setup(Level.Trial)
    public void setUp() {
        bench = new QueueBench("spsc", strategy, 1 << 16, QueueSpec.variable(RECORD));
        producer = bench.queue.producer();
        consumer = bench.queue.consumer(0);
        record = QueueBench.record(RECORD);
        destination = MemorySegment.ofArray(new byte[RECORD]);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bench.close();
    }

    @Benchmark
    public int claimCommitThenPoll() {
        MemorySegment claim = producer.claim(RECORD);
        if (claim == null) {
            throw new IllegalStateException(strategy + ": an empty queue refused a claim");
        }
        claim.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 42L);
        producer.commit(RECORD);
        return consumer.poll(destination);
    }

    @Benchmark
    public long offerThenPeekRelease() {
        if (!producer.offer(record)) {
            throw new IllegalStateException(strategy + ": an empty queue refused a record");
        }
        MemorySegment r = consumer.peek();
        long v = r.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        consumer.release();
        return v;
    }
}
