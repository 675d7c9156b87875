package org.ringlab.bench.mapped;

import static org.ringlab.bench.util.Stats.median;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.report.Prose;
import org.ringlab.bench.util.ProfileNames;
import org.ringlab.bench.util.Stats;

/** Seed 004's tables, its claims and every repetition's figures as an {@link ExperimentResult}. */
final class MappedReport {

    /** The report's prose (mapped.txt beside this class). */
    static final Prose TEXT = Prose.load(MappedReport.class, "mapped.txt");
    private static final String WHISKERS = "whiskers: min–max of the repetitions";

    private MappedReport() {
    }

    /**
     * @param rows     the prefault table (empty when not run)
     * @param latency  the latency table (empty when not run)
     * @param checksum the record checksum cost table (null when not run)
     * @param skipped  what was left out, each with its reason
     */
    static ExperimentResult result(String id, String seed, MappedExperiment.Setup s, List<PrefaultExperiment.Row> rows,
                                   List<LatencyExperiment.Result> latency, ChecksumCostExperiment.Result checksum,
                                   List<String> skipped) {
        List<Measurement> ms = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (!rows.isEmpty()) {
            for (PrefaultExperiment.Row r : rows) {
                Map<String, String> l = Map.of("configuration", r.config().label());
                ms.addAll(List.of(m(id, l, "write", "ms", r.write()), m(id, l, "prefault", "ms", r.prefault()),
                        m(id, l, "background", "ms", r.background()),
                        m(id, l, "writerMinorFaults", "faults", r.writerFaults()),
                        m(id, l, "processMinorFaults", "faults", r.processFaults()), m(id, l, "total", "ms", r.total())));
            }
            tables.add(prefaultTable(rows, s));
            notes.add(TEXT.text("prefault.columns"));
            backgroundKept(rows).ifPresent(notes::add);
            notes.add(TEXT.text("prefault.machine"));
            Map<String, double[]> series = new LinkedHashMap<>();
            Map<String, double[][]> reps = new LinkedHashMap<>();
            List<Map.Entry<String, Function<PrefaultExperiment.Row, double[]>>> shown = List.of(
                    Map.entry("total ms", PrefaultExperiment.Row::total), Map.entry("write ms", PrefaultExperiment.Row::write),
                    Map.entry("prefault ms", PrefaultExperiment.Row::prefault));
            for (var e : shown) {
                reps.put(e.getKey(), rows.stream().map(e.getValue()).toArray(double[][]::new));
                series.put(e.getKey(), Arrays.stream(reps.get(e.getKey())).mapToDouble(Stats::median).toArray());
            }
            charts.add(new Chart(TEXT.text("prefault.chart", s.bytes() >> 20), "configuration", "ms",
                    rows.stream().map(r -> r.config().label()).toList(), series, false, false)
                    .withRangeOf(WHISKERS, reps, false));
        }
        if (!latency.isEmpty()) {
            Map<String, double[]> series = new LinkedHashMap<>();
            Map<String, double[][]> reps = new LinkedHashMap<>();
            for (LatencyExperiment.Result r : latency) {
                Map<String, String> l = Measurement.labels("configure", r.cell().name(), "store", r.cell().store(),
                        "pinned", Boolean.toString(r.cell().pinned()));
                ms.addAll(List.of(m(id, l, "over1ms", "per mille", r.over1msPerMille()), m(id, l, "mean", "us", r.mean()),
                        m(id, l, "p50", "us", r.p50()), m(id, l, "p90", "us", r.p90()), m(id, l, "p99", "us", r.p99()),
                        m(id, l, "p99.9", "us", r.p999()), m(id, l, "max", "us", r.max())));
                reps.put(r.cell().name(), new double[][] {r.p50(), r.p90(), r.p99(), r.p999()});
                series.put(r.cell().name(), Arrays.stream(reps.get(r.cell().name())).mapToDouble(Stats::median).toArray());
            }
            tables.add(latencyTable(latency, s));
            charts.add(new Chart("mapped: enqueue → dequeue latency across processes", "percentile", "µs (log)",
                    List.of("p50", "p90", "p99", "p99.9"), series, true, true).withRangeOf(WHISKERS, reps, false));
        }
        if (checksum != null) {
            for (ChecksumCostExperiment.Row r : checksum.rows()) {
                for (ChecksumCostExperiment.Samples k : List.of(r.crc(), r.none())) {
                    Map<String, String> l = Measurement.labels("recordBytes", Integer.toString(r.recordBytes()),
                            "checksum", k.kind().name());
                    ms.add(m(id, l, "recordWrite", "ns/record", k.writeNanos()));
                    ms.add(m(id, l, "recordRead", "ns/record", k.readNanos()));
                }
                Map<String, String> l = Map.of("recordBytes", Integer.toString(r.recordBytes()));
                ms.add(m(id, l, "checksumWriteRatio", "CRC32C/NONE", r.writeRatios()));
                ms.add(m(id, l, "checksumReadRatio", "CRC32C/NONE", r.readRatios()));
            }
            tables.add(checksumTable(checksum));
            notes.add(TEXT.text("checksum"));
        }
        return new ExperimentResult(id, seed, "Seed 004: prefaulting a growing mapped file, and cross-process latency",
                ProfileNames.id(s.profile()), ms, tables, charts,
                MappedClaims.of(rows, s.bytes(), latency), notes, skipped);
    }

    /** Every repetition's figure; counted page faults are deterministic, times are not. */
    private static Measurement m(String id, Map<String, String> labels, String metric, String unit, double[] samples) {
        return new Measurement(id, labels, metric, unit, false, unit.equals("faults"), samples);
    }

    static Table prefaultTable(List<PrefaultExperiment.Row> rows, MappedExperiment.Setup s) {
        double cold = median(rows.getFirst().total());
        List<List<String>> cells = new ArrayList<>();
        for (PrefaultExperiment.Row r : rows) {
            PrefaultExperiment.Config c = r.config();
            Stats total = Stats.of(r.total());
            cells.add(List.of(c.label(), c.seeds() ? c.seedName() + " " + seedFigure("004.prefault-" + c.key() + "-ms")
                            : c.seedName(), f1(total.median()), f1(total.min()) + "–" + f1(total.max()),
                    String.format(Locale.ROOT, "%.2f×", cold / total.median()), f1(median(r.prefault())),
                    f1(median(r.write())), f1(median(r.background())), f0(median(r.writerFaults())),
                    f0(median(r.processFaults()))));
        }
        return new Table(TEXT.text("prefault.table", s.bytes() >> 20, s.tmpfs(), s.repetitions()),
                List.of("configuration", "seed 004 (256 MB, same node)", "total ms", "min–max", "speed-up vs none",
                        "prefault ms", "write ms", "background ms", "writer minor faults", "process minor faults"), cells);
    }

    /** The seed's figure of catalogue entry {@code id}, as it prints it. */
    private static String seedFigure(String id) {
        return SeedCatalogue.load(MappedClaims.SEED).result(id).seedFigure();
    }

    static Table latencyTable(List<LatencyExperiment.Result> results, MappedExperiment.Setup s) {
        List<List<String>> cells = new ArrayList<>();
        for (LatencyExperiment.Result r : results) {
            LatencyExperiment.Cell c = r.cell();
            cells.add(List.of(c.name(), c.store(), c.pinned() ? "Y" : "N",
                    String.format(Locale.ROOT, "%.2f", median(r.over1msPerMille())), f1(median(r.mean())),
                    f1(median(r.p50())), f1(median(r.p90())), f1(median(r.p99())), f1(median(r.p999())),
                    f0(median(r.max())), MappedClaims.COLUMNS.stream()
                            .map(col -> seedFigure("004.latency-" + c.key() + "-" + col)).collect(Collectors.joining(", "))));
        }
        return new Table(TEXT.text("latency.table", s.messages(), s.intervalMicros(), PrefaultPolicy.describe(s.writer()),
                PrefaultPolicy.describe(s.reader())), List.of("configure", "store", "bind_core", ">1ms (‰)", "mean (µs)",
                "p50", "p90", "p99", "p99.9", "max", "seed 004"), cells);
    }

    static Table checksumTable(ChecksumCostExperiment.Result c) {
        List<List<String>> cells = new ArrayList<>();
        for (ChecksumCostExperiment.Row r : c.rows()) {
            double crcWrite = median(r.crc().writeNanos());
            double noneWrite = median(r.none().writeNanos());
            double crcRead = median(r.crc().readNanos());
            double noneRead = median(r.none().readNanos());
            cells.add(List.of(Integer.toString(r.recordBytes()), f1(crcWrite), f1(noneWrite),
                    String.format(Locale.ROOT, "%.2f×", median(r.writeRatios())), f1(crcWrite - noneWrite),
                    f1(crcRead), f1(noneRead), String.format(Locale.ROOT, "%.2f×", median(r.readRatios())),
                    f1(crcRead - noneRead)));
        }
        return new Table(TEXT.text("checksum.table", c.records(), c.dir(), c.repetitions()),
                List.of("record bytes", "write CRC32C", "write NONE", "write ratio", "write cost (ns)", "read CRC32C",
                        "read NONE", "read ratio", "read cost (ns)"), cells);
    }

    /** How much of populate's gain the background prefaulter keeps for a paced writer. */
    private static Optional<String> backgroundKept(List<PrefaultExperiment.Row> rows) {
        Optional<double[]> none = write(rows, "none (paced");
        Optional<double[]> background = write(rows, "background (paced");
        Optional<double[]> populate = rows.stream().filter(r -> r.config().label().equals("populate"))
                .map(PrefaultExperiment.Row::write).findFirst();
        if (none.isEmpty() || background.isEmpty() || populate.isEmpty()) {
            return Optional.empty();
        }
        double n = median(none.get());
        double b = median(background.get());
        double p = median(populate.get());
        return Optional.of(TEXT.text("prefault.background-kept", 100 * (n - b) / (n - p), n, b, n, p));
    }

    private static Optional<double[]> write(List<PrefaultExperiment.Row> rows, String labelStart) {
        return rows.stream().filter(r -> r.config().label().startsWith(labelStart)).map(PrefaultExperiment.Row::write)
                .findFirst();
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f0(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }
}
