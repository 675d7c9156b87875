package org.ringlab.bench.report;

import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.bench.util.Stats;

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
 * @param forks          per sample, the forked JVM (0, 1, …) it was measured in: {@code ringlab diff}
 *                       and the claims resample forks as well as repetitions
 */
public record Measurement(String experiment, Map<String, String> labels, String metric, String unit,
                          boolean higherIsBetter, boolean deterministic, double[] samples, int[] forks) {

    public Measurement {
        labels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        samples = samples.clone();
        forks = forks.clone();
        if (samples.length == 0) {
            throw new IllegalArgumentException("a measurement needs at least one sample: " + experiment + " " + labels
                    + " " + metric);
        }
        if (forks.length != samples.length) {
            throw new IllegalArgumentException("measurement " + experiment + " " + labels + " " + metric + ": "
                    + forks.length + " fork indices for " + samples.length + " samples");
        }
        for (int f : forks) {
            if (f < 0) {
                throw new IllegalArgumentException("measurement " + experiment + " " + labels + " " + metric
                        + ": fork index " + f + " < 0");
            }
        }
    }

    /** Every sample from one JVM (fork 0). */
    public Measurement(String experiment, Map<String, String> labels, String metric, String unit,
                       boolean higherIsBetter, boolean deterministic, double[] samples) {
        this(experiment, labels, metric, unit, higherIsBetter, deterministic, samples, new int[samples.length]);
    }

    /** One group of samples per fork, fork {@code i} = {@code groups.get(i)}. */
    public static Measurement ofForks(String experiment, Map<String, String> labels, String metric, String unit,
                                      boolean higherIsBetter, boolean deterministic, java.util.List<double[]> groups) {
        int n = groups.stream().mapToInt(g -> g.length).sum();
        double[] samples = new double[n];
        int[] forks = new int[n];
        int k = 0;
        for (int f = 0; f < groups.size(); f++) {
            for (double v : groups.get(f)) {
                samples[k] = v;
                forks[k++] = f;
            }
        }
        return new Measurement(experiment, labels, metric, unit, higherIsBetter, deterministic, samples, forks);
    }

    /** The samples grouped by fork, in fork order (empty forks left out). */
    public java.util.List<double[]> groups() {
        java.util.TreeMap<Integer, java.util.List<Double>> by = new java.util.TreeMap<>();
        for (int i = 0; i < samples.length; i++) {
            by.computeIfAbsent(forks[i], f -> new java.util.ArrayList<>()).add(samples[i]);
        }
        return by.values().stream().map(l -> l.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    /** How many forked JVMs the samples came from. */
    public int forkCount() {
        return (int) java.util.Arrays.stream(forks).distinct().count();
    }

    /** Labels from alternating keys and values, in that order: {@code labels("strategy", s, "size", "64 B")}. */
    public static Map<String, String> labels(String... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in key/value pairs, got " + keyValues.length + " strings");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
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

    /**
     * Relative spread of the repetitions, (q3 − q1) / median; 0 for a counter that did not
     * move, NaN when the median is 0 or there is a single sample.
     */
    public double spread() {
        Stats s = stats();
        if (s.n() < 2 || s.median() == 0) {
            return s.n() >= 2 && s.q1() == s.q3() ? 0 : Double.NaN;
        }
        return (s.q3() - s.q1()) / Math.abs(s.median());
    }

    /** Highest spread still called "stable": the middle half of the repetitions within 5% of the median. */
    public static final double STABLE_SPREAD = 0.05;
    /** Above this the figure is called "noisy"; between the two "moderate". */
    public static final double NOISY_SPREAD = 0.15;

    /**
     * How far this figure can be trusted, in words for the report: {@code stable},
     * {@code moderate}, {@code noisy}, {@code exact} (a counter), or {@code single sample}.
     */
    public String stability() {
        double spread = spread();
        if (deterministic && (samples.length == 1 || spread == 0)) {
            return "exact";
        }
        if (samples.length < 2) {
            return "single sample";
        }
        if (Double.isNaN(spread)) {
            return "unknown (median 0)";
        }
        return spread <= STABLE_SPREAD ? "stable" : spread <= NOISY_SPREAD ? "moderate" : "noisy";
    }

    private static final java.util.regex.Pattern TIME = java.util.regex.Pattern.compile("(ns|us|µs|ms|s)([ /].*)?");
    private static final java.util.regex.Pattern RATE = java.util.regex.Pattern.compile(".+/(ns|us|µs|ms|s)");

    /**
     * A timing: not a counter, and its unit a time ({@code ns/put}, {@code ns CPU/record},
     * {@code ms}) or a rate per time ({@code GB/s}, {@code records/us}). These are the figures a
     * slower VM moves and a {@link Reference} normalises; a ratio ({@code x}), a share
     * ({@code %}) or a count per record is left as measured.
     */
    public boolean timed() {
        return !deterministic && (TIME.matcher(unit).matches() || RATE.matcher(unit).matches());
    }

    /** {@code lower is better} / {@code higher is better}, as results.json spells the direction. */
    public String direction() {
        return higherIsBetter ? "higher-is-better" : "lower-is-better";
    }

    /** {@code spsc × mirrored-memfd × 64 B}: the label values joined for tables and progress. */
    public String combination() {
        return String.join(" × ", labels.values());
    }
}
