package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.bench.harness.RatioClaim;
import org.ringlab.bench.harness.RoundPool;
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

    /** Seed 000: the mirrored ring's write is at least this many times faster than the doubled array's. */
    static final double WRITE_SPEED_UP_GOAL = 1.8;
    /** Seed 000: the mirrored read is at most this many times slower. */
    static final double READ_SLOWDOWN_LIMIT = 1.5;
    /** Seed 000: the doubled array holds 2N, the mirrored ring N; judged as Pss(doubled) ÷ Pss(mirrored) ≥ this. */
    static final double PSS_RATIO_GOAL = 1.6;

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
        for (MemoryStrategy strategy : plan.strategies()) {
            for (long size : plan.sizes()) {
                List<CellResult> forks = cells(strategy.name(), size);
                if (forks.isEmpty()) {
                    continue;
                }
                CellResult first = forks.getFirst();
                Map<String, String> labels = new LinkedHashMap<>();
                labels.put("strategy", first.strategy());
                labels.put("element", Sizes.format(first.elementSize()));
                ms.add(forked(id, labels, "write", "ns/put", false, forks, CellResult::writeNsPerPut));
                ms.add(forked(id, labels, "read", "ns/history", false, forks, CellResult::readNs));
                counter(ms, id, labels, "pss", "bytes", forks, r -> r.pssBytes());
                counter(ms, id, labels, "pssPerCapacity", "x", forks, r -> r.pssBytes() / r.capacity());
                counter(ms, id, labels, "rss", "bytes", forks, r -> r.rssBytes());
                counter(ms, id, labels, "extraBytesPerPut", "bytes/put", forks, r -> r.extraBytesPerPut());
                counter(ms, id, labels, "extraBytesPerRead", "bytes/read", forks, r -> r.extraBytesPerRead());
            }
        }
        List<String> skipped = new ArrayList<>(plan.skipped());
        for (CellResult r : results) {
            if (!r.ok()) {
                skipped.add(r.strategy() + " × " + Sizes.format(r.elementSize()) + " FAILED: " + r.error());
            }
        }
        List<String> notes = new ArrayList<>(NOTES);
        notes.add("differs from seed 000: a 2-core KVM guest (4 KiB pages under EPT, a shared machine) and a JVM writing"
                + " through MemorySegment, where the seed's C wrote through a pointer on bare metal; the mirror's saving"
                + " is a copy avoided, so the write ratio should hold for large elements and shrink for small ones,"
                + " where the JVM's per-call overhead dominates both strategies");
        notes.add(String.format(Locale.ROOT, "Ring %s (rounded per cell to the element size and granularity), %d warm-up"
                        + " + %d timed repetitions, %s, %.1f s.", Sizes.format(plan.ringBytes()), plan.warmup(),
                plan.repetitions(), plan.fork() ? "one fresh JVM per strategy and round (its element sizes one after the other)" : "all cells in one JVM",
                elapsedSeconds));
        notes.add(String.format(Locale.ROOT, "Rounds: every cell ran %d to %d times (forks), the strategies of a"
                        + " round back to back in alternating order; the claims' intervals resample rounds,"
                        + " then repetitions (paired: both sides of a round together). Rounds were added for %s vs %s"
                        + " while a claim was inconclusive, up to %d rounds or %.0f s.", minRounds(), maxRounds(),
                plan.baseline(), plan.candidate(), plan.budget().maxRounds(), plan.budget().seconds()));
        Table table = new Table("Write, whole-history read and physical memory per strategy and element size", HEADER,
                rows());
        return new ExperimentResult(id, seed, "Seed 000: write per element, whole-history read, physical memory",
                plan.profile().id(), ms, List.of(table), List.of(speedUps("write", CellResult::writeNsPerPut),
                speedUps("whole-history read", CellResult::readNs)), claims(), notes,
                skipped);
    }

    /** Samples grouped by fork; in one JVM (no fork) every round is fork 0. */
    private Measurement forked(String id, Map<String, String> labels, String metric, String unit, boolean deterministic,
                               List<CellResult> forks, java.util.function.Function<CellResult, double[]> samples) {
        List<double[]> groups = forks.stream().map(samples).toList();
        if (!plan.fork()) {
            groups = List.of(groups.stream().flatMapToDouble(java.util.Arrays::stream).toArray());
        }
        return Measurement.ofForks(id, labels, metric, unit, false, deterministic, groups);
    }

    private void counter(List<Measurement> ms, String id, Map<String, String> labels, String metric, String unit,
                         List<CellResult> forks, java.util.function.ToDoubleFunction<CellResult> value) {
        List<CellResult> known = forks.stream().filter(r -> Double.isFinite(value.applyAsDouble(r))).toList();
        if (!known.isEmpty()) {
            ms.add(forked(id, labels, metric, unit, true, known, r -> new double[] {value.applyAsDouble(r)}));
        }
    }

    /** Every successful round of one cell, in round order. */
    private List<CellResult> cells(String strategy, long size) {
        return results.stream().filter(r -> r.ok() && r.strategy().equals(strategy) && r.elementSize() == size)
                .sorted(java.util.Comparator.comparingInt(CellResult::round)).toList();
    }

    /**
     * Speed-up of every strategy against the baseline (baseline's time ÷ the strategy's), per
     * element size, with the paired-round 95 % t interval as an error bar; 1 = as fast.
     */
    private Chart speedUps(String what, java.util.function.Function<CellResult, double[]> samples) {
        String base = plan.baseline();
        List<String> categories = plan.sizes().stream().map(Sizes::format).toList();
        Map<String, double[]> ratio = new LinkedHashMap<>();
        Map<String, double[]> low = new LinkedHashMap<>();
        Map<String, double[]> high = new LinkedHashMap<>();
        // As the claims: a t interval over the paired rounds, the round variance pooled over the chart's points.
        Map<String, org.ringlab.bench.harness.Estimate[]> estimates = RoundPool.judge(pool -> {
            Map<String, org.ringlab.bench.harness.Estimate[]> byStrategy = new LinkedHashMap<>();
            for (MemoryStrategy s : plan.strategies()) {
                if (s.name().equals(base)) {
                    continue;
                }
                org.ringlab.bench.harness.Estimate[] e = new org.ringlab.bench.harness.Estimate[categories.size()];
                for (int i = 0; i < e.length; i++) {
                    List<CellResult[]> pairs = pairs(base, s.name(), plan.sizes().get(i));
                    e[i] = pairs.isEmpty() ? org.ringlab.bench.harness.Estimate.NONE
                            : pool.paired(what, pairs.stream().map(p -> samples.apply(p[0])).toList(),
                            pairs.stream().map(p -> samples.apply(p[1])).toList());
                }
                byStrategy.put(s.name(), e);
            }
            return byStrategy;
        });
        estimates.forEach((name, e) -> {
            ratio.put(name, java.util.Arrays.stream(e).mapToDouble(org.ringlab.bench.harness.Estimate::ratio).toArray());
            low.put(name, java.util.Arrays.stream(e).mapToDouble(org.ringlab.bench.harness.Estimate::low).toArray());
            high.put(name, java.util.Arrays.stream(e).mapToDouble(org.ringlab.bench.harness.Estimate::high).toArray());
        });
        return Chart.ratios("history: " + what + " speed-up against " + base + " (95 % interval)", "element size",
                "time of " + base + " ÷ time of the strategy (1 = as fast)", categories, ratio, low, high, 1,
                // With the baseline alone there is no ratio, so no interval and no spread to describe.
                low.isEmpty() ? "" : "whiskers: the 95 % t interval of the ratio over the paired rounds ("
                        + base + " and the strategy run back to back), the round variance pooled over the chart's "
                        + "points; none where a point had one round");
    }

    /** True when no claim is inconclusive: more rounds would not change a verdict's kind. */
    boolean decisive() {
        return claims().stream().noneMatch(c -> c.verdict() == Claim.Verdict.INCONCLUSIVE);
    }

    private int minRounds() {
        return results.stream().collect(java.util.stream.Collectors.groupingBy(r -> r.strategy() + "|" + r.elementSize(),
                java.util.stream.Collectors.counting())).values().stream().mapToInt(Long::intValue).min().orElse(0);
    }

    private int maxRounds() {
        return results.stream().mapToInt(CellResult::round).max().orElse(-1) + 1;
    }

    /**
     * Seed 000's claims beside this run, per element size: the write speed-up, the read
     * slowdown, and the physical memory ratio; each judged on the t interval of its ratio over
     * the paired rounds ({@link RatioClaim}), the round variance pooled over the element sizes
     * per kind of figure (writes, reads, Pss: each kind's noise differs, the sizes' alike).
     */
    List<Claim> claims() {
        return RoundPool.judge(this::claims);
    }

    private List<Claim> claims(RoundPool pool) {
        String base = plan.baseline();
        String cand = plan.candidate();
        List<Claim> claims = new ArrayList<>();
        for (long size : plan.sizes()) {
            String el = Sizes.format(size);
            RatioClaim write = RatioClaim.atLeast(String.format(Locale.ROOT, "seed 000: %s writes about 2× faster than"
                    + " %s, %s elements (ns/put %s ÷ %s ≥ %.1f×)", cand, base, el, base, cand, WRITE_SPEED_UP_GOAL),
                    "≈ 2×", WRITE_SPEED_UP_GOAL);
            RatioClaim read = RatioClaim.atMost(String.format(Locale.ROOT, "seed 000: reading the whole history through"
                    + " %s is at most %.1f× slower than through %s, %s elements", cand, READ_SLOWDOWN_LIMIT, base, el),
                    "reads cost about the same", READ_SLOWDOWN_LIMIT);
            RatioClaim pss = RatioClaim.atLeast(String.format(Locale.ROOT, "seed 000: %s holds 2N of physical memory"
                    + " (Pss), %s N, %s elements (Pss %s ÷ %s ≥ %.1f×)", base, cand, el, base, cand, PSS_RATIO_GOAL),
                    "2N vs N", PSS_RATIO_GOAL);
            List<CellResult[]> pairs = pairs(base, cand, size);
            if (pairs.isEmpty()) {
                String why = notMeasured(find(base, size), find(cand, size));
                claims.add(write.notMeasured(why));
                claims.add(read.notMeasured(why));
                claims.add(pss.notMeasured(why));
                continue;
            }
            List<double[]> bw = pairs.stream().map(p -> p[0].writeNsPerPut()).toList();
            List<double[]> cw = pairs.stream().map(p -> p[1].writeNsPerPut()).toList();
            claims.add(write.judge(pool.paired("write", bw, cw), String.format(Locale.ROOT, "%s %s, %s %s ns/put",
                    base, ns(median(bw)), cand, ns(median(cw)))));
            List<double[]> br = pairs.stream().map(p -> p[0].readNs()).toList();
            List<double[]> cr = pairs.stream().map(p -> p[1].readNs()).toList();
            claims.add(read.judge(pool.paired("read", cr, br), String.format(Locale.ROOT, "%s %s, %s %s ms per read",
                    cand, ms(median(cr)), base, ms(median(br)))));
            // In one JVM, a freed ring's pages and heap resizing land in the next cell's Pss growth.
            if (!plan.fork()) {
                claims.add(pss.notMeasured("not measured: Pss growth needs fresh JVMs (this run used"
                        + " --no-fork or the tiny profile)"));
                continue;
            }
            List<double[]> bp = pairs.stream().map(p -> new double[] {p[0].pssBytes() / p[0].capacity()}).toList();
            List<double[]> cp = pairs.stream().map(p -> new double[] {p[1].pssBytes() / p[1].capacity()}).toList();
            claims.add(pss.judge(pool.paired("pss", bp, cp), String.format(Locale.ROOT, "Pss/N %s %.2f, %s %.2f",
                    base, median(bp), cand, median(cp))));
        }
        return claims;
    }

    /** Rounds in which both strategies of a claim produced numbers: (baseline, candidate) per round. */
    private List<CellResult[]> pairs(String base, String cand, long size) {
        Map<Integer, CellResult> b = new LinkedHashMap<>();
        cells(base, size).forEach(r -> b.put(r.round(), r));
        List<CellResult[]> pairs = new ArrayList<>();
        for (CellResult c : cells(cand, size)) {
            CellResult x = b.get(c.round());
            if (x != null) {
                pairs.add(new CellResult[] {x, c});
            }
        }
        return pairs;
    }

    private static double median(List<double[]> groups) {
        return Stats.of(groups.stream().flatMapToDouble(java.util.Arrays::stream).toArray()).median();
    }

    private String notMeasured(Optional<CellResult> b, Optional<CellResult> c) {
        String base = plan.baseline();
        String cand = plan.candidate();
        return (b.isEmpty() && c.isEmpty() ? base + " and " + cand : b.isEmpty() ? base : cand) + " not measured";
    }

    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        List<CellResult> merged = new ArrayList<>();
        for (MemoryStrategy s : plan.strategies()) {
            for (long size : plan.sizes()) {
                merged.add(find(s.name(), size).orElseGet(() -> CellResult.failed(s.name(), size, 0, plan.fork(),
                        "no round produced numbers")));
            }
        }
        for (CellResult r : merged) {
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

    /** One cell's rounds merged for tables and charts: every repetition, medians of the per-fork counters. */
    private Optional<CellResult> find(String strategy, long size) {
        List<CellResult> forks = cells(strategy, size);
        if (forks.isEmpty()) {
            return Optional.empty();
        }
        CellResult f = forks.getFirst();
        java.util.function.ToDoubleFunction<java.util.function.ToDoubleFunction<CellResult>> med =
                g -> Stats.of(forks.stream().mapToDouble(g).toArray()).median();
        return Optional.of(new CellResult(f.strategy(), f.elementSize(), f.capacity(), f.slots(),
                forks.stream().flatMapToDouble(r -> java.util.Arrays.stream(r.writeNsPerPut())).toArray(),
                forks.stream().flatMapToDouble(r -> java.util.Arrays.stream(r.readNs())).toArray(),
                med.applyAsDouble(CellResult::pssBytes), med.applyAsDouble(CellResult::rssBytes),
                med.applyAsDouble(CellResult::pssReleasedBytes), med.applyAsDouble(CellResult::extraBytesPerPut),
                med.applyAsDouble(CellResult::extraBytesPerRead), f.forked(), null));
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
