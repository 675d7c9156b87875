package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.bench.report.ForExperiment;

/**
 * Seed 001's batch processing: 32 records offered in one batch (one publish), then consumed
 * either with one {@code drain(…, 32)} (one release store) or 32 {@code drain(…, 1)} calls
 * (a release store each). ns per record, offers included (half the time or so, which pulls
 * the ratio towards 1); the anchors experiment times the drains alone, and its figure is the
 * one the report's drain comparison judges.
 */
@ForExperiment("driver")
public class DrainBatchBenchmark extends SpscOnOneThread {

    static final int RECORDS = 32;

    @Param({"mirrored-memfd"})
    public String strategy;

    @Param({"1", "32"})
    public int batch;

    private final MemorySegment[] records = java.util.stream.Stream.generate(() -> QueueBench.record(64))
            .limit(RECORDS).toArray(MemorySegment[]::new);
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

    @Override
    QueueBench open() {
        return new QueueBench("spsc", strategy, 1 << 16, QueueSpec.variable(64));
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
