package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.bench.util.Stats;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.report.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

/** The history experiment's figures as an {@link ExperimentResult}: measurements, table, charts, seed 000's claims. */
public final class HistoryReport {

    static final List<String> HEADER = List.of("strategy", "element", "write ns/put [min..max]", "write GB/s",
            "read ms [min..max]", "read GB/s", "Pss MiB", "Pss/N", "Rss MiB", "Rss/N", "extra B/put", "extra B/read");

    private static final List<String> NOTES = List.of(
            "write: ns per put() of one element into a full ring (median of the repetitions, [min..max]);"
                    + " GB/s = element bytes / ns.",
            "read: ns to take history() - every element, oldest first, as ONE contiguous view - and load all"
                    + " of its bytes as longs; GB/s = ring bytes / ns.",
            "Pss: growth of Pss (/proc/self/smaps_rollup) from before allocation to the ring being full. Pss is"
                    + " the physical figure: a page mapped k times counts 1/k in each mapping, so a mirrored"
                    + " ring's pages count once.",
            "Rss: growth of Rss (the same as VmRSS) over the same span. Rss counts a page once in every mapping"
                    + " through which it was touched, so it double-counts a mirrored ring's pages that were reached"
                    + " through both views: between N and 2N although only N is physical. Do not read it as memory held.",
            "N: the ring capacity. Pss/N near 1 means the strategy holds N bytes of physical memory, near 2 means 2N.",
            "extra: CopyCounters.extraBytes(), the exact bytes moved beyond the single copy of the data (mirror"
                    + " copies, rotations, scratch staging and gathering), per timed put and per timed read.");

    /** Seed 000 / issue 8: the mirrored ring's write is at least this many times faster than the doubled array's. */
    static final double WRITE_SPEED_UP_GOAL = 1.8;
    /** Seed 000: the mirrored read is at most this many times slower. */
    static final double READ_SLOWDOWN_LIMIT = 1.5;
    /** Pss/N at most this for "holds N" and at least 2N minus this margin for "holds 2N". */
    static final double PSS_N_LIMIT = 1.2;

    private final HistoryPlan plan;
    private final List<CellResult> results;
    private final double elapsedSeconds;

    public HistoryReport(HistoryPlan plan, List<CellResult> results, double elapsedSeconds) {
        this.plan = plan;
        this.results = List.copyOf(results);
        this.elapsedSeconds = elapsedSeconds;
    }

    /** Everything for the report: measurements of every repetition, the table, two charts, the seed's claims. */
    public ExperimentResult result(String id, String seed) {
        List<Measurement> ms = new ArrayList<>();
        for (CellResult r : results) {
            if (!r.ok()) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("strategy", r.strategy());
            labels.put("element", Sizes.format(r.elementSize()));
            ms.add(new Measurement(id, labels, "write", "ns/put", false, false, r.writeNsPerPut()));
            ms.add(new Measurement(id, labels, "read", "ns/history", false, false, r.readNs()));
            counter(ms, id, labels, "pss", "bytes", r.pssBytes());
            counter(ms, id, labels, "pssPerCapacity", "x", r.pssBytes() / r.capacity());
            counter(ms, id, labels, "rss", "bytes", r.rssBytes());
            counter(ms, id, labels, "extraBytesPerPut", "bytes/put", r.extraBytesPerPut());
            counter(ms, id, labels, "extraBytesPerRead", "bytes/read", r.extraBytesPerRead());
        }
        List<String> skipped = new ArrayList<>(plan.skipped());
        for (CellResult r : results) {
            if (!r.ok()) {
                skipped.add(r.strategy() + " × " + Sizes.format(r.elementSize()) + " FAILED: " + r.error());
            }
        }
        List<String> notes = new ArrayList<>(NOTES);
        notes.add(String.format(Locale.ROOT, "Ring %s (rounded per cell to the element size and granularity), %d warm-up"
                        + " + %d timed repetitions, %s, %.1f s.", Sizes.format(plan.ringBytes()), plan.warmup(),
                plan.repetitions(), plan.fork() ? "one fresh JVM per cell" : "all cells in one JVM", elapsedSeconds));
        Table table = new Table("Write, whole-history read and physical memory per strategy and element size", HEADER,
                rows());
        return new ExperimentResult(id, seed, "Seed 000: write per element, whole-history read, physical memory",
                plan.profile().id(), ms, List.of(table), List.of(chart("write", "ns per put (log)", CellResult::write),
                chart("whole-history read", "ns per read of the history (log)", CellResult::read)), claims(), notes,
                skipped);
    }

    private static void counter(List<Measurement> ms, String id, Map<String, String> labels, String metric, String unit,
                                double value) {
        if (Double.isFinite(value)) {
            ms.add(new Measurement(id, labels, metric, unit, false, true, new double[] {value}));
        }
    }

    private Chart chart(String what, String axis, java.util.function.Function<CellResult, Stats> figure) {
        List<String> categories = plan.sizes().stream().map(Sizes::format).toList();
        Map<String, double[]> series = new LinkedHashMap<>();
        for (MemoryStrategy s : plan.strategies()) {
            double[] v = new double[categories.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = find(s.name(), plan.sizes().get(i)).map(c -> figure.apply(c).median()).orElse(Double.NaN);
            }
            series.put(s.name(), v);
        }
        return new Chart("history: " + what + " per strategy (median)", "element size", axis, categories, series, false,
                true);
    }

    /** Seed 000's claims beside this run: write speed-up per size, read slowdown, physical memory. */
    List<Claim> claims() {
        String base = plan.baseline();
        String cand = plan.candidate();
        List<Claim> claims = new ArrayList<>();
        for (long size : plan.sizes()) {
            String claim = String.format(Locale.ROOT, "seed 000: %s writes about 2x faster than %s (goal >= %.1fx), %s"
                    + " elements", cand, base, WRITE_SPEED_UP_GOAL, Sizes.format(size));
            Optional<CellResult> b = find(base, size);
            Optional<CellResult> c = find(cand, size);
            if (b.isEmpty() || c.isEmpty()) {
                claims.add(new Claim(claim, notMeasured(b, c), Claim.Verdict.NOT_MEASURED));
                continue;
            }
            double speedUp = b.get().write().median() / c.get().write().median();
            claims.add(new Claim(claim, String.format(Locale.ROOT, "%.2fx (%s %s ns/put, %s %s ns/put)", speedUp, base,
                    ns(b.get().write().median()), cand, ns(c.get().write().median())),
                    speedUp >= WRITE_SPEED_UP_GOAL ? Claim.Verdict.CONFIRMED : Claim.Verdict.DIFFERS));
        }
        List<String> reads = new ArrayList<>();
        double worstRead = 0;
        List<String> pss = new ArrayList<>();
        double candPss = 0;
        double basePss = Double.MAX_VALUE;
        for (long size : plan.sizes()) {
            Optional<CellResult> b = find(base, size);
            Optional<CellResult> c = find(cand, size);
            if (b.isEmpty() || c.isEmpty()) {
                continue;
            }
            double ratio = c.get().read().median() / b.get().read().median();
            worstRead = Math.max(worstRead, ratio);
            reads.add(String.format(Locale.ROOT, "%s %.2fx", Sizes.format(size), ratio));
            double cp = c.get().pssBytes() / c.get().capacity();
            double bp = b.get().pssBytes() / b.get().capacity();
            if (Double.isFinite(cp) && Double.isFinite(bp)) {
                candPss = Math.max(candPss, cp);
                basePss = Math.min(basePss, bp);
                pss.add(String.format(Locale.ROOT, "%s %.2fN vs %.2fN", Sizes.format(size), cp, bp));
            }
        }
        String readClaim = String.format(Locale.ROOT, "seed 000: reading the whole history through %s is at most %.1fx"
                + " slower than through %s", cand, READ_SLOWDOWN_LIMIT, base);
        claims.add(reads.isEmpty() ? new Claim(readClaim, base + " or " + cand + " not measured", Claim.Verdict.NOT_MEASURED)
                : new Claim(readClaim, "read time ratio " + String.join(", ", reads),
                worstRead <= READ_SLOWDOWN_LIMIT ? Claim.Verdict.CONFIRMED : Claim.Verdict.DIFFERS));
        String pssClaim = "seed 000: " + cand + " holds N of physical memory (Pss), " + base + " 2N";
        // In one JVM, a freed ring's pages and heap resizing land in the next cell's Pss growth.
        claims.add(!plan.fork() ? new Claim(pssClaim, "not measured: Pss growth needs one fresh JVM per cell (this run"
                + " used --no-fork or the tiny profile)", Claim.Verdict.NOT_MEASURED)
                : pss.isEmpty() ? new Claim(pssClaim, "Pss of " + base + " or " + cand + " not measured",
                Claim.Verdict.NOT_MEASURED)
                : new Claim(pssClaim, "Pss/N " + cand + " vs " + base + ": " + String.join(", ", pss),
                candPss <= PSS_N_LIMIT && basePss >= 2 - (PSS_N_LIMIT - 1) ? Claim.Verdict.CONFIRMED
                        : Claim.Verdict.DIFFERS));
        return claims;
    }

    private String notMeasured(Optional<CellResult> b, Optional<CellResult> c) {
        String base = plan.baseline();
        String cand = plan.candidate();
        return (b.isEmpty() && c.isEmpty() ? base + " and " + cand : b.isEmpty() ? base : cand) + " not measured";
    }

    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (CellResult r : results) {
            if (!r.ok()) {
                rows.add(List.of(r.strategy(), Sizes.format(r.elementSize()), "FAILED", "-", "-", "-", "-", "-", "-",
                        "-", "-", "-"));
                continue;
            }
            Stats w = r.write();
            Stats rd = r.read();
            double n = r.capacity();
            rows.add(List.of(r.strategy(), Sizes.format(r.elementSize()),
                    ns(w.median()) + " [" + ns(w.min()) + ".." + ns(w.max()) + "]",
                    fixed(r.elementSize() / w.median(), 2),
                    ms(rd.median()) + " [" + ms(rd.min()) + ".." + ms(rd.max()) + "]",
                    fixed(n / rd.median(), 2),
                    Sizes.mib(r.pssBytes()), ratio(r.pssBytes() / n),
                    Sizes.mib(r.rssBytes()), ratio(r.rssBytes() / n),
                    bytes(r.extraBytesPerPut()), bytes(r.extraBytesPerRead())));
        }
        return rows;
    }

    private Optional<CellResult> find(String strategy, long size) {
        return results.stream().filter(r -> r.ok() && r.strategy().equals(strategy) && r.elementSize() == size)
                .findFirst();
    }

    private static String ns(double v) {
        return v >= 100 ? fixed(v, 0) : v >= 10 ? fixed(v, 1) : fixed(v, 2);
    }

    private static String ms(double nanos) {
        double v = nanos / 1e6;
        return v >= 100 ? fixed(v, 1) : v >= 1 ? fixed(v, 2) : fixed(v, 3);
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? fixed(v, 2) : "-";
    }

    private static String bytes(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return v == Math.rint(v) ? fixed(v, 0) : fixed(v, 1);
    }

    private static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
