package org.ringlab.bench.mapped;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.report.Prose;
import org.ringlab.bench.util.Stats;

/** Seed 004's two tables, its claims and every repetition's figures as an {@link ExperimentResult}. */
final class MappedReport {

    /** The report's prose (mapped.txt beside this class). */
    private static final Prose TEXT = Prose.load(MappedReport.class, "mapped.txt");


    private MappedReport() {
    }

    /**
     * @param rows    the prefault table (empty when not run)
     * @param latency the latency table (empty when not run)
     * @param checksum the record checksum cost table (null when not run)
     * @param skipped what was left out, each with its reason
     */
    static ExperimentResult result(String id, String seed, String profile, long bytes, String dir, int repetitions,
                                   List<PrefaultExperiment.Row> rows, List<LatencyExperiment.Result> latency,
                                   LatencySetup setup, ChecksumCostExperiment.Result checksum,
                                   List<String> skipped) {
        List<Measurement> ms = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (!rows.isEmpty()) {
            for (PrefaultExperiment.Row r : rows) {
                Map<String, String> labels = Map.of("configuration", r.config().label());
                ms.add(new Measurement(id, labels, "write", "ms", false, false, r.writeSamples()));
                ms.add(new Measurement(id, labels, "prefault", "ms", false, false, r.prefaultSamples()));
                ms.add(new Measurement(id, labels, "background", "ms", false, false, r.backgroundSamples()));
                ms.add(new Measurement(id, labels, "writerMinorFaults", "faults", false, true, r.writerFaultSamples()));
                ms.add(new Measurement(id, labels, "processMinorFaults", "faults", false, true, r.processFaultSamples()));
                ms.add(new Measurement(id, labels, "total", "ms", false, false, r.totalSamples()));
            }
            tables.add(prefaultTable(rows, bytes, dir, repetitions));
            notes.add(TEXT.text("prefault.columns"));
            backgroundKept(rows).ifPresent(notes::add);
            notes.add(TEXT.text("prefault.machine"));
            List<String> labels = rows.stream().map(r -> r.config().label()).toList();
            Map<String, double[]> series = new LinkedHashMap<>();
            series.put("total ms", rows.stream().mapToDouble(r -> r.totalMillis().median()).toArray());
            series.put("write ms", rows.stream().mapToDouble(r -> r.writeMillis().median()).toArray());
            series.put("prefault ms", rows.stream().mapToDouble(r -> r.prefaultMillis().median()).toArray());
            Map<String, double[][]> reps = new LinkedHashMap<>();
            reps.put("total ms", rows.stream().map(PrefaultExperiment.Row::totalSamples).toArray(double[][]::new));
            reps.put("write ms", rows.stream().map(PrefaultExperiment.Row::writeSamples).toArray(double[][]::new));
            reps.put("prefault ms", rows.stream().map(PrefaultExperiment.Row::prefaultSamples).toArray(double[][]::new));
            charts.add(new Chart(String.format(Locale.ROOT, "mapped: write %d MiB in 128-byte blocks per prefault"
                    + " configuration (median)", bytes >> 20), "configuration", "ms", labels, series, false, false)
                    .withRangeOf("whiskers: min–max of the repetitions", reps, false));
        }
        if (!latency.isEmpty()) {
            for (LatencyExperiment.Result r : latency) {
                Map<String, String> labels = new LinkedHashMap<>();
                labels.put("configure", r.cell().name());
                labels.put("store", r.cell().store());
                labels.put("pinned", Boolean.toString(r.cell().pinned()));
                ms.add(new Measurement(id, labels, "over1ms", "per mille", false, false, r.over1msSamples()));
                ms.add(new Measurement(id, labels, "mean", "us", false, false, r.meanSamples()));
                ms.add(new Measurement(id, labels, "p50", "us", false, false, r.p50Samples()));
                ms.add(new Measurement(id, labels, "p90", "us", false, false, r.p90Samples()));
                ms.add(new Measurement(id, labels, "p99", "us", false, false, r.p99Samples()));
                ms.add(new Measurement(id, labels, "p99.9", "us", false, false, r.p999Samples()));
                ms.add(new Measurement(id, labels, "max", "us", false, false, r.maxSamples()));
            }
            tables.add(latencyTable(latency, setup));
            List<String> percentiles = List.of("p50", "p90", "p99", "p99.9");
            Map<String, double[]> series = new LinkedHashMap<>();
            for (LatencyExperiment.Result r : latency) {
                series.put(r.cell().name(), new double[] {r.p50().median(), r.p90().median(), r.p99().median(),
                        r.p999().median()});
            }
            Map<String, double[][]> reps = new LinkedHashMap<>();
            for (LatencyExperiment.Result r : latency) {
                reps.put(r.cell().name(), new double[][] {r.p50Samples(), r.p90Samples(), r.p99Samples(),
                        r.p999Samples()});
            }
            charts.add(new Chart("mapped: enqueue → dequeue latency across processes", "percentile", "µs (log)",
                    percentiles, series, true, true).withRangeOf("whiskers: min–max of the repetitions", reps, false));
        }
        if (checksum != null) {
            for (ChecksumCostExperiment.Row r : checksum.rows()) {
                for (ChecksumCostExperiment.Samples k : List.of(r.crc(), r.none())) {
                    Map<String, String> labels = new LinkedHashMap<>();
                    labels.put("recordBytes", Integer.toString(r.recordBytes()));
                    labels.put("checksum", k.kind().name());
                    ms.add(new Measurement(id, labels, "recordWrite", "ns/record", false, false, k.writeNanos()));
                    ms.add(new Measurement(id, labels, "recordRead", "ns/record", false, false, k.readNanos()));
                }
                Map<String, String> labels = Map.of("recordBytes", Integer.toString(r.recordBytes()));
                ms.add(new Measurement(id, labels, "checksumWriteRatio", "CRC32C/NONE", false, false, r.writeRatios()));
                ms.add(new Measurement(id, labels, "checksumReadRatio", "CRC32C/NONE", false, false, r.readRatios()));
            }
            tables.add(checksumTable(checksum));
            notes.add(TEXT.text("checksum"));
        }
        return new ExperimentResult(id, seed, "Seed 004: prefaulting a growing mapped file, and cross-process latency",
                profile, ms, tables, charts, MappedClaims.of(rows, bytes, latency), notes, skipped);
    }

    /** The latency run's parameters, for the table title. */
    record LatencySetup(long messages, long intervalMicros, String writerPolicy, String readerPolicy) {
    }

    static Table prefaultTable(List<PrefaultExperiment.Row> rows, long bytes, String dir, int repetitions) {
        double cold = rows.getFirst().totalMillis().median();
        List<List<String>> cells = new ArrayList<>();
        for (PrefaultExperiment.Row r : rows) {
            PrefaultExperiment.Config c = r.config();
            cells.add(List.of(c.label(), c.seeds() ? c.seedName() + " " + seedFigure("004.prefault-" + c.key() + "-ms")
                            : c.seedName(), f1(r.totalMillis().median()),
                    f1(r.totalMillis().min()) + "–" + f1(r.totalMillis().max()),
                    String.format(Locale.ROOT, "%.2f×", cold / r.totalMillis().median()), f1(r.prefaultMillis().median()),
                    f1(r.writeMillis().median()), f1(r.backgroundMillis().median()),
                    String.format(Locale.ROOT, "%.0f", r.writerFaults().median()),
                    String.format(Locale.ROOT, "%.0f", r.totalFaults().median())));
        }
        return new Table(String.format(Locale.ROOT, "Write %d MiB in 128-byte blocks (%s), median of %d", bytes >> 20, dir,
                repetitions), List.of("configuration", "seed 004 (256 MB, same node)", "total ms", "min–max",
                "speed-up vs none", "prefault ms", "write ms", "background ms", "writer minor faults",
                "process minor faults"), cells);
    }

    /** The seed's figure of catalogue entry {@code id}, as it prints it. */
    private static String seedFigure(String id) {
        return SeedCatalogue.load(MappedClaims.SEED).result(id).seedFigure();
    }

    static Table latencyTable(List<LatencyExperiment.Result> results, LatencySetup s) {
        List<List<String>> cells = new ArrayList<>();
        for (LatencyExperiment.Result r : results) {
            LatencyExperiment.Cell c = r.cell();
            cells.add(List.of(c.name(), c.store(), c.pinned() ? "Y" : "N",
                    String.format(Locale.ROOT, "%.2f", r.over1msPerMille()), f1(r.mean().median()), f1(r.p50().median()),
                    f1(r.p90().median()), f1(r.p99().median()), f1(r.p999().median()),
                    String.format(Locale.ROOT, "%.0f", r.max().median()), MappedClaims.COLUMNS.stream()
                            .map(col -> seedFigure("004.latency-" + c.key() + "-" + col))
                            .collect(java.util.stream.Collectors.joining(", "))));
        }
        return new Table(String.format(Locale.ROOT, "Enqueue → dequeue across processes, %d messages of 128 bytes every"
                        + " %d µs (writer %s, reader %s, busy-polling reader)", s.messages(), s.intervalMicros(),
                s.writerPolicy(), s.readerPolicy()), List.of("configure", "store", "bind_core", ">1ms (‰)", "mean (µs)",
                "p50", "p90", "p99", "p99.9", "max", "seed 004"), cells);
    }

    static Table checksumTable(ChecksumCostExperiment.Result c) {
        List<List<String>> cells = new ArrayList<>();
        for (ChecksumCostExperiment.Row r : c.rows()) {
            double crcWrite = Stats.median(r.crc().writeNanos());
            double noneWrite = Stats.median(r.none().writeNanos());
            double crcRead = Stats.median(r.crc().readNanos());
            double noneRead = Stats.median(r.none().readNanos());
            cells.add(List.of(Integer.toString(r.recordBytes()), f1(crcWrite), f1(noneWrite),
                    String.format(Locale.ROOT, "%.2f×", Stats.median(r.writeRatios())), f1(crcWrite - noneWrite),
                    f1(crcRead), f1(noneRead), String.format(Locale.ROOT, "%.2f×", Stats.median(r.readRatios())),
                    f1(crcRead - noneRead)));
        }
        return new Table(String.format(Locale.ROOT, "Record checksum cost: %d records per sample (%s, populated chunk),"
                        + " ns per record, median of %d interleaved repetitions", c.records(), c.dir(), c.repetitions()),
                List.of("record bytes", "write CRC32C", "write NONE", "write ratio", "write cost (ns)", "read CRC32C",
                        "read NONE", "read ratio", "read cost (ns)"), cells);
    }

    private static java.util.Optional<String> backgroundKept(List<PrefaultExperiment.Row> rows) {
        PrefaultExperiment.Row none = find(rows, "none (paced");
        PrefaultExperiment.Row background = find(rows, "background (paced");
        PrefaultExperiment.Row populate = find(rows, "populate");
        if (none == null || background == null || populate == null) {
            return java.util.Optional.empty();
        }
        double gain = none.writeMillis().median() - populate.writeMillis().median();
        return java.util.Optional.of(String.format(Locale.ROOT, "Background, paced: %.0f%% of populate's gain kept"
                        + " ((none paced − background paced) / (none paced − populate) = (%.1f − %.1f) / (%.1f − %.1f)).",
                100 * (none.writeMillis().median() - background.writeMillis().median()) / gain,
                none.writeMillis().median(), background.writeMillis().median(), none.writeMillis().median(),
                populate.writeMillis().median()));
    }

    private static PrefaultExperiment.Row find(List<PrefaultExperiment.Row> rows, String labelStart) {
        return rows.stream().filter(r -> r.config().label().equals(labelStart) || (labelStart.endsWith("(paced")
                && r.config().label().startsWith(labelStart))).findFirst().orElse(null);
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
