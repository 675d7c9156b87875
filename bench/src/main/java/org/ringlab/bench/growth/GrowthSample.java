package org.ringlab.bench.growth;

import org.ringlab.growth.GrowthRun;

/**
 * One repetition of one strategy: {@link GrowthRun.Result} flattened into numbers, so that it
 * travels from a forked JVM to the parent as one JSON record ({@link org.ringlab.bench.harness.Fork}).
 *
 * @param peakRssGrowthBytes peak VmRSS above the baseline during the growth; -1 when unknown
 * @param bytesCopied        -1 when the strategy cannot see its allocator's copies (realloc)
 */
public record GrowthSample(String strategy, long finalBytes, long finalCapacity, long baselineRssBytes,
                           long peakRssGrowthBytes, boolean peakReset, long totalNanos, long grows, long moves,
                           long bytesMoved, long bytesCopied, long growthNanos) {

    public static GrowthSample of(GrowthRun.Result r) {
        return new GrowthSample(r.strategy(), r.finalBytes(), r.finalCapacity(), r.baselineRssBytes(),
                r.peakRssGrowthBytes(), r.peakReset(), r.totalNanos(), r.counters().grows(), r.counters().moves(),
                r.counters().bytesMoved(), r.counters().bytesCopied(), r.counters().growthNanos());
    }

    /** Peak resident memory the growth cost, in final sizes; NaN when unknown. */
    public double peakRatio() {
        return peakRssGrowthBytes < 0 ? Double.NaN : (double) peakRssGrowthBytes / finalBytes;
    }

}
