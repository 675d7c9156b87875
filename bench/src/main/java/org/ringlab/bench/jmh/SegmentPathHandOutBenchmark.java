package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.ringlab.api.QueueSpec;
import org.ringlab.bench.report.ForExperiment;

/**
 * The spsc paths that hand the caller a segment of the ring (claim/commit, peek/release) on one
 * thread, on every memory shape, the mirror views ({@code mirrored-memfd}) and the segment path
 * alike: with {@code -prof gc} they show whether the segment is allocated
 * ({@code gc.alloc.rate.norm}): the queue keeps none of them, so where the caller does not
 * either escape analysis removes the strategy's slice and the path is 0 B/op (a segment that
 * escaped its caller: 40 B). Records of 64 bytes in a ring of 1 MiB; {@code seam} pad or cross
 * (they differ on split and linearize).
 */
@ForExperiment("anchors")
public class SegmentPathHandOutBenchmark extends SpscOnOneThread {

    @Param({"doubled", "split", "linearize", "mirrored-memfd-growable", "mirrored-memfd"})
    public String strategy;

    @Param({"pad", "cross"})
    public String seam;

    private final MemorySegment destination = QueueBench.record(64);

    @Override
    QueueBench open() {
        return new QueueBench("spsc", strategy, 1 << 20, QueueSpec.variable(64).withSeam(seam));
    }

    /** A claim of 64 bytes, one long written into it, committed, then polled. */
    @Benchmark
    public int claimCommitThenPoll() {
        MemorySegment claim = producer.claim(64);
        claim.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 7L);
        producer.commit(64);
        return consumer.poll(destination);
    }

    /** An offer of 64 bytes, then a peek reading one long of it, then its release. */
    @Benchmark
    public long offerThenPeekRelease() {
        producer.offer(destination);
        MemorySegment record = consumer.peek();
        long v = record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        consumer.release();
        return v;
    }
}
