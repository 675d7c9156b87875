package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
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
 * Does a queue shape's speed depend on what else ran in the JVM? Every shape's one-thread path
 * (offer then poll of one 64-byte record, as {@link AnchorsPathBenchmark}'s), measured in a
 * fresh JVM where it runs {@code alone}, and in one where every other shape of {@link #SHAPES}
 * first ran the same path for {@link #POLLUTION_RECORDS} records ({@code after-others}): long
 * enough for the JIT to compile and profile whatever code the shapes share. A shape whose
 * per-record path is its own class's code costs the same in both; one that calls steps
 * overridden per shape pays for the calls the JIT can no longer inline.
 * <p>
 * The other shapes run through {@link #drive}, a method the measured loop never calls: what
 * they pollute is the queues' code, not this benchmark's call site. A shape is
 * {@code DISCIPLINE@STRATEGY}, {@code spsc-fixed@…} for fixed-size records.
 */
@ForExperiment("anchors")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx1g"})
@State(Scope.Thread)
public class ShapePollutionBenchmark {

    /** The shapes, one per final queue class the disciplines pick on these strategies. */
    static final String[] SHAPES = {"spsc@mirrored-memfd", "spsc@mirrored-memfd-growable", "spsc@doubled",
        "spsc@split", "spsc@linearize", "spsc-fixed@mirrored-memfd", "spsc-fixed@split", "broadcast@mirrored-memfd",
        "broadcast@doubled", "broadcast@split", "napi@mirrored-memfd", "copy-per-consumer@mirrored-memfd",
        "locked-list@split"};

    /** Records each other shape runs before the measured one: well past C2's compile thresholds. */
    static final int POLLUTION_RECORDS = 300_000;

    private static final long CAPACITY = 1 << 20;
    private static final int RECORD = 64;

    @Param({"spsc@mirrored-memfd", "spsc@mirrored-memfd-growable", "spsc@doubled", "spsc@split", "spsc@linearize",
        "spsc-fixed@mirrored-memfd", "spsc-fixed@split", "broadcast@mirrored-memfd", "broadcast@doubled",
        "broadcast@split", "napi@mirrored-memfd", "copy-per-consumer@mirrored-memfd", "locked-list@split"})
    public String shape;

    /** {@code alone}: only {@link #shape} runs in this JVM; {@code after-others}: every other shape ran first. */
    @Param({"alone", "after-others"})
    public String jvm;

    private QueueBench bench;
    private QueueProducer producer;
    private QueueConsumer consumer;
    private MemorySegment source;
    private MemorySegment destination;

    @Setup(Level.Trial)
    public void setUp() {
        source = QueueBench.record(RECORD);
        destination = MemorySegment.ofArray(new byte[RECORD]);
        switch (jvm) {
            case "alone" -> { }
            case "after-others" -> pollute();
            default -> throw new IllegalArgumentException("jvm must be 'alone' or 'after-others', got '" + jvm + "'");
        }
        bench = open(shape);
        producer = bench.queue.producer();
        consumer = bench.queue.consumer(0);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bench.close();
    }

    @Benchmark
    public int offerThenPoll() {
        if (!producer.offer(source)) {
            throw new IllegalStateException(shape + ": an empty queue refused a record");
        }
        return consumer.poll(destination);
    }

    /** Every shape but {@link #shape}, each through {@link #drive} for {@link #POLLUTION_RECORDS} records. */
    private void pollute() {
        List<String> others = new ArrayList<>(List.of(SHAPES));
        if (!others.remove(shape)) {
            throw new IllegalArgumentException("unknown shape '" + shape + "'; known: " + others);
        }
        for (String other : others) {
            try (QueueBench q = open(other)) {
                drive(q.queue.producer(), q.queue.consumer(0), source, destination, POLLUTION_RECORDS);
            }
        }
    }

    /** The measured path, run by the shapes that pollute; never by the measured loop. */
    static long drive(QueueProducer producer, QueueConsumer consumer, MemorySegment src, MemorySegment dst,
                      int records) {
        long sum = 0;
        for (int i = 0; i < records; i++) {
            if (!producer.offer(src)) {
                throw new IllegalStateException("an empty queue refused a record");
            }
            sum += consumer.poll(dst);
        }
        return sum;
    }

    /** {@code DISCIPLINE@STRATEGY}, or {@code spsc-fixed@STRATEGY} for spsc with fixed-size records. */
    static QueueBench open(String shape) {
        int at = shape.indexOf('@');
        if (at <= 0 || at == shape.length() - 1) {
            throw new IllegalArgumentException("a shape is DISCIPLINE@STRATEGY, got '" + shape + "'");
        }
        String discipline = shape.substring(0, at);
        String strategy = shape.substring(at + 1);
        if (discipline.equals("spsc-fixed")) {
            return new QueueBench("spsc", strategy, CAPACITY, QueueSpec.fixed(RECORD));
        }
        return new QueueBench(discipline, strategy, CAPACITY, QueueSpec.variable(RECORD));
    }
}
