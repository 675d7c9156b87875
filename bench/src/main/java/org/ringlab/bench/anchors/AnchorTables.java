package org.ringlab.bench.anchors;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.util.Stats;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

/** The anchors experiment's tables and charts, from the figures {@link AnchorsExperiment} gathered. */
final class AnchorTables {

    private static final List<String> LATENCY_COLUMNS = AnchorSamples.LATENCY_COLUMNS;
    private static final int[] SIZES = AnchorSamples.SIZES;

    private AnchorTables() {
    }

    static Table throughputTable(List<String> anchors, Map<Integer, Map<String, double[]>> rate,
                                         Map<Integer, Map<String, double[]>> bandwidth,
                                         Map<Integer, Map<String, double[]>> ratios, int reps) {
        List<String> headers = new ArrayList<>(List.of("anchor"));
        for (int size : SIZES) {
            headers.add(Sizes.format(size) + " records/µs");
            headers.add(Sizes.format(size) + " GB/s");
        }
        headers.add("64B × agrona");
        List<List<String>> rows = new ArrayList<>();
        for (String anchor : anchors) {
            List<String> row = new ArrayList<>(List.of(anchor));
            for (int size : SIZES) {
                row.add(spread(rate.get(size).get(anchor), "%.2f"));
                row.add(spread(bandwidth.get(size).get(anchor), "%.2f"));
            }
            double[] ratio = ratios.get(AnchorsProfile.SMALL_RECORD).get(anchor);
            row.add(ratio == null ? (anchor.equals(Anchors.AGRONA) ? "1" : "-") : spread(ratio, "%.2f"));
            rows.add(row);
        }
        return new Table("Throughput, one producer thread and one consumer thread (median [min–max] of " + reps
                + " repetitions)", headers, rows);
    }

    static Table latencyTable(List<String> anchors, Map<String, double[][]> latency, int reps,
                                      AnchorsProfile profile) {
        List<String> headers = new ArrayList<>(List.of("anchor"));
        LATENCY_COLUMNS.forEach(c -> headers.add(c + " ns"));
        List<List<String>> rows = new ArrayList<>();
        for (String anchor : anchors) {
            List<String> row = new ArrayList<>(List.of(anchor));
            for (double[] column : latency.get(anchor)) {
                row.add(String.format(Locale.ROOT, "%.0f", Stats.of(column).median()));
            }
            rows.add(row);
        }
        return new Table("Round-trip latency, 64-byte records, ping-pong over two queues (median over " + reps
                + " repetitions of " + profile.roundTrips() + " round trips each)", headers, rows);
    }

    static Table pathTable(List<String> anchors, Map<Integer, Map<String, double[]>> path, int reps) {
        List<String> headers = new ArrayList<>(List.of("anchor"));
        for (int size : SIZES) {
            headers.add(Sizes.format(size) + " ns");
        }
        headers.add("64B agrona ÷ this");
        double agrona = path.get(AnchorsProfile.SMALL_RECORD).containsKey(Anchors.AGRONA)
                ? Stats.of(path.get(AnchorsProfile.SMALL_RECORD).get(Anchors.AGRONA)).median() : Double.NaN;
        List<List<String>> rows = new ArrayList<>();
        for (String anchor : anchors) {
            List<String> row = new ArrayList<>(List.of(anchor));
            for (int size : SIZES) {
                row.add(spread(path.get(size).get(anchor), "%.1f"));
            }
            double mine = Stats.of(path.get(AnchorsProfile.SMALL_RECORD).get(anchor)).median();
            row.add(Double.isNaN(agrona) ? "-" : String.format(Locale.ROOT, "%.2f", agrona / mine));
            rows.add(row);
        }
        return new Table("One-thread path: CPU ns per record, offer then poll on one thread (median [min–max] of " + reps
                + " repetitions; CPU time, so it holds on a loaded machine)", headers, rows);
    }

    static String spread(double[] samples, String format) {
        Stats s = Stats.of(samples);
        return String.format(Locale.ROOT, format + " [" + format + "–" + format + "]", s.median(), s.min(), s.max());
    }

    static List<Chart> charts(List<String> anchors, Map<Integer, Map<String, double[]>> rate,
                                      Map<Integer, Map<String, double[]>> bandwidth, Map<String, double[][]> latency,
                                      int[] forks) {
        Map<String, double[]> small = Map.of("records/µs", medians(anchors, rate.get(AnchorsProfile.SMALL_RECORD)));
        Map<String, double[]> large = Map.of("GB/s", medians(anchors, bandwidth.get(AnchorsProfile.LARGE_RECORD)));
        Map<String, double[]> percentiles = new LinkedHashMap<>();
        Map<String, double[][]> latencyForks = new LinkedHashMap<>();
        latency.forEach((anchor, columns) -> {
            double[] values = new double[columns.length];
            for (int c = 0; c < columns.length; c++) {
                values[c] = Stats.of(columns[c]).median();
            }
            percentiles.put(anchor, values);
            latencyForks.put(anchor, forkMedians(columns, forks));
        });
        boolean forked = Arrays.stream(forks).distinct().count() > 1;
        String spread = "whiskers: min–max of the " + forks.length + " repetitions"
                + (forked ? "; dots: each forked JVM's median" : " (one JVM: no per-fork dots)");
        double[][] smallSamples = samples(anchors, rate.get(AnchorsProfile.SMALL_RECORD));
        double[][] largeSamples = samples(anchors, bandwidth.get(AnchorsProfile.LARGE_RECORD));
        return List.of(
                new Chart("Throughput, 64-byte records", Chart.ANCHOR_AXIS, "records per µs", anchors, small, false, false)
                        .withRangeOf(spread, Map.of("records/µs", smallSamples),
                                Map.of("records/µs", forkMedians(smallSamples, forks))),
                new Chart("Bandwidth, 4 KiB records", Chart.ANCHOR_AXIS, "GB/s", anchors, large, false, false)
                        .withRangeOf(spread, Map.of("GB/s", largeSamples), Map.of("GB/s", forkMedians(largeSamples, forks))),
                new Chart("Round-trip latency, 64-byte records", "percentile", "ns (log scale)", LATENCY_COLUMNS,
                        percentiles, true, true).withRangeOf(spread, latency, latencyForks));
    }

    static double[][] samples(List<String> anchors, Map<String, double[]> samples) {
        return anchors.stream().map(samples::get).toArray(double[][]::new);
    }

    /** Per row of samples, its forks' medians (empty rows when there is one fork). */
    static double[][] forkMedians(double[][] rows, int[] forks) {
        return Arrays.stream(rows).map(r -> Chart.forkMedians(r, forks)).toArray(double[][]::new);
    }

    static double[] medians(List<String> anchors, Map<String, double[]> samples) {
        return anchors.stream().mapToDouble(a -> Stats.of(samples.get(a)).median()).toArray();
    }
}
