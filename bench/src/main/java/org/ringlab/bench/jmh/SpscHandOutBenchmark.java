package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
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
public class SpscHandOutBenchmark extends SpscOnOneThread {

    static final int RECORD = 64;

    @Param({"mirrored-memfd"})
    public String strategy;

    private final MemorySegment record = QueueBench.record(RECORD);
    private final MemorySegment destination = MemorySegment.ofArray(new byte[RECORD]);

    @Override
    QueueBench open() {
        return new QueueBench("spsc", strategy, 1 << 16, QueueSpec.variable(RECORD));
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
