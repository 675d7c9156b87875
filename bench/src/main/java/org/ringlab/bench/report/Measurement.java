package org.ringlab.bench.report;

import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.bench.history.Stats;

/**
 * One measured figure of one combination, with every repetition kept so medians, spreads and
 * {@code ringlab diff}'s confidence intervals can be computed from it.
 *
 * @param experiment     the experiment id
 * @param labels         what identifies the combination, in display order
 *                       ({@code strategy=mirrored-memfd, discipline=spsc, size=64 B})
 * @param metric         what was measured ({@code write}, {@code throughput}, {@code peakRssRatio})
 * @param unit           its unit ({@code ns/element}, {@code records/us}, {@code GB/s}, {@code x}, {@code bytes})
 * @param higherIsBetter direction, for diff verdicts and "winner" columns
 * @param deterministic  a counter (bytes copied, page faults, resident pages) rather than a timing
 * @param samples        one value per repetition
 */
public record Measurement(String experiment, Map<String, String> labels, String metric, String unit,
                          boolean higherIsBetter, boolean deterministic, double[] samples) {

    public Measurement {
        labels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        samples = samples.clone();
        if (samples.length == 0) {
            throw new IllegalArgumentException("a measurement needs at least one sample: " + experiment + " " + labels
                    + " " + metric);
        }
    }

    public Stats stats() {
        return Stats.of(samples);
    }

    public double median() {
        return stats().median();
    }

    /** A stable key for matching the same measurement across two runs. */
    public String key() {
        StringBuilder b = new StringBuilder(experiment);
        labels.forEach((k, v) -> b.append('|').append(k).append('=').append(v));
        return b.append('|').append(metric).toString();
    }

    /** {@code spsc × mirrored-memfd × 64 B}: the label values joined for tables and progress. */
    public String combination() {
        return String.join(" × ", labels.values());
    }
}
