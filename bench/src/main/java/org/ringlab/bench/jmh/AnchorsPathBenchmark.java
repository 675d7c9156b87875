package org.ringlab.bench.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.ringlab.bench.anchors.AnchorQueue;
import org.ringlab.bench.anchors.Anchors;
import org.ringlab.bench.report.ForExperiment;

/**
 * The instruction path of one record through each anchor: offer then poll on one thread, so no
 * cache line moves between cores and the scheduler cannot run producer and consumer in turns
 * (which dominates {@link AnchorsBenchmark} on a loaded machine). Ranks the code paths; says
 * nothing about the cross-core hand-off. With {@code -prof gc} it shows every anchor's hot path
 * allocation-free ({@code gc.alloc.rate.norm} ≈ 0 B/op), and it is what {@link FfmFloorBenchmark}'s
 * floor is set against (docs/anchors.md). The anchors experiment's one-thread path figure (500,000
 * records a timed call, thread CPU time) is the one its claims judge.
 */
@ForExperiment("anchors")
public class AnchorsPathBenchmark extends JmhRun {

    /**
     * Every anchor, and spsc on the strategy matrix (the strategy resolved through the registry;
     * {@code /cross}: records straddle the seam through the strategy's staging and gather). Any
     * other: {@code -p anchor=spsc@NAME}.
     */
    @Param({"agrona-one-to-one", "jctools-spsc-array", "disruptor", "spsc@mirrored-memfd", "spsc@mirrored-shm",
        "spsc@mirrored-memfd-growable", "spsc@doubled", "spsc@split", "spsc@linearize", "spsc@split/cross",
        "spsc@linearize/cross"})
    public String anchor;

    @Param({"64", "4096"})
    public int recordSize;

    private AnchorQueue queue;
    private byte[] source;
    private byte[] destination;

    @Setup(Level.Trial)
    public void setUp() {
        queue = Anchors.open(anchor, recordSize, 1 << 20);
        source = new byte[recordSize];
        java.util.Arrays.fill(source, (byte) 7);
        destination = new byte[recordSize];
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        queue.close();
    }

    @Benchmark
    public int offerThenPoll() {
        if (!queue.offer(source)) {
            throw new IllegalStateException(anchor + ": an empty queue refused a record");
        }
        return queue.poll(destination);
    }
}
