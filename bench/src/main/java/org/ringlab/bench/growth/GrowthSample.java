package org.ringlab.bench.growth;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.ringlab.growth.GrowthRun;

/**
 * One repetition of one strategy: {@link GrowthRun.Result} flattened into numbers, so that it
 * travels from a forked JVM to the parent as one text line.
 *
 * @param peakRssGrowthBytes peak VmRSS above the baseline during the growth; -1 when unknown
 * @param bytesCopied        -1 when the strategy cannot see its allocator's copies (realloc)
 */
public record GrowthSample(String strategy, long finalBytes, long finalCapacity, long baselineRssBytes,
                           long peakRssGrowthBytes, boolean peakReset, long totalNanos, long grows, long moves,
                           long bytesMoved, long bytesCopied, long growthNanos) {

    public static final String LINE_PREFIX = "RINGLAB-GROWTH ";

    public static GrowthSample of(GrowthRun.Result r) {
        return new GrowthSample(r.strategy(), r.finalBytes(), r.finalCapacity(), r.baselineRssBytes(),
                r.peakRssGrowthBytes(), r.peakReset(), r.totalNanos(), r.counters().grows(), r.counters().moves(),
                r.counters().bytesMoved(), r.counters().bytesCopied(), r.counters().growthNanos());
    }

    /** Peak resident memory the growth cost, in final sizes; NaN when unknown. */
    public double peakRatio() {
        return peakRssGrowthBytes < 0 ? Double.NaN : (double) peakRssGrowthBytes / finalBytes;
    }

    /** One line of {@code key=value} pairs separated by {@code ;} (names are kebab-case, so safe). */
    public String toLine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("strategy", strategy);
        m.put("final", Long.toString(finalBytes));
        m.put("capacity", Long.toString(finalCapacity));
        m.put("baseline", Long.toString(baselineRssBytes));
        m.put("peak", Long.toString(peakRssGrowthBytes));
        m.put("reset", Boolean.toString(peakReset));
        m.put("nanos", Long.toString(totalNanos));
        m.put("grows", Long.toString(grows));
        m.put("moves", Long.toString(moves));
        m.put("moved", Long.toString(bytesMoved));
        m.put("copied", Long.toString(bytesCopied));
        m.put("growthNanos", Long.toString(growthNanos));
        return LINE_PREFIX + m.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";"));
    }

    /** The inverse of {@link #toLine()}. */
    public static GrowthSample parse(String line) {
        if (!line.startsWith(LINE_PREFIX)) {
            throw new IllegalArgumentException("not a growth sample line: " + line);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String pair : line.substring(LINE_PREFIX.length()).trim().split(";")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("malformed growth sample field '" + pair + "' in: " + line);
            }
            m.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return new GrowthSample(get(m, "strategy"), number(m, "final"), number(m, "capacity"), number(m, "baseline"),
                number(m, "peak"), Boolean.parseBoolean(get(m, "reset")), number(m, "nanos"), number(m, "grows"),
                number(m, "moves"), number(m, "moved"), number(m, "copied"), number(m, "growthNanos"));
    }

    private static long number(Map<String, String> m, String key) {
        return Long.parseLong(get(m, key));
    }

    private static String get(Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) {
            throw new IllegalArgumentException("growth sample has no '" + key + "' field");
        }
        return v;
    }
}
