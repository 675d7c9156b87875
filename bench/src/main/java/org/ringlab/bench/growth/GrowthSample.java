package org.ringlab.bench.growth;

import java.util.Arrays;
import java.util.Objects;

import org.ringlab.growth.GrowthRun;

/**
 * One repetition of one strategy: {@link GrowthRun.Result} flattened into numbers, so that it
 * travels from a forked JVM to the parent as one JSON record ({@link org.ringlab.bench.harness.Fork}).
 *
 * @param peakRssGrowthBytes peak VmRSS above the baseline during the growth; -1 when unknown
 * @param bytesCopied        -1 when the strategy cannot see its allocator's copies (realloc)
 * @param threadMinorFaults  minor faults of the growing thread from allocation to the last append; -1 when unknown
 * @param movedAtBytes       the buffer's size after each append that moved it
 * @param rssAfterAppend     VmRSS after each append when the run was traced, else empty
 */
public record GrowthSample(String strategy, long finalBytes, long finalCapacity, long baselineRssBytes,
                           long peakRssGrowthBytes, boolean peakReset, long totalNanos, long grows, long moves,
                           long bytesMoved, long bytesCopied, long growthNanos, long threadMinorFaults,
                           long[] movedAtBytes, long[] rssAfterAppend) {

    /** A page of the buffer, as the fault counts are read against it. */
    static final long PAGE = 4096;

    public GrowthSample {
        movedAtBytes = movedAtBytes.clone();
        rssAfterAppend = rssAfterAppend.clone();
    }

    public static GrowthSample of(GrowthRun.Result r) {
        return new GrowthSample(r.strategy(), r.finalBytes(), r.finalCapacity(), r.baselineRssBytes(),
                r.peakRssGrowthBytes(), r.peakReset(), r.totalNanos(), r.counters().grows(), r.counters().moves(),
                r.counters().bytesMoved(), r.counters().bytesCopied(), r.counters().growthNanos(),
                r.threadMinorFaults(), r.movedAtBytes(), r.rssAfterAppend());
    }

    /** Peak resident memory the growth cost, in final sizes; NaN when unknown. */
    public double peakRatio() {
        return peakRssGrowthBytes < 0 ? Double.NaN : (double) peakRssGrowthBytes / finalBytes;
    }

    /** The growing thread's minor faults per page of data; NaN when unknown. */
    public double faultsPerPage() {
        return threadMinorFaults < 0 ? Double.NaN : threadMinorFaults / ((double) finalBytes / PAGE);
    }

    /** How far VmRSS rose across the last append (the step that grew the buffer, in seed 002's 128 MB + 1 byte). */
    public double lastAppendRssRise() {
        int n = rssAfterAppend.length;
        return n < 2 ? Double.NaN : rssAfterAppend[n - 1] - rssAfterAppend[n - 2];
    }

    /** The median rise of VmRSS per append (the first from the baseline); NaN when not traced. */
    public double medianAppendRssRise() {
        int n = rssAfterAppend.length;
        if (n == 0 || baselineRssBytes < 0) {
            return Double.NaN;
        }
        double[] rises = new double[n];
        for (int i = 0; i < n; i++) {
            rises[i] = rssAfterAppend[i] - (i == 0 ? baselineRssBytes : rssAfterAppend[i - 1]);
        }
        Arrays.sort(rises);
        return (n & 1) == 1 ? rises[n / 2] : (rises[n / 2 - 1] + rises[n / 2]) / 2;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GrowthSample s && strategy.equals(s.strategy) && finalBytes == s.finalBytes
                && finalCapacity == s.finalCapacity && baselineRssBytes == s.baselineRssBytes
                && peakRssGrowthBytes == s.peakRssGrowthBytes && peakReset == s.peakReset && totalNanos == s.totalNanos
                && grows == s.grows && moves == s.moves && bytesMoved == s.bytesMoved && bytesCopied == s.bytesCopied
                && growthNanos == s.growthNanos && threadMinorFaults == s.threadMinorFaults
                && Arrays.equals(movedAtBytes, s.movedAtBytes) && Arrays.equals(rssAfterAppend, s.rssAfterAppend);
    }

    @Override
    public int hashCode() {
        return Objects.hash(strategy, finalBytes, totalNanos, Arrays.hashCode(movedAtBytes),
                Arrays.hashCode(rssAfterAppend));
    }

    @Override
    public long[] movedAtBytes() {
        return movedAtBytes.clone();
    }

    @Override
    public long[] rssAfterAppend() {
        return rssAfterAppend.clone();
    }
}
