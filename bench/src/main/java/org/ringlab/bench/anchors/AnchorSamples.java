package org.ringlab.bench.anchors;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * Every repetition of one anchor: records/µs and GB/s per record size, round-trip latency
 * percentiles. What a child JVM measures for one anchor ({@link AnchorsChild}) and sends its
 * parent as one JSON record: a component added here travels with no other change.
 *
 * @param rate      [size index][repetition] records per µs
 * @param bandwidth [size index][repetition] GB/s
 * @param latency   [column of {@link #LATENCY_COLUMNS}][repetition] ns
 * @param path      [size index][repetition] CPU ns per record, offer then poll on one thread
 */
record AnchorSamples(double[][] rate, double[][] bandwidth, double[][] latency, double[][] path) {

    /** The record sizes, in table order. */
    static final int[] SIZES = {AnchorsProfile.SMALL_RECORD, AnchorsProfile.LARGE_RECORD};
    static final List<String> LATENCY_COLUMNS = List.of("p50", "p90", "p99", "p99.9", "max");
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    static AnchorSamples empty(int reps) {
        return new AnchorSamples(new double[SIZES.length][reps], new double[SIZES.length][reps],
                new double[LATENCY_COLUMNS.size()][reps], new double[SIZES.length][reps]);
    }

    static long throughputTimeoutMillis(long records) {
        return TimeUnit.SECONDS.toMillis(60) + records * 20 / 1_000;
    }

    static long latencyTimeoutMillis(AnchorsProfile profile) {
        return TimeUnit.SECONDS.toMillis(60) + (long) (profile.roundTrips() + profile.roundTripWarmup()) * 200 / 1_000;
    }

    /** One throughput repetition of {@code anchor} (a fresh queue), stored as repetition {@code rep} unless negative (warm-up). */
    void measureThroughput(String anchor, int sizeIndex, int rep, AnchorsProfile profile) {
        int size = SIZES[sizeIndex];
        long records = profile.records(size);
        AnchorDriver.Throughput t;
        try (AnchorQueue queue = Anchors.open(anchor, size, AnchorsProfile.RING_BYTES)) {
            t = AnchorDriver.throughput(queue, records, throughputTimeoutMillis(records));
        }
        if (rep >= 0) {
            rate[sizeIndex][rep] = t.recordsPerMicrosecond();
            bandwidth[sizeIndex][rep] = t.gigabytesPerSecond(size);
        }
    }

    /** One latency repetition of {@code anchor}: ping-pong over two fresh queues of 64-byte records. */
    void measureLatency(String anchor, int rep, AnchorsProfile profile) {
        Histogram histogram = new Histogram(AnchorDriver.HIGHEST_TRACKABLE_NANOS, 3);
        int size = AnchorsProfile.SMALL_RECORD;
        try (AnchorQueue ping = Anchors.open(anchor, size, AnchorsProfile.RING_BYTES);
             AnchorQueue pong = Anchors.open(anchor, size, AnchorsProfile.RING_BYTES)) {
            AnchorDriver.roundTrips(ping, pong, profile.roundTripWarmup(), profile.roundTrips(), histogram,
                    latencyTimeoutMillis(profile));
        }
        for (int p = 0; p < PERCENTILES.length; p++) {
            latency[p][rep] = histogram.getValueAtPercentile(PERCENTILES[p]);
        }
        latency[PERCENTILES.length][rep] = histogram.getMaxValue();
    }

    /**
     * One path repetition: offer then poll {@code records(size)} records on this thread, as CPU
     * time of this thread per record. CPU time, not wall time: a preemption by another process
     * does not count, so the figure holds on a loaded machine where the two-thread figures don't.
     */
    void measurePath(String anchor, int sizeIndex, int rep, AnchorsProfile profile) {
        int size = SIZES[sizeIndex];
        long records = profile.records(size);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (AnchorQueue queue = Anchors.open(anchor, size, AnchorsProfile.RING_BYTES)) {
            byte[] src = new byte[size];
            byte[] dst = new byte[size];
            long start = threads.getCurrentThreadCpuTime();
            for (long seq = 0; seq < records; seq++) {
                AnchorDriver.stamp(src, size, seq);
                if (!queue.offer(src)) {
                    throw new IllegalStateException(anchor + ": an empty queue refused record " + seq);
                }
                if (queue.poll(dst) != size || AnchorDriver.sequenceOf(dst, size, anchor) != seq) {
                    throw new IllegalStateException(anchor + ": record " + seq + " did not come back whole");
                }
            }
            long cpu = threads.getCurrentThreadCpuTime() - start;
            if (start < 0 || cpu <= 0) {
                throw new IllegalStateException("thread CPU time is not measurable here (JVM returned " + start + ")");
            }
            if (rep >= 0) {
                path[sizeIndex][rep] = (double) cpu / records;
            }
        }
    }

    /** Everything for one anchor, in this JVM: per size a warm-up then the repetitions, then the latency repetitions. */
    static AnchorSamples measure(String anchor, AnchorsProfile profile) {
        AnchorSamples s = empty(profile.repetitions());
        for (int i = 0; i < SIZES.length; i++) {
            for (int rep = -1; rep < profile.repetitions(); rep++) {
                s.measureThroughput(anchor, i, rep, profile);
            }
        }
        for (int rep = 0; rep < profile.repetitions(); rep++) {
            s.measureLatency(anchor, rep, profile);
        }
        for (int i = 0; i < SIZES.length; i++) {
            for (int rep = -1; rep < profile.repetitions(); rep++) {
                s.measurePath(anchor, i, rep, profile);
            }
        }
        return s;
    }

    @Override
    public String toString() {
        return "AnchorSamples[rate=" + Arrays.deepToString(rate) + ", bandwidth=" + Arrays.deepToString(bandwidth)
                + ", latency=" + Arrays.deepToString(latency) + ", path=" + Arrays.deepToString(path) + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AnchorSamples other && Arrays.deepEquals(rate, other.rate)
                && Arrays.deepEquals(bandwidth, other.bandwidth) && Arrays.deepEquals(latency, other.latency)
                && Arrays.deepEquals(path, other.path);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(new Object[] {rate, bandwidth, latency, path});
    }
}
