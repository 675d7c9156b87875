package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Stats;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

/** The history experiment's figures as an {@link ExperimentResult}: measurements, table, charts, seed 000's claims. */
public final class HistoryReport {

    static final List<String> HEADER = List.of("strategy", "element", "write ns/put [min..max]", "write GB/s",
            "read ms [min..max]", "read GB/s", "Pss MiB", "Pss/N", "Rss MiB", "Rss/N", "extra B/put", "extra B/read");

    static final List<String> COLD_HEADER = List.of("strategy", "rounds", "write ms [min..max]", "write CPU ms",
            "write faults", "Pss KiB", "Rss KiB", "VmSize KiB", "read ms [min..max]", "read faults");

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

    /** Seed 000's catalogue: every figure and band the claims judge against. */
    static final String SEED = "000";
    /** The strategies the seed's linearize sentence compares: boost-style rotation and double insertion. */
    static final String LINEARIZE = "linearize";
    static final String DOUBLED = "doubled";

    /** The figures the claims judge, as the catalogue names them ({@code HistoryExperiment.metrics()}). */
    static final java.util.Set<String> METRICS = java.util.Set.of("history.example-sum-0", "history.example-sum-1",
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
        coldMeasurements(ms, id);
        for (ColdResult c : colds) {
            if (!c.ok()) {
                skipped.add(c.strategy() + " cold runs (round " + (c.round() + 1) + ") FAILED: " + c.error());
            }
        }
        List<String> notes = new ArrayList<>(NOTES);
        notes.add("cold: seed 000's own runs under its conditions, each timed whole from a fresh mapping to its"
                + " unmapping (first-touch page faults included, as the seed timed one process per run), after the JIT"
                + " was warmed on a small ring; faults are the measuring thread's minor faults (/proc/thread-self/stat),"
                + " Pss/Rss/VmSize the growth once the write run's ring is full. The table above is the steady state"
                + " beside them: a ring already faulted in.");
        notes.add("differs from seed 000 on every figure: a 2-core KVM guest (4 KiB pages under EPT, a shared machine)"
                + " and a JVM copying each element from a source segment, where the seed's C memset it in place on bare"
                + " metal; a Java Arena zero-fills the doubled array when it allocates it, so the doubled array is"
                + " faulted in at allocation, where the seed's malloc block was faulted in by its first write or read");
        notes.add(String.format(Locale.ROOT, "Steady-state ring %s (rounded per cell to the element size and"
                        + " granularity), %d warm-up + %d timed repetitions, %s, %.1f s.", Sizes.format(plan.ringBytes()),
                plan.warmup(), plan.repetitions(), plan.fork() ? "one fresh JVM per strategy and round (its cold runs"
                        + " first, then its element sizes one after the other)" : "all cells in one JVM",
                elapsedSeconds));
        if (plan.cold() != null) {
            ColdRun.ColdPlan cp = plan.cold();
            notes.add(String.format(Locale.ROOT, "Cold runs (%s and %s only): write %d passes × %d elements of %s"
                            + " (the seed made %d passes), read %d passes × %d first longs of a fresh %d × %s.",
                    plan.baseline(), plan.candidate(), cp.writePasses(), cp.writeSlots(), Sizes.format(cp.writeElement()),
                    Profile.SEED_WRITE_PASSES, cp.readPasses(), cp.readSlots(), cp.readSlots(),
                    Sizes.format(cp.readElement())));
        }
        Table table = new Table("Write, whole-history read and physical memory per strategy and element size", HEADER,
                rows());
        Table coldTable = new Table("Seed 000's runs timed whole from a fresh mapping (cold), medians over rounds",
                COLD_HEADER, coldRows());
        return new ExperimentResult(id, seed, "Seed 000: its write and read runs from a fresh mapping, the steady state"
                + " per element size, physical memory", plan.profile().id(), ms, List.of(coldTable, table), List.of(speedUps("write", CellResult::writeNsPerPut),
                speedUps("whole-history read", CellResult::readNs)), claims(), notes,
                skipped);
    }

    /** One row per strategy that made cold runs: medians over its rounds. */
    List<List<String>> coldRows() {
        List<List<String>> rows = new ArrayList<>();
        for (MemoryStrategy strategy : plan.strategies()) {
            List<ColdResult> runs = colds.stream().filter(c -> c.ok() && c.strategy().equals(strategy.name())).toList();
            if (runs.isEmpty()) {
                continue;
            }
            Stats w = Stats.of(runs.stream().mapToDouble(ColdResult::writeNs).toArray());
            Stats r = Stats.of(runs.stream().mapToDouble(ColdResult::readNs).toArray());
            java.util.function.Function<java.util.function.ToDoubleFunction<ColdResult>, Double> med =
                    f -> Stats.median(runs.stream().mapToDouble(f).toArray());
            rows.add(List.of(strategy.name(), Integer.toString(runs.size()),
                    ms(w.median()) + " [" + ms(w.min()) + ".." + ms(w.max()) + "]",
                    ms(med.apply(ColdResult::writeCpuNs)), count(med.apply(ColdResult::writeFaults)),
                    count(med.apply(ColdResult::writePss) / Sizes.KIB), count(med.apply(ColdResult::writeRss) / Sizes.KIB),
                    count(med.apply(ColdResult::writeVsz) / Sizes.KIB),
                    ms(r.median()) + " [" + ms(r.min()) + ".." + ms(r.max()) + "]",
                    count(med.apply(ColdResult::readFaults))));
        }
        return rows;
    }

    /** The cold runs' times (a round each) and counts, per strategy, for results.json and diff. */
    private void coldMeasurements(List<Measurement> ms, String id) {
        for (MemoryStrategy strategy : plan.strategies()) {
            List<ColdResult> runs = colds.stream().filter(c -> c.ok() && c.strategy().equals(strategy.name()))
                    .sorted(java.util.Comparator.comparingInt(ColdResult::round)).toList();
            if (runs.isEmpty()) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("strategy", strategy.name());
            labels.put("element", "cold");
            ms.add(Measurement.ofForks(id, labels, "coldWrite", "ns/run", false, false,
                    runs.stream().map(c -> new double[] {c.writeNs()}).toList()));
            ms.add(Measurement.ofForks(id, labels, "coldRead", "ns/run", false, false,
                    runs.stream().map(c -> new double[] {c.readNs()}).toList()));
            if (runs.stream().allMatch(c -> Double.isFinite(c.writeFaults()))) {
                ms.add(Measurement.ofForks(id, labels, "coldWriteFaults", "faults", false, true,
                        runs.stream().map(c -> new double[] {c.writeFaults()}).toList()));
            }
        }
    }

    private static String count(double v) {
        return Double.isFinite(v) ? fixed(v, 0) : "-";
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
     * Every measurable result of seed 000's catalogue, judged on this run: first under the seed's
     * conditions (its example, its whole write and read runs from a fresh mapping: {@link ColdRun}),
     * then the steady state per element size beside them, judged against the same entries. Timed
     * figures on the t interval of their ratio over the paired rounds, the round variance pooled
     * per kind of figure; counts and sizes exactly.
     */
    List<Claim> claims() {
        return RoundPool.judge(this::claims);
    }

    private List<Claim> claims(RoundPool pool) {
        SeedCatalogue seed = SeedCatalogue.load(SEED);
        List<Claim> claims = new ArrayList<>();
        example(seed, claims);
        cold(seed, pool, claims);
        steady(seed, pool, claims);
        claims.add(linearize(seed.result("000.linearize-equals-double")));
        return claims;
    }

    /** The seed's example program, run on the candidate: its four element sums and the whole history's. */
    private void example(SeedCatalogue seed, List<Claim> claims) {
        String cand = plan.candidate();
        Optional<ColdResult> run = colds.stream().filter(c -> c.ok() && c.strategy().equals(cand)
                && c.exampleSums().length == ColdRun.EXAMPLE_SLOTS + 1).findFirst();
        for (int i = 0; i <= ColdRun.EXAMPLE_SLOTS; i++) {
            SeedResult r = seed.result(i < ColdRun.EXAMPLE_SLOTS ? "000.example-sum-" + i : "000.example-total");
            if (run.isEmpty()) {
                claims.add(r.notMeasured(cand + "'s example not measured: " + coldWhy(cand)));
                continue;
            }
            long[] sums = run.get().exampleSums();
            claims.add(r.judgeExact(sums[i], String.format(Locale.ROOT, "%s, %d puts of %d-byte elements into %d slots;"
                            + " element sums %s, whole history %d", cand, ColdRun.EXAMPLE_PUTS, ColdRun.EXAMPLE_ELEMENT,
                    ColdRun.EXAMPLE_SLOTS, java.util.Arrays.toString(java.util.Arrays.copyOf(sums, ColdRun.EXAMPLE_SLOTS)),
                    sums[ColdRun.EXAMPLE_SLOTS])));
        }
    }

    /** Why a strategy has no cold runs. */
    private String coldWhy(String strategy) {
        if (plan.cold() == null) {
            return "this run made no cold runs";
        }
        return colds.stream().filter(c -> c.strategy().equals(strategy) && !c.ok()).map(c -> "FAILED: " + c.error())
                .findFirst().orElse(strategy + " not measured");
    }

    /** The seed's whole runs: time and CPU ratios on their interval, faults and memory exactly. */
    private void cold(SeedCatalogue seed, RoundPool pool, List<Claim> claims) {
        String base = plan.baseline();
        String cand = plan.candidate();
        List<String> ids = List.of("000.valgrind-equal", "000.rss-doubled", "000.rss-mirrored", "000.rss-ratio",
                "000.pmap-totals", "000.write-ratio", "000.write-cpu-ratio", "000.write-faults-doubled",
                "000.write-faults-mirrored", "000.write-faults-ratio", "000.read-ratio",
                "000.read-cpu-ratio", "000.read-faults-doubled", "000.read-faults-mirrored");
        List<ColdResult[]> pairs = coldPairs(base, cand);
        if (pairs.isEmpty()) {
            String why = "not measured: " + (plan.cold() == null ? "this run made no cold runs"
                    : coldWhy(colds.stream().anyMatch(c -> c.ok() && c.strategy().equals(base)) ? cand : base));
            ids.forEach(id -> claims.add(seed.result(id).notMeasured(why)));
            return;
        }
        ColdRun.ColdPlan cp = pairs.getFirst()[0].plan();
        String write = String.format(Locale.ROOT, "whole runs of %d × %d puts into %d × %s, %d rounds",
                cp.writePasses(), cp.writeSlots(), cp.writeSlots(), Sizes.format(cp.writeElement()), pairs.size());
        String read = String.format(Locale.ROOT, "whole runs of %d × %d loads from a fresh %d × %s, %d rounds",
                cp.readPasses(), cp.readSlots(), cp.readSlots(), Sizes.format(cp.readElement()), pairs.size());
        double bf = medianOf(pairs, 0, ColdResult::writeFaults);
        double cf = medianOf(pairs, 1, ColdResult::writeFaults);
        double bp = medianOf(pairs, 0, ColdResult::writePss) / Sizes.KIB;
        double cpss = medianOf(pairs, 1, ColdResult::writePss) / Sizes.KIB;
        double brss = medianOf(pairs, 0, ColdResult::writeRss) / Sizes.KIB;
        double crss = medianOf(pairs, 1, ColdResult::writeRss) / Sizes.KIB;
        double bv = medianOf(pairs, 0, ColdResult::writeVsz) / Sizes.KIB;
        double cv = medianOf(pairs, 1, ColdResult::writeVsz) / Sizes.KIB;
        String faults = String.format(Locale.ROOT, "minor faults %s %.0f, %s %.0f", base, bf, cand, cf);
        String memory = String.format(Locale.ROOT, "Pss growth %s %.0f KiB, %s %.0f KiB; Rss growth %s %.0f KiB, %s"
                + " %.0f KiB; %s", base, bp, cand, cpss, base, brss, cand, crss, write);

        claims.add(exact(seed.result("000.valgrind-equal"), bv / cv, String.format(Locale.ROOT,
                "address space added: %s %.0f KiB, %s %.0f KiB; %s", base, bv, cand, cv, write)));
        claims.add(exact(seed.result("000.rss-doubled"), bp, memory));
        claims.add(exact(seed.result("000.rss-mirrored"), cpss, memory));
        claims.add(exact(seed.result("000.rss-ratio"), bp / cpss, memory));
        claims.add(exact(seed.result("000.pmap-totals"), brss / crss, memory));

        Estimate wt = pool.paired("cold-write", column(pairs, 0, r -> r.writeNs()), column(pairs, 1, r -> r.writeNs()));
        claims.add(seed.result("000.write-ratio").judge(wt, String.format(Locale.ROOT, "%s %s ms, %s %s ms; %s; %s",
                base, ms(medianOf(pairs, 0, r -> r.writeNs())), cand, ms(medianOf(pairs, 1, r -> r.writeNs())), faults,
                write)));
        Estimate wc = pool.paired("cold-write-cpu", column(pairs, 0, r -> r.writeCpuNs()),
                column(pairs, 1, r -> r.writeCpuNs()));
        claims.add(seed.result("000.write-cpu-ratio").judge(wc, String.format(Locale.ROOT, "thread CPU %s %s ms, %s %s"
                        + " ms; %s", base, ms(medianOf(pairs, 0, r -> r.writeCpuNs())), cand,
                ms(medianOf(pairs, 1, r -> r.writeCpuNs())), write)));
        claims.add(exact(seed.result("000.write-faults-doubled"), bf, faults + "; " + write + "; " + pages(cp, base)));
        claims.add(exact(seed.result("000.write-faults-mirrored"), cf, faults + "; " + write + "; " + pages(cp, cand)));
        claims.add(exact(seed.result("000.write-faults-ratio"), bf / cf, faults + "; " + write));

        double brf = medianOf(pairs, 0, ColdResult::readFaults);
        double crf = medianOf(pairs, 1, ColdResult::readFaults);
        String readFaults = String.format(Locale.ROOT, "minor faults %s %.0f, %s %.0f (%d elements read, %s a page)",
                base, brf, cand, crf, cp.readSlots(), Sizes.format(Environment.pageSizeBytes().orElse(4096L)));
        Estimate rt = pool.paired("cold-read", column(pairs, 1, r -> r.readNs()), column(pairs, 0, r -> r.readNs()));
        String readTimes = String.format(Locale.ROOT, "%s %s ms, %s %s ms; %s; %s", cand,
                ms(medianOf(pairs, 1, r -> r.readNs())), base, ms(medianOf(pairs, 0, r -> r.readNs())), readFaults, read);
        claims.add(seed.result("000.read-ratio").judge(rt, readTimes));
        Estimate rc = pool.paired("cold-read-cpu", column(pairs, 1, r -> r.readCpuNs()),
                column(pairs, 0, r -> r.readCpuNs()));
        claims.add(seed.result("000.read-cpu-ratio").judge(rc, String.format(Locale.ROOT, "thread CPU %s %s ms, %s %s"
                        + " ms; %s", cand, ms(medianOf(pairs, 1, r -> r.readCpuNs())), base,
                ms(medianOf(pairs, 0, r -> r.readCpuNs())), read)));
        claims.add(exact(seed.result("000.read-faults-doubled"), brf, readFaults + "; " + read));
        claims.add(exact(seed.result("000.read-faults-mirrored"), crf, readFaults + "; " + read));
    }

    /** What a run's fault count is made of: the ring's pages, once or twice. */
    private static String pages(ColdRun.ColdPlan cp, String strategy) {
        long page = Environment.pageSizeBytes().orElse(4096L);
        long n = cp.writeElement() * cp.writeSlots() / page;
        return String.format(Locale.ROOT, "the ring is N = %d pages of %s (%s: %s)", n, Sizes.format(page), strategy,
                strategy.equals(DOUBLED) ? "2N = " + 2 * n + " to touch" : "N to touch");
    }

    /** An exact figure, or not measured where this machine gave none (no /proc). */
    private static Claim exact(SeedResult r, double value, String detail) {
        return Double.isFinite(value) ? r.judgeExact(value, detail)
                : r.notMeasured("not measured: this system gave no figure (" + detail + ")");
    }

    /**
     * The steady state beside the seed's runs: a ring already faulted in, per element size,
     * judged against the seed's write and read figures and its memory ratio, each claim's text
     * saying which size.
     */
    private void steady(SeedCatalogue seed, RoundPool pool, List<Claim> claims) {
        String base = plan.baseline();
        String cand = plan.candidate();
        SeedResult write = seed.result("000.write-ratio");
        SeedResult read = seed.result("000.read-ratio");
        SeedResult pss = seed.result("000.rss-ratio");
        String llc = Environment.lastLevelCacheBytes().map(Sizes::format).orElse("unknown");
        for (long size : plan.sizes()) {
            List<CellResult[]> pairs = pairs(base, cand, size);
            long capacity = pairs.isEmpty() ? HistoryCell.capacityFor(plan.ringBytes(), size, 1)
                    : pairs.getFirst()[1].capacity();
            String where = String.format(Locale.ROOT, " (steady state: a ring already faulted in, %s elements, ring %s)",
                    Sizes.format(size), Sizes.format(capacity));
            if (pairs.isEmpty()) {
                String why = notMeasured(find(base, size), find(cand, size));
                claims.add(steadyClaim(write.notMeasured(why), where));
                claims.add(steadyClaim(read.notMeasured(why), where));
                claims.add(steadyClaim(pss.notMeasured(why), where));
                continue;
            }
            String cache = String.format(Locale.ROOT, "%s holds %s, %s %s; last-level cache %s",
                    base, Sizes.format(2 * capacity), cand, Sizes.format(capacity), llc);
            List<double[]> bw = pairs.stream().map(p -> p[0].writeNsPerPut()).toList();
            List<double[]> cw = pairs.stream().map(p -> p[1].writeNsPerPut()).toList();
            claims.add(steadyClaim(write.judge(pool.paired("write", bw, cw), String.format(Locale.ROOT,
                    "%s %s, %s %s ns/put; extra bytes/put %s %s, %s %s; %s", base, ns(median(bw)), cand, ns(median(cw)),
                    base, bytes(pairs.getFirst()[0].extraBytesPerPut()), cand,
                    bytes(pairs.getFirst()[1].extraBytesPerPut()), cache)), where));
            List<double[]> br = pairs.stream().map(p -> p[0].readNs()).toList();
            List<double[]> cr = pairs.stream().map(p -> p[1].readNs()).toList();
            claims.add(steadyClaim(read.judge(pool.paired("read", cr, br), String.format(Locale.ROOT,
                    "%s %s, %s %s ms per whole-history read (every byte, where the seed loaded one long per element);"
                            + " %s", cand, ms(median(cr)), base, ms(median(br)), cache)), where));
            // In one JVM, a freed ring's pages and heap resizing land in the next cell's Pss growth.
            if (!plan.fork()) {
                claims.add(steadyClaim(pss.notMeasured("not measured: Pss growth of a steady-state cell needs a fresh JVM"
                        + " (this run used --no-fork or the tiny profile)"), where));
                continue;
            }
            double bp = Stats.median(pairs.stream().mapToDouble(p -> p[0].pssBytes()).toArray());
            double cp = Stats.median(pairs.stream().mapToDouble(p -> p[1].pssBytes()).toArray());
            claims.add(steadyClaim(pss.judgeExact(bp / cp, String.format(Locale.ROOT, "Pss/N %s %.2f, %s %.2f (medians"
                    + " over %d rounds)", base, bp / capacity, cand, cp / capacity, pairs.size())), where));
        }
    }

    /** A steady-state claim: the entry's claim, its text saying under which conditions. */
    private static Claim steadyClaim(Claim c, String where) {
        return new Claim(c.id(), c.claim() + where, c.measured(), c.verdict(), c.judgement());
    }

    /**
     * Linearize's rotation against double insertion, in bytes moved beyond the single copy: one
     * whole-history read of linearize against one ring's worth of puts into the doubled array.
     */
    private Claim linearize(SeedResult r) {
        List<Long> order = new ArrayList<>(plan.sizes());
        if (order.remove(Profile.SEED_ELEMENT)) {
            order.addFirst(Profile.SEED_ELEMENT);
        }
        for (long size : order) {
            Optional<CellResult> lin = find(LINEARIZE, size);
            Optional<CellResult> dbl = find(DOUBLED, size);
            if (lin.isEmpty() || dbl.isEmpty() || !Double.isFinite(lin.get().extraBytesPerRead())
                    || !Double.isFinite(dbl.get().extraBytesPerPut()) || dbl.get().extraBytesPerPut() <= 0) {
                continue;
            }
            double rotate = lin.get().extraBytesPerRead();
            double insert = dbl.get().extraBytesPerPut() * dbl.get().slots();
            return r.judgeExact(rotate / insert, String.format(Locale.ROOT, "%s elements, ring %s: %s moves %s B per"
                            + " whole-history read, %s %s B per ring's worth of puts (%d × %s B)", Sizes.format(size),
                    Sizes.format(lin.get().capacity()), LINEARIZE, bytes(rotate), DOUBLED, bytes(insert),
                    dbl.get().slots(), bytes(dbl.get().extraBytesPerPut())));
        }
        return r.notMeasured("not measured: " + LINEARIZE + " and " + DOUBLED + " did not both measure an element size");
    }

    /** Rounds in which both strategies made their cold runs: (baseline, candidate) per round. */
    private List<ColdResult[]> coldPairs(String base, String cand) {
        Map<Integer, ColdResult> b = new LinkedHashMap<>();
        colds.stream().filter(c -> c.ok() && c.strategy().equals(base)).forEach(c -> b.put(c.round(), c));
        List<ColdResult[]> pairs = new ArrayList<>();
        colds.stream().filter(c -> c.ok() && c.strategy().equals(cand)).sorted(java.util.Comparator.comparingInt(
                ColdResult::round)).forEach(c -> {
                    ColdResult x = b.get(c.round());
                    if (x != null) {
                        pairs.add(new ColdResult[] {x, c});
                    }
                });
        return pairs;
    }

    /** One side's figure, a round each, as paired rounds of one sample. */
    private static List<double[]> column(List<ColdResult[]> pairs, int side,
                                         java.util.function.ToDoubleFunction<ColdResult> f) {
        return pairs.stream().map(p -> new double[] {f.applyAsDouble(p[side])}).toList();
    }

    private static double medianOf(List<ColdResult[]> pairs, int side,
                                   java.util.function.ToDoubleFunction<ColdResult> f) {
        return Stats.median(pairs.stream().mapToDouble(p -> f.applyAsDouble(p[side])).toArray());
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
        return Stats.median(groups.stream().flatMapToDouble(java.util.Arrays::stream).toArray());
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
                g -> Stats.median(forks.stream().mapToDouble(g).toArray());
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
