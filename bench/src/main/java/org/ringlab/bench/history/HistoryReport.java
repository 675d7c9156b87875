package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.util.Stats;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.report.Prose;
import org.ringlab.bench.util.Cells;
import org.ringlab.bench.util.Sizes;

/** The history experiment's figures as an {@link ExperimentResult}: measurements, table, charts, seed 000's claims. */
public final class HistoryReport {

    static final List<String> HEADER = List.of("strategy", "element", "write ns/put [min..max]", "write GB/s",
            "read ms [min..max]", "read GB/s", "Pss MiB", "Pss/N", "Rss MiB", "Rss/N", "extra B/put", "extra B/read");

    static final List<String> COLD_HEADER = List.of("strategy", "rounds", "write ms [min..max]", "write CPU ms",
            "write faults", "Pss KiB", "Rss KiB", "VmSize KiB", "read ms [min..max]", "read faults");

    /** The report's prose (history.txt beside this class). */
    static final Prose TEXT = Prose.load(HistoryReport.class, "history.txt");

    /** The strategies the seed's linearize sentence compares: boost-style rotation and double insertion. */
    static final String LINEARIZE = "linearize";
    static final String DOUBLED = "doubled";

    /** The figures the claims judge, as the catalogue names them ({@code HistoryExperiment.metrics()}). */
    static final Set<String> METRICS = Set.of("history.example-sum-0", "history.example-sum-1",
            "history.example-sum-2", "history.example-sum-3", "history.example-total", "history.vsz-ratio",
            "history.pss-doubled-kib", "history.pss-mirrored-kib", "history.pss-ratio", "history.rss-growth-ratio",
            "history.cold-write-ratio", "history.cold-write-cpu-ratio", "history.cold-write-faults-doubled",
            "history.cold-write-faults-mirrored", "history.cold-write-faults-ratio", "history.cold-read-ratio",
            "history.cold-read-cpu-ratio", "history.cold-read-faults-doubled", "history.cold-read-faults-mirrored",
            "history.linearize-vs-double-bytes");

    private final HistoryPlan plan;
    private final List<CellResult> results;
    private final List<ColdResult> colds;
    private final double elapsedSeconds;

    public HistoryReport(HistoryPlan plan, List<CellResult> results, List<ColdResult> colds, double elapsedSeconds) {
        this.plan = plan;
        this.results = List.copyOf(results);
        this.colds = List.copyOf(colds);
        this.elapsedSeconds = elapsedSeconds;
    }

    /** Everything for the report: measurements of every repetition, the table, two charts, the seed's claims. */
    public ExperimentResult result(String id, String seed) {
        List<Measurement> ms = new ArrayList<>();
        for (MemoryStrategy strategy : plan.strategies()) {
            for (long size : plan.sizes()) {
                List<CellResult> forks = cells(strategy.name(), size);
                if (forks.isEmpty()) {
                    continue;
                }
                CellResult first = forks.getFirst();
                Map<String, String> labels = Measurement.labels("strategy", first.strategy(), "element",
                        Sizes.format(first.elementSize()));
                ms.add(forked(id, labels, "write", "ns/put", false, forks, CellResult::writeNsPerPut));
                ms.add(forked(id, labels, "read", "ns/history", false, forks, CellResult::readNs));
                counter(ms, id, labels, "pss", "bytes", forks, CellResult::pssBytes);
                counter(ms, id, labels, "pssPerCapacity", "x", forks, r -> r.pssBytes() / r.capacity());
                counter(ms, id, labels, "rss", "bytes", forks, CellResult::rssBytes);
                counter(ms, id, labels, "extraBytesPerPut", "bytes/put", forks, CellResult::extraBytesPerPut);
                counter(ms, id, labels, "extraBytesPerRead", "bytes/read", forks, CellResult::extraBytesPerRead);
            }
        }
        List<String> skipped = new ArrayList<>(plan.skipped());
        results.stream().filter(r -> !r.ok()).forEach(r -> skipped.add(r.strategy() + " × "
                + Sizes.format(r.elementSize()) + " FAILED: " + r.error()));
        List<List<String>> coldRows = cold(ms, id);
        colds.stream().filter(c -> !c.ok()).forEach(c -> skipped.add(c.strategy() + " cold runs (round " + (c.round() + 1)
                + ") FAILED: " + c.error()));
        List<String> notes = new ArrayList<>(TEXT.texts("note."));
        notes.add(TEXT.text("run", Sizes.format(plan.ringBytes()), plan.warmup(), plan.repetitions(),
                plan.fork() ? TEXT.text("run.forked") : "all cells in one JVM", elapsedSeconds));
        if (plan.cold() != null) {
            ColdRun.ColdPlan cp = plan.cold();
            notes.add(TEXT.text("run.cold", plan.baseline(), plan.candidate(), cp.writePasses(), cp.writeSlots(),
                    Sizes.format(cp.writeElement()), Profile.SEED_WRITE_PASSES, cp.readPasses(), cp.readSlots(),
                    cp.readSlots(), Sizes.format(cp.readElement())));
        }
        Table table = new Table(TEXT.text("table.steady"), HEADER, rows());
        Table coldTable = new Table(TEXT.text("table.cold"), COLD_HEADER, coldRows);
        return new ExperimentResult(id, seed, TEXT.text("title"), plan.profile().id(), ms, List.of(coldTable, table),
                List.of(speedUps("write", CellResult::writeNsPerPut), speedUps("whole-history read", CellResult::readNs)),
                claims(), notes, skipped);
    }

    /**
     * The cold runs' times (a round each) and counts per strategy, for results.json and diff, into
     * {@code ms}; their table's rows, one per strategy that made cold runs: medians over its rounds.
     */
    private List<List<String>> cold(List<Measurement> ms, String id) {
        List<List<String>> rows = new ArrayList<>();
        for (MemoryStrategy strategy : plan.strategies()) {
            List<ColdResult> runs = colds.stream().filter(c -> c.ok() && c.strategy().equals(strategy.name()))
                    .sorted(Comparator.comparingInt(ColdResult::round)).toList();
            if (runs.isEmpty()) {
                continue;
            }
            Map<String, String> labels = Measurement.labels("strategy", strategy.name(), "element", "cold");
            ms.add(Measurement.ofForks(id, labels, "coldWrite", "ns/run", false, false,
                    runs.stream().map(c -> new double[] {c.writeNs()}).toList()));
            ms.add(Measurement.ofForks(id, labels, "coldRead", "ns/run", false, false,
                    runs.stream().map(c -> new double[] {c.readNs()}).toList()));
            if (runs.stream().allMatch(c -> Double.isFinite(c.writeFaults()))) {
                ms.add(Measurement.ofForks(id, labels, "coldWriteFaults", "faults", false, true,
                        runs.stream().map(c -> new double[] {c.writeFaults()}).toList()));
            }
            Function<ToDoubleFunction<ColdResult>, Double> med = f -> Stats.median(runs.stream().mapToDouble(f).toArray());
            rows.add(List.of(strategy.name(), Integer.toString(runs.size()),
                    Cells.range(Stats.of(runs.stream().mapToDouble(ColdResult::writeNs).toArray()), HistoryReport::ms),
                    ms(med.apply(ColdResult::writeCpuNs)), count(med.apply(ColdResult::writeFaults)),
                    count(med.apply(ColdResult::writePss) / Sizes.KIB), count(med.apply(ColdResult::writeRss) / Sizes.KIB),
                    count(med.apply(ColdResult::writeVsz) / Sizes.KIB),
                    Cells.range(Stats.of(runs.stream().mapToDouble(ColdResult::readNs).toArray()), HistoryReport::ms),
                    count(med.apply(ColdResult::readFaults))));
        }
        return rows;
    }

    private static String count(double v) {
        return Double.isFinite(v) ? Cells.fixed(v, 0) : "-";
    }

    /** Samples grouped by fork; in one JVM (no fork) every round is fork 0. */
    private Measurement forked(String id, Map<String, String> labels, String metric, String unit, boolean deterministic,
                               List<CellResult> forks, Function<CellResult, double[]> samples) {
        List<double[]> groups = forks.stream().map(samples).toList();
        if (!plan.fork()) {
            groups = List.of(groups.stream().flatMapToDouble(Arrays::stream).toArray());
        }
        return Measurement.ofForks(id, labels, metric, unit, false, deterministic, groups);
    }

    private void counter(List<Measurement> ms, String id, Map<String, String> labels, String metric, String unit,
                         List<CellResult> forks, ToDoubleFunction<CellResult> value) {
        List<CellResult> known = forks.stream().filter(r -> Double.isFinite(value.applyAsDouble(r))).toList();
        if (!known.isEmpty()) {
            ms.add(forked(id, labels, metric, unit, true, known, r -> new double[] {value.applyAsDouble(r)}));
        }
    }

    /** Every successful round of one cell, in round order. */
    private List<CellResult> cells(String strategy, long size) {
        return results.stream().filter(r -> r.ok() && r.strategy().equals(strategy) && r.elementSize() == size)
                .sorted(Comparator.comparingInt(CellResult::round)).toList();
    }

    /**
     * Speed-up of every strategy against the baseline (baseline's time ÷ the strategy's), per
     * element size, with the paired-round 95 % t interval as an error bar; 1 = as fast.
     */
    private Chart speedUps(String what, Function<CellResult, double[]> samples) {
        String base = plan.baseline();
        List<String> categories = plan.sizes().stream().map(Sizes::format).toList();
        Map<String, double[]> ratio = new LinkedHashMap<>();
        Map<String, double[]> low = new LinkedHashMap<>();
        Map<String, double[]> high = new LinkedHashMap<>();
        // As the claims: a t interval over the paired rounds, the round variance pooled over the chart's points.
        Map<String, Estimate[]> estimates = RoundPool.judge(pool -> {
            Map<String, Estimate[]> byStrategy = new LinkedHashMap<>();
            for (MemoryStrategy s : plan.strategies()) {
                if (s.name().equals(base)) {
                    continue;
                }
                byStrategy.put(s.name(), plan.sizes().stream().map(size -> pairs(base, s.name(), size)).map(pairs ->
                        pairs.isEmpty() ? Estimate.NONE : pool.paired(what, pairs.stream().map(p -> samples.apply(p[0]))
                                .toList(), pairs.stream().map(p -> samples.apply(p[1])).toList())).toArray(Estimate[]::new));
            }
            return byStrategy;
        });
        estimates.forEach((name, e) -> {
            ratio.put(name, Arrays.stream(e).mapToDouble(Estimate::ratio).toArray());
            low.put(name, Arrays.stream(e).mapToDouble(Estimate::low).toArray());
            high.put(name, Arrays.stream(e).mapToDouble(Estimate::high).toArray());
        });
        return Chart.ratios("history: " + what + " speed-up against " + base + " (95 % interval)", "element size",
                "time of " + base + " ÷ time of the strategy (1 = as fast)", categories, ratio, low, high, 1,
                // With the baseline alone there is no ratio, so no interval and no spread to describe.
                low.isEmpty() ? "" : TEXT.text("chart.whiskers", base));
    }

    /** True when no claim is inconclusive: more rounds would not change a verdict's kind. */
    boolean decisive() {
        return claims().stream().noneMatch(c -> c.verdict() == Claim.Verdict.INCONCLUSIVE);
    }

    /** Seed 000's claims on these rounds ({@link HistoryClaims}). */
    List<Claim> claims() {
        return new HistoryClaims(this, plan, colds).claims();
    }

    /** Rounds in which both strategies of a claim produced numbers: (baseline, candidate) per round. */
    List<CellResult[]> pairs(String base, String cand, long size) {
        Map<Integer, CellResult> b = new LinkedHashMap<>();
        cells(base, size).forEach(r -> b.put(r.round(), r));
        return cells(cand, size).stream().filter(c -> b.containsKey(c.round()))
                .map(c -> new CellResult[] {b.get(c.round()), c}).toList();
    }

    /** The steady-state table: a row per strategy and element size, FAILED where no round produced numbers. */
    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (MemoryStrategy s : plan.strategies()) {
            for (long size : plan.sizes()) {
                Optional<CellResult> found = find(s.name(), size);
                if (found.isEmpty()) {
                    rows.add(List.of(s.name(), Sizes.format(size), "FAILED", "-", "-", "-", "-", "-", "-", "-", "-", "-"));
                    continue;
                }
                CellResult r = found.get();
                Stats w = r.write();
                Stats rd = r.read();
                double n = r.capacity();
                rows.add(List.of(r.strategy(), Sizes.format(r.elementSize()),
                        Cells.range(w, HistoryReport::ns),
                        Cells.fixed(r.elementSize() / w.median(), 2),
                        Cells.range(rd, HistoryReport::ms),
                        Cells.fixed(n / rd.median(), 2),
                        Sizes.mib(r.pssBytes()), ratio(r.pssBytes() / n),
                        Sizes.mib(r.rssBytes()), ratio(r.rssBytes() / n),
                        bytes(r.extraBytesPerPut()), bytes(r.extraBytesPerRead())));
            }
        }
        return rows;
    }

    /** One cell's rounds merged for tables and charts: every repetition, medians of the per-fork counters. */
    Optional<CellResult> find(String strategy, long size) {
        List<CellResult> forks = cells(strategy, size);
        if (forks.isEmpty()) {
            return Optional.empty();
        }
        CellResult f = forks.getFirst();
        ToDoubleFunction<ToDoubleFunction<CellResult>> med =
                g -> Stats.median(forks.stream().mapToDouble(g).toArray());
        return Optional.of(new CellResult(f.strategy(), f.elementSize(), f.capacity(), f.slots(),
                forks.stream().flatMapToDouble(r -> Arrays.stream(r.writeNsPerPut())).toArray(),
                forks.stream().flatMapToDouble(r -> Arrays.stream(r.readNs())).toArray(),
                med.applyAsDouble(CellResult::pssBytes), med.applyAsDouble(CellResult::rssBytes),
                med.applyAsDouble(CellResult::pssReleasedBytes), med.applyAsDouble(CellResult::extraBytesPerPut),
                med.applyAsDouble(CellResult::extraBytesPerRead), f.forked(), null));
    }

    static String ns(double v) {
        return v >= 100 ? Cells.fixed(v, 0) : v >= 10 ? Cells.fixed(v, 1) : Cells.fixed(v, 2);
    }

    static String ms(double nanos) {
        double v = nanos / 1e6;
        return v >= 100 ? Cells.fixed(v, 1) : v >= 1 ? Cells.fixed(v, 2) : Cells.fixed(v, 3);
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? Cells.fixed(v, 2) : "-";
    }

    static String bytes(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return v == Math.rint(v) ? Cells.fixed(v, 0) : Cells.fixed(v, 1);
    }

}
