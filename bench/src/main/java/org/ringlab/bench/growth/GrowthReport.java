package org.ringlab.bench.growth;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

import org.ringlab.bench.util.Stats;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.report.Prose;
import org.ringlab.bench.util.Cells;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthWorkload;

/** The growth experiment's figures as an {@link ExperimentResult}: measurements, table, charts, seed 002's claims. */
public final class GrowthReport {

    static final List<String> HEADER = List.of("strategy", "final", "peak RSS MiB", "peak/final", "grows", "moves",
            "moved MiB", "copied MiB", "time ms [min..max]", "growth ms [min..max]");

    /** The report's prose (growth.txt beside this class). */
    static final Prose TEXT = Prose.load(GrowthReport.class, "growth.txt");

    private final GrowthPlan plan;
    private final List<GrowthCell> cells;
    private final double elapsedSeconds;

    public GrowthReport(GrowthPlan plan, List<GrowthCell> cells, double elapsedSeconds) {
        this.plan = plan;
        this.cells = List.copyOf(cells);
        this.elapsedSeconds = elapsedSeconds;
    }

    /** Everything for the report with {@code claims} ({@link GrowthClaims}): every repetition's figures, the table, two charts. */
    ExperimentResult result(String id, String seed, List<Claim> claims) {
        List<Measurement> ms = new ArrayList<>();
        for (GrowthCell c : cells) {
            if (c.samples().isEmpty()) {
                continue;
            }
            Map<String, String> labels = Map.of("strategy", c.strategy());
            add(ms, id, labels, "peakRatio", "x", true, c, GrowthSample::peakRatio);
            add(ms, id, labels, "peakRssGrowth", "bytes", true, c,
                    x -> x.peakRssGrowthBytes() < 0 ? Double.NaN : x.peakRssGrowthBytes());
            add(ms, id, labels, "time", "ns", false, c, GrowthSample::totalNanos);
            add(ms, id, labels, "growthTime", "ns", false, c, GrowthSample::growthNanos);
            add(ms, id, labels, "grows", "count", true, c, GrowthSample::grows);
            add(ms, id, labels, "moves", "count", true, c, GrowthSample::moves);
            add(ms, id, labels, "bytesMoved", "bytes", true, c, GrowthSample::bytesMoved);
            add(ms, id, labels, "bytesCopied", "bytes", true, c, x -> x.bytesCopied() < 0 ? Double.NaN : x.bytesCopied());
            add(ms, id, labels, "threadMinorFaults", "faults", true, c,
                    x -> x.threadMinorFaults() < 0 ? Double.NaN : x.threadMinorFaults());
            add(ms, id, labels, "lastAppendRssRise", "bytes", true, c, GrowthSample::lastAppendRssRise);
            add(ms, id, labels, "medianAppendRssRise", "bytes", true, c, GrowthSample::medianAppendRssRise);
        }
        List<String> skipped = new ArrayList<>(plan.skipped());
        cells.stream().filter(c -> !c.ok()).forEach(c -> skipped.add(c.strategy() + " FAILED: " + c.error()));
        List<String> notes = new ArrayList<>(TEXT.texts("note."));
        notes.add(header() + ".");
        if (cells.stream().anyMatch(c -> c.ok() && !c.peaksReset())) {
            notes.add("The kernel refused to reset the peak for some runs: their peaks are upper bounds.");
        }
        List<String> names = cells.stream().filter(GrowthCell::ok).map(GrowthCell::strategy).toList();
        double[] peaks = names.stream().mapToDouble(n -> find(n).orElseThrow().peakRatio().median()).toArray();
        double[] growthMs = names.stream().mapToDouble(n -> find(n).orElseThrow().growthNanos().median() / 1e6).toArray();
        double[] totalMs = names.stream().mapToDouble(n -> find(n).orElseThrow().totalNanos().median() / 1e6).toArray();
        String spread = "whiskers: min–max of the " + plan.repetitions() + " repetitions"
                + (plan.fork() ? "; dots: each repetition (one fresh JVM each)" : "");
        List<Chart> charts = List.of(
                new Chart("growth: peak resident memory / final size (median)", Chart.GROWTH_STRATEGY_AXIS, "peak RSS / final size",
                        names, Map.of("peak/final", peaks), false, false)
                        .withRangeOf(spread, Map.of("peak/final", samples(names, GrowthSample::peakRatio, 1)), plan.fork()),
                new Chart("growth: time (median)", Chart.GROWTH_STRATEGY_AXIS, "ms (log)", names,
                        Chart.twoSeries("total (appends + growth)", totalMs, "growth steps only", growthMs), false, true)
                        .withRangeOf(spread, Chart.twoSeries("total (appends + growth)", samples(names, GrowthSample::totalNanos, 1e6),
                                "growth steps only", samples(names, GrowthSample::growthNanos, 1e6)), plan.fork()));
        return new ExperimentResult(id, seed, "Seed 002: growing a buffer of unknown length", plan.profile().id(), ms,
                List.of(new Table("Peak memory, moves, copies and time per growth strategy", HEADER, rows())), charts,
                claims, notes, skipped);
    }

    /**
     * The evaluation's workloads in one result: every figure carries a {@code final} label naming
     * its workload ({@link GrowthCase#label()}), one table and two charts per workload, and the
     * claims of all of them ({@link GrowthClaims}).
     */
    static ExperimentResult merge(List<GrowthReport> reports, String id, String seed, List<Claim> claims) {
        List<ExperimentResult> results = reports.stream().map(r -> r.result(id, seed, List.of())).toList();
        List<Measurement> ms = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        LinkedHashSet<String> skipped = new LinkedHashSet<>();
        for (int i = 0; i < reports.size(); i++) {
            ExperimentResult r = results.get(i);
            GrowthCase growthCase = reports.get(i).plan.growthCase();
            for (Measurement m : r.measurements()) {
                Map<String, String> l = new LinkedHashMap<>(m.labels());
                l.put("final", growthCase.label());
                ms.add(new Measurement(m.experiment(), l, m.metric(), m.unit(), m.higherIsBetter(), m.deterministic(),
                        m.samples()));
            }
            r.tables().forEach(x -> tables.add(new Table(x.title() + ", final size " + growthCase.label(), x.headers(),
                    x.rows())));
            // A chart of one strategy (the realloc program runs realloc alone) compares nothing: its table says it.
            r.charts().stream().filter(c -> c.categories().size() > 1)
                    .forEach(c -> charts.add(c.retitled(c.title() + ", " + growthCase.shortLabel())));
            r.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
            skipped.addAll(r.skipped());
        }
        notes.add(TEXT.text("machine"));
        ExperimentResult first = results.getFirst();
        return new ExperimentResult(id, seed, first.title(), first.profile(), ms, tables, charts, claims, notes,
                List.copyOf(skipped));
    }

    /** Per strategy in {@code names}: every repetition's figure ÷ {@code scale}, for the charts' whiskers. */
    private double[][] samples(List<String> names, ToDoubleFunction<GrowthSample> figure,
                               double scale) {
        return names.stream().map(n -> find(n).orElseThrow().samples().stream().mapToDouble(figure)
                .map(v -> v / scale).toArray()).toArray(double[][]::new);
    }

    private static void add(List<Measurement> ms, String id, Map<String, String> labels, String metric, String unit,
                            boolean counter, GrowthCell c, ToDoubleFunction<GrowthSample> figure) {
        double[] v = c.samples().stream().mapToDouble(figure).filter(Double::isFinite).toArray();
        if (v.length > 0) {
            ms.add(new Measurement(id, labels, metric, unit, false, counter, v));
        }
    }

    private String header() {
        GrowthWorkload w = plan.workload();
        return String.format(Locale.ROOT, "Grow to %s in %s appends from %s (factor %d%s), %d repetitions, %s, %.1f s",
                GrowthCase.size(w.targetBytes()), Sizes.format(w.chunkBytes()), Sizes.format(w.initialCapacity()), w.factor(),
                w.maxCapacity() > w.targetBytes() ? ", the last step not capped at the target" : "",
                plan.repetitions(), plan.fork() ? "one fresh JVM per repetition" : "all repetitions in one JVM",
                elapsedSeconds);
    }

    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (GrowthCell c : cells) {
            if (!c.ok()) {
                rows.add(List.of(c.strategy(), "FAILED", "-", "-", "-", "-", "-", "-", "-", "-"));
                continue;
            }
            Stats peak = c.stats(s -> s.peakRssGrowthBytes() < 0 ? Double.NaN : s.peakRssGrowthBytes());
            Stats copied = c.stats(GrowthSample::bytesCopied);
            rows.add(List.of(c.strategy(), GrowthCase.size(c.first().finalBytes()), Sizes.mib(peak.median()),
                    ratio(c.peakRatio().median()), count(c.stats(GrowthSample::grows)), count(c.stats(GrowthSample::moves)),
                    Sizes.mib(c.stats(GrowthSample::bytesMoved).median()),
                    copied.min() < 0 ? "?" : Sizes.mib(copied.median()),
                    ms(c.totalNanos()), ms(c.growthNanos())));
        }
        return rows;
    }

    /** Whether every strategy produced numbers. */
    boolean allOk() {
        return cells.stream().allMatch(GrowthCell::ok);
    }

    /** The plan this report measured. */
    GrowthPlan plan() {
        return plan;
    }

    GrowthCase.Kind caseKind() {
        return plan.growthCase().kind();
    }

    Optional<GrowthCell> find(String strategy) {
        return cells.stream().filter(c -> c.ok() && c.strategy().equals(strategy)).findFirst();
    }

    /** A count that may differ between repetitions (moves of realloc and mremap depend on the address space). */
    private static String count(Stats s) {
        return s.min() == s.max() ? Cells.fixed(s.median(), 0) : Cells.range(s, v -> Cells.fixed(v, 0));
    }

    private static String ms(Stats nanos) {
        return Cells.range(nanos, GrowthReport::ms);
    }

    private static String ms(double nanos) {
        double v = nanos / 1e6;
        return v >= 100 ? Cells.fixed(v, 0) : v >= 1 ? Cells.fixed(v, 1) : Cells.fixed(v, 3);
    }

    static String ratio(double v) {
        return Double.isFinite(v) ? Cells.fixed(v, 2) : "-";
    }
}
