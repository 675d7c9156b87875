package org.ringlab.bench.growth;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.bench.util.Stats;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthWorkload;

/** The growth experiment's figures as an {@link ExperimentResult}: measurements, table, charts, seed 002's claims. */
public final class GrowthReport {

    static final List<String> HEADER = List.of("strategy", "final", "peak RSS MiB", "peak/final", "grows", "moves",
            "moved MiB", "copied MiB", "time ms [min..max]", "growth ms [min..max]");

    /** Seed 002's and the expectations, checked in the summary. */
    static final double NO_COPY_PEAK_GOAL = 1.1;
    static final double SPEED_UP_GOAL = 5;

    private static final List<String> NOTES = List.of(
            "peak RSS: how far VmHWM rose above VmRSS from just before the buffer was allocated to just after the last"
                    + " append (the peak reset through /proc/self/clear_refs, each repetition in a fresh JVM);"
                    + " peak/final divides it by the final size. Median of the repetitions.",
            "grows: growth steps; moves: steps after which the buffer's address had changed; moved: the live bytes"
                    + " at those moves; copied: the bytes growth copied (\"?\" where libc does not say: realloc"
                    + " remaps large blocks with mremap and copies small ones, so moved is only its upper bound).",
            "time: allocation plus every append (a copy of 1 MiB into the buffer, page faults included); growth: the"
                    + " part of it spent inside growth steps. Medians, [min..max] over the repetitions.",
            "Seed 002 expects copy-doubling to need about 3x the data at its peak (a zeroed array twice the size next"
                    + " to the old one) and realloc/mremap about 1x. The peak of copying depends on where the final"
                    + " size falls: just past a power of two (--target 65M) is the worst case, exactly a power of two"
                    + " (64M) the best.");

    /** Seed 002: copy-doubling peaks at about 3x the data; judged within this band. */
    static final double COPY_PEAK_LOW = 2.5;
    static final double COPY_PEAK_HIGH = 3.5;
    /** Seed 002: realloc and mremap peak at about 1x; judged up to this. */
    static final double REMAP_PEAK_HIGH = 1.25;
    /**
     * The growth-step time ratios (copying's over mremap's) pool their round variance: alike
     * noisy (one fresh JVM per repetition, each timing the same appends), with 2 repetitions a
     * ratio's own variance has one degree of freedom.
     */
    static final String STEP_TIME_POOL = "growth-step time ratios";

    private final GrowthPlan plan;
    private final List<GrowthCell> cells;
    private final double elapsedSeconds;

    public GrowthReport(GrowthPlan plan, List<GrowthCell> cells, double elapsedSeconds) {
        this.plan = plan;
        this.cells = List.copyOf(cells);
        this.elapsedSeconds = elapsedSeconds;
    }

    /** Everything for the report: every repetition's figures, the table, two charts, seed 002's claims. */
    public ExperimentResult result(String id, String seed) {
        return result(id, seed, claims());
    }

    /** As {@link #result(String, String)} with {@code claims} judged elsewhere (pooled with another case's). */
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
        }
        List<String> skipped = new ArrayList<>(plan.skipped());
        cells.stream().filter(c -> !c.ok()).forEach(c -> skipped.add(c.strategy() + " FAILED: " + c.error()));
        List<String> notes = new ArrayList<>(NOTES);
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

    /** Per strategy in {@code names}: every repetition's figure ÷ {@code scale}, for the charts' whiskers. */
    private double[][] samples(List<String> names, java.util.function.ToDoubleFunction<GrowthSample> figure,
                               double scale) {
        return names.stream().map(n -> find(n).orElseThrow().samples().stream().mapToDouble(figure)
                .map(v -> v / scale).toArray()).toArray(double[][]::new);
    }

    private static void add(List<Measurement> ms, String id, Map<String, String> labels, String metric, String unit,
                            boolean counter, GrowthCell c, java.util.function.ToDoubleFunction<GrowthSample> figure) {
        double[] v = c.samples().stream().mapToDouble(figure).filter(Double::isFinite).toArray();
        if (v.length > 0) {
            ms.add(new Measurement(id, labels, metric, unit, false, counter, v));
        }
    }

    private String header() {
        GrowthWorkload w = plan.workload();
        return String.format(Locale.ROOT, "Grow to %s in %s appends from %s (factor %d), %d repetitions, %s, %.1f s",
                Sizes.format(w.targetBytes()), Sizes.format(w.chunkBytes()), Sizes.format(w.initialCapacity()), w.factor(),
                plan.repetitions(), plan.fork() ? "one fresh JVM per repetition" : "all repetitions in one JVM",
                elapsedSeconds);
    }

    /**
     * Seed 002's claims and the goals, each judged on the interval of this run's
     * repetitions (one forked JVM each): a peak ratio against its threshold, a speed-up on the
     * repetitions paired by round (the strategies' repetitions are interleaved), its round variance
     * pooled over this run's growth-step time ratios ({@link #STEP_TIME_POOL}).
     */
    List<Claim> claims() {
        return RoundPool.judge(this::claims);
    }

    /** The claims, the growth-step time ratios' round variance pooled in {@code pool}. */
    List<Claim> claims(RoundPool pool) {
        List<Claim> claims = new ArrayList<>();
        boolean powerOfTwo = Long.bitCount(plan.workload().targetBytes()) == 1;
        for (String name : List.of("copy-doubling-heap", "copy-doubling-native")) {
            String claim = "seed 002: " + name + " needs about 3x the data at its peak";
            claims.add(find(name).map(c -> SeedClaim.of(claim + String.format(Locale.ROOT, " (peak/final within %.1f … %.1f)",
                            COPY_PEAK_LOW, COPY_PEAK_HIGH), "≈3× (worst case)")
                    .within("peak/final", COPY_PEAK_LOW, COPY_PEAK_HIGH, SeedClaim.figure(peaks(c))).build()
                    .toClaim(powerOfTwo ? "the final size is a power of two: copying's best case; the seed's 3x is its "
                            + "worst" : "")).orElse(SeedClaim.notMeasured(claim, "≈3×", name + " not measured")));
        }
        for (String name : List.of("realloc", "mremap")) {
            String claim = "seed 002: " + name + " needs about 1x the data at its peak";
            claims.add(find(name).map(c -> SeedClaim.of(claim + String.format(Locale.ROOT, " (peak/final ≤ %.2f)",
                            REMAP_PEAK_HIGH), "≈1×")
                    .atMost("peak/final", REMAP_PEAK_HIGH, SeedClaim.figure(peaks(c))).build().toClaim(""))
                    .orElse(SeedClaim.notMeasured(claim, "≈1×", name + " not measured")));
        }
        for (String name : List.of("mremap", "reserve-commit")) {
            String claim = String.format(Locale.ROOT, "goal: %s peak resident memory <= %.1fx the final size", name,
                    NO_COPY_PEAK_GOAL);
            claims.add(find(name).map(c -> SeedClaim.of(claim, "≈1×")
                    .atMost("peak/final", NO_COPY_PEAK_GOAL, SeedClaim.figure(peaks(c))).build().toClaim(""))
                    .orElse(SeedClaim.notMeasured(claim, "≈1×", name + " not measured")));
        }
        Optional<GrowthCell> mremap = find("mremap");
        for (String base : List.of("copy-doubling-heap", "copy-doubling-native")) {
            String claim = String.format(Locale.ROOT, "goal: mremap's growth steps >= %.0fx faster than %s's (stated for"
                    + " 1 GiB)", SPEED_UP_GOAL, base);
            Optional<GrowthCell> b = find(base);
            if (mremap.isEmpty() || b.isEmpty()) {
                claims.add(SeedClaim.notMeasured(claim, "5×", (mremap.isEmpty() ? "mremap" : base) + " not measured"));
                continue;
            }
            double[] slow = b.get().samples().stream().mapToDouble(GrowthSample::growthNanos).toArray();
            double[] fast = mremap.get().samples().stream().mapToDouble(GrowthSample::growthNanos).toArray();
            // Paired when both have every round (interleaved); a strategy that failed mid-way leaves them unpaired.
            org.ringlab.bench.harness.Estimate e = slow.length == fast.length
                    ? pool.ratioOfForks(STEP_TIME_POOL, List.of(slow), List.of(fast))
                    : org.ringlab.bench.harness.Bootstrap.unpaired(SeedClaim.rounds(fast), SeedClaim.rounds(slow));
            double total = b.get().totalNanos().median() / mremap.get().totalNanos().median();
            claims.add(SeedClaim.of(claim, "5×").atLeast(base + " / mremap growth-step time", SPEED_UP_GOAL, e).build()
                    .toClaim(String.format(Locale.ROOT, "%.1fx in total, appends included, at %s", total,
                            Sizes.format(plan.workload().targetBytes()))));
        }
        return claims;
    }

    private static double[] peaks(GrowthCell c) {
        return c.samples().stream().mapToDouble(GrowthSample::peakRatio).filter(Double::isFinite).toArray();
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
            rows.add(List.of(c.strategy(), Sizes.format(c.first().finalBytes()), Sizes.mib(peak.median()),
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

    private Optional<GrowthCell> find(String strategy) {
        return cells.stream().filter(c -> c.ok() && c.strategy().equals(strategy)).findFirst();
    }

    /** A count that may differ between repetitions (moves of realloc and mremap depend on the address space). */
    private static String count(Stats s) {
        return s.min() == s.max() ? fixed(s.median(), 0) : fixed(s.median(), 0) + " [" + fixed(s.min(), 0) + ".."
                + fixed(s.max(), 0) + "]";
    }

    private static String ms(Stats nanos) {
        return ms(nanos.median()) + " [" + ms(nanos.min()) + ".." + ms(nanos.max()) + "]";
    }

    private static String ms(double nanos) {
        double v = nanos / 1e6;
        return v >= 100 ? fixed(v, 0) : v >= 1 ? fixed(v, 1) : fixed(v, 3);
    }

    static String ratio(double v) {
        return Double.isFinite(v) ? fixed(v, 2) : "-";
    }

    private static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
