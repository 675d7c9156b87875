package org.ringlab.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.ringlab.bench.anchors.AnchorQueue;
import org.ringlab.bench.anchors.Anchors;
import org.ringlab.bench.report.ForExperiment;

/**
 * Rigorous mode of the {@code anchors} experiment: one producer thread offering and one
 * consumer thread polling records of {@code recordSize} bytes through one anchor
 * ({@code agrona-one-to-one}, {@code jctools-spsc-array}, {@code disruptor}, or
 * {@code spsc@STRATEGY} with the strategy resolved through the registry), each in its own
 * forked JVM so no anchor's call profile pollutes another's. The consumer's {@code records}
 * counter is the throughput; failed offers and empty polls are auxiliary counters. Other
 * strategies: {@code -p anchor=spsc@NAME}. {@link AnchorsPathBenchmark} times the same records
 * through each anchor on one thread. The anchors experiment's forked throughput is the figure
 * its claims judge; this is the cross-check in JMH's forks, in a report of its own.
 */
@ForExperiment("anchors")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class AnchorsBenchmark extends JmhRun {

    /** Two threads share the ring: no {@code /cross} anchor (a linearizing reader would rotate it under the writer). */
    @Param({"agrona-one-to-one", "jctools-spsc-array", "disruptor", "spsc@mirrored-memfd", "spsc@doubled", "spsc@split",
        "spsc@linearize"})
    public String anchor;

    @Param({"64", "4096"})
    public int recordSize;

    private AnchorQueue queue;

    @Setup(Level.Trial)
    public void setUp() {
        queue = Anchors.open(anchor, recordSize, 1 << 20);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        queue.close();
    }

    /** The producer's record, filled once. */
    @State(Scope.Thread)
    public static class Source {
        byte[] bytes;

        @Setup(Level.Trial)
        public void setUp(AnchorsBenchmark benchmark) {
            bytes = new byte[benchmark.recordSize];
            java.util.Arrays.fill(bytes, (byte) 7);
        }
    }

    /** The consumer's destination. */
    @State(Scope.Thread)
    public static class Destination {
        byte[] bytes;

        @Setup(Level.Trial)
        public void setUp(AnchorsBenchmark benchmark) {
            bytes = new byte[benchmark.recordSize];
        }
    }

    @Benchmark
    @Group("pc")
    public void produce(Source source, TwoThreadCounters.Producer counters) {
        if (!queue.offer(source.bytes)) {
            counters.failedOffers++;
        }
    }

    @Benchmark
    @Group("pc")
    public void consume(Destination destination, TwoThreadCounters.Consumer counters) {
        if (queue.poll(destination.bytes) == AnchorQueue.EMPTY) {
            counters.emptyPolls++;
        } else {
            counters.records++;
        }
    }
}
