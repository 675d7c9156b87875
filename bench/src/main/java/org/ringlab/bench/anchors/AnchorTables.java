package org.ringlab.bench.anchors;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;

import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.Stats;

/**
 * The anchors experiment's measurements, tables and charts, from every anchor's repetitions over
 * all rounds.
 *
 * @param samples    anchor → its repetitions of every round, round 0's first
 * @param all        every anchor measured, in table order
 * @param twoThreads the anchors whose two-thread figures were measured ({@link AnchorsProfile#measuresTwoThreads})
 * @param forks      per repetition, the round (fork) it came from
 */
record AnchorTables(Map<String, AnchorSamples> samples, List<String> all, List<String> twoThreads, int[] forks) {

    private static final List<String> LATENCY_COLUMNS = AnchorSamples.LATENCY_COLUMNS;
    private static final int[] SIZES = AnchorSamples.SIZES;
    private static final int SMALL = 0;
    private static final int LARGE = 1;

    int reps() {
        return forks.length;
    }

    private double[] of(String anchor, Function<AnchorSamples, double[][]> figure, int row) {
        return figure.apply(samples.get(anchor))[row];
    }

    /** spsc's records/µs over Agrona's, paired by repetition; null unless both ran on two threads. */
    double[] overAgrona(String anchor, int sizeIndex) {
        if (Anchors.strategyOf(anchor) == null || !twoThreads.contains(anchor) || !twoThreads.contains(Anchors.AGRONA)) {
            return null;
        }
        double[] spsc = of(anchor, AnchorSamples::rate, sizeIndex);
        double[] agrona = of(Anchors.AGRONA, AnchorSamples::rate, sizeIndex);
        return IntStream.range(0, spsc.length).mapToDouble(i -> spsc[i] / agrona[i]).toArray();
    }

    /** Every figure as a measurement of {@code experiment}; the drains of {@code mirrored} where it measured them. */
    List<Measurement> measurements(String experiment, String mirrored) {
        List<Measurement> out = new ArrayList<>();
        for (int i = 0; i < SIZES.length; i++) {
            for (String anchor : twoThreads) {
                Map<String, String> labels = labels(anchor, SIZES[i]);
                out.add(new Measurement(experiment, labels, "throughput", "records/us", true, false,
                        of(anchor, AnchorSamples::rate, i), forks));
                out.add(new Measurement(experiment, labels, "bandwidth", "GB/s", true, false,
                        of(anchor, AnchorSamples::bandwidth, i), forks));
            }
        }
        for (int i = 0; i < SIZES.length; i++) {
            for (String anchor : all) {
                Map<String, String> labels = labels(anchor, SIZES[i]);
                out.add(new Measurement(experiment, labels, "one-thread path", "ns CPU/record", false, false,
                        of(anchor, AnchorSamples::path, i), forks));
                if (Anchors.strategyOf(anchor) != null) {
                    out.add(new Measurement(experiment, labels, "mechanism", "ns CPU/record", false, false,
                            of(anchor, AnchorSamples::mechanism, i), forks));
                    out.add(new Measurement(experiment, labels, "mechanism bytes", "bytes/record", false, true,
                            of(anchor, AnchorSamples::mechanismBytes, i), forks));
                }
            }
        }
        for (String anchor : twoThreads) {
            for (int c = 0; c < LATENCY_COLUMNS.size(); c++) {
                out.add(new Measurement(experiment, labels(anchor, AnchorsProfile.SMALL_RECORD),
                        "round trip " + LATENCY_COLUMNS.get(c), "ns", false, false, of(anchor, AnchorSamples::latency, c),
                        forks));
            }
        }
        for (int i = 0; i < SIZES.length; i++) {
            for (String anchor : twoThreads) {
                double[] ratio = overAgrona(anchor, i);
                if (ratio != null) {
                    Map<String, String> labels = labels(anchor, SIZES[i]);
                    labels.put("baseline", Anchors.AGRONA);
                    out.add(new Measurement(experiment, labels, "throughput ratio", "x", true, false, ratio, forks));
                }
            }
        }
        if (mirrored != null && AnchorSamples.measuresDrain(mirrored)) {
            for (int c = 0; c < AnchorSamples.DRAIN_COLUMNS.size(); c++) {
                boolean oneThread = c < DrainRuns.BATCHES.length;
                out.add(new Measurement(experiment, labels(mirrored, AnchorsProfile.SMALL_RECORD),
                        AnchorSamples.DRAIN_COLUMNS.get(c), oneThread ? "ns CPU/record" : "records/us", !oneThread,
                        false, of(mirrored, AnchorSamples::drain, c), forks));
            }
        }
        return out;
    }

    private static Map<String, String> labels(String anchor, int size) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("anchor", anchor);
        labels.put("size", size + " B");
        return labels;
    }

    Table throughputTable() {
        List<String> headers = new ArrayList<>(List.of("anchor"));
        for (int size : SIZES) {
            headers.add(Sizes.format(size) + " records/µs");
            headers.add(Sizes.format(size) + " GB/s");
        }
        headers.add("64B × agrona");
        List<List<String>> rows = new ArrayList<>();
        for (String anchor : twoThreads) {
            List<String> row = new ArrayList<>(List.of(anchor));
            for (int i = 0; i < SIZES.length; i++) {
                row.add(spread(of(anchor, AnchorSamples::rate, i), "%.2f"));
                row.add(spread(of(anchor, AnchorSamples::bandwidth, i), "%.2f"));
            }
            double[] ratio = overAgrona(anchor, SMALL);
            row.add(ratio == null ? (anchor.equals(Anchors.AGRONA) ? "1" : "-") : spread(ratio, "%.2f"));
            rows.add(row);
        }
        return new Table("Throughput, one producer thread and one consumer thread (median [min–max] of " + reps()
                + " repetitions)", headers, rows);
    }

    Table latencyTable(AnchorsProfile profile) {
        List<String> headers = new ArrayList<>(List.of("anchor"));
        LATENCY_COLUMNS.forEach(c -> headers.add(c + " ns"));
        List<List<String>> rows = new ArrayList<>();
        for (String anchor : twoThreads) {
            List<String> row = new ArrayList<>(List.of(anchor));
            for (double[] column : samples.get(anchor).latency()) {
                row.add(String.format(Locale.ROOT, "%.0f", Stats.of(column).median()));
            }
            rows.add(row);
        }
        return new Table("Round-trip latency, 64-byte records, ping-pong over two queues (median over " + reps()
                + " repetitions of " + profile.roundTrips() + " round trips each)", headers, rows);
    }

    Table pathTable() {
        List<String> headers = new ArrayList<>(List.of("anchor"));
        for (int size : SIZES) {
            headers.add(Sizes.format(size) + " ns");
        }
        headers.add("64B agrona ÷ this");
        double agrona = samples.containsKey(Anchors.AGRONA)
                ? Stats.of(of(Anchors.AGRONA, AnchorSamples::path, SMALL)).median() : Double.NaN;
        List<List<String>> rows = new ArrayList<>();
        for (String anchor : all) {
            List<String> row = new ArrayList<>(List.of(anchor));
            for (int i = 0; i < SIZES.length; i++) {
                row.add(spread(of(anchor, AnchorSamples::path, i), "%.1f"));
            }
            double mine = Stats.of(of(anchor, AnchorSamples::path, SMALL)).median();
            row.add(Double.isNaN(agrona) ? "-" : String.format(Locale.ROOT, "%.2f", agrona / mine));
            rows.add(row);
        }
        return new Table("One-thread path: CPU ns per record, offer then poll on one thread (median [min–max] of "
                + reps() + " repetitions; CPU time, so it holds on a loaded machine)", headers, rows);
    }

    static String spread(double[] samples, String format) {
        Stats s = Stats.of(samples);
        return String.format(Locale.ROOT, format + " [" + format + "–" + format + "]", s.median(), s.min(), s.max());
    }

    List<Chart> charts() {
        double[][] small = twoThreads.stream().map(a -> of(a, AnchorSamples::rate, SMALL)).toArray(double[][]::new);
        double[][] large = twoThreads.stream().map(a -> of(a, AnchorSamples::bandwidth, LARGE)).toArray(double[][]::new);
        Map<String, double[]> percentiles = new LinkedHashMap<>();
        Map<String, double[][]> latency = new LinkedHashMap<>();
        Map<String, double[][]> latencyForks = new LinkedHashMap<>();
        for (String anchor : twoThreads) {
            double[][] columns = samples.get(anchor).latency();
            latency.put(anchor, columns);
            percentiles.put(anchor, medians(columns));
            latencyForks.put(anchor, forkMedians(columns));
        }
        boolean forked = Arrays.stream(forks).distinct().count() > 1;
        String spread = "whiskers: min–max of the " + forks.length + " repetitions"
                + (forked ? "; dots: each forked JVM's median" : " (one JVM: no per-fork dots)");
        return List.of(
                new Chart("Throughput, 64-byte records", Chart.ANCHOR_AXIS, "records per µs", twoThreads,
                        Map.of("records/µs", medians(small)), false, false)
                        .withRangeOf(spread, Map.of("records/µs", small), Map.of("records/µs", forkMedians(small))),
                new Chart("Bandwidth, 4 KiB records", Chart.ANCHOR_AXIS, "GB/s", twoThreads,
                        Map.of("GB/s", medians(large)), false, false)
                        .withRangeOf(spread, Map.of("GB/s", large), Map.of("GB/s", forkMedians(large))),
                new Chart("Round-trip latency, 64-byte records", "percentile", "ns (log scale)", LATENCY_COLUMNS,
                        percentiles, true, true).withRangeOf(spread, latency, latencyForks));
    }

    /** Per row of samples, its forks' medians (empty rows when there is one fork). */
    private double[][] forkMedians(double[][] rows) {
        return Arrays.stream(rows).map(r -> Chart.forkMedians(r, forks)).toArray(double[][]::new);
    }

    private static double[] medians(double[][] rows) {
        return Arrays.stream(rows).mapToDouble(r -> Stats.of(r).median()).toArray();
    }
}
