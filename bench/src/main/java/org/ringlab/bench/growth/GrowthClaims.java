package org.ringlab.bench.growth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Bootstrap;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.Stats;

/**
 * Seed 002's results judged from its catalogue, each on the workload of the seed's own test
 * (the copy example, the realloc program), and ringlab's own goals beside them. Every figure the
 * seed gives here is deterministic to a few pages (peak RSS, the RSS rise of a step, moves, page
 * faults), so each is judged exactly on the median of the repetitions, their range in the detail.
 */
final class GrowthClaims {

    static final String SEED = "002";

    /** The metrics this class judges, as the catalogue names them. */
    static final String COPY_PEAK_MIB = "growth.copy-peak-mib";
    static final String COPY_PEAK_RATIO = "growth.copy-peak-ratio";
    static final String COPY_GROW_RSS_MIB = "growth.copy-grow-rss-mib";
    static final String REALLOC_MOVES = "growth.realloc-moves";
    static final String REALLOC_RSS_STEP_MIB = "growth.realloc-rss-step-mib";
    static final String REALLOC_PEAK_MIB = "growth.realloc-peak-mib";
    static final String REALLOC_FAULTS_PER_PAGE = "growth.realloc-faults-per-page";
    static final Set<String> METRICS = Set.of(COPY_PEAK_MIB, COPY_PEAK_RATIO, COPY_GROW_RSS_MIB, REALLOC_MOVES,
            REALLOC_RSS_STEP_MIB, REALLOC_PEAK_MIB, REALLOC_FAULTS_PER_PAGE);

    /** The strategy the seed's copy example is: a runtime that zeroes every new array. */
    static final String ZEROING_COPY = "copy-doubling-heap";
    /** The same growth in C, no zeroing: shown beside. */
    static final String NATIVE_COPY = "copy-doubling-native";
    static final String REALLOC = "realloc";

    /** ringlab's goal: growing without a copy keeps the peak at most this many final sizes. */
    static final double NO_COPY_PEAK_GOAL = 1.1;
    /** ringlab's goal: mremap's growth steps at least this many times faster than copying's. */
    static final double SPEED_UP_GOAL = 5;
    /** The growth-step time ratios (copying's over mremap's) of one workload pool their round variance. */
    static final String STEP_TIME_POOL = "growth-step time ratios";

    private GrowthClaims() {
    }

    /** Every claim of one evaluation: each measurable catalogue entry once, then the goals. */
    static List<Claim> of(List<GrowthReport> reports) {
        SeedCatalogue catalogue = SeedCatalogue.load(SEED);
        List<Claim> claims = new ArrayList<>();
        Optional<GrowthReport> copy = find(reports, GrowthCase.Kind.SEED_COPY);
        Optional<GrowthReport> realloc = find(reports, GrowthCase.Kind.SEED_REALLOC);
        for (SeedResult r : catalogue.results()) {
            if (!r.measurable()) {
                continue;
            }
            claims.add(switch (r.metric()) {
                case COPY_PEAK_MIB -> exact(r, copy, ZEROING_COPY, s -> mib(s.peakRssGrowthBytes()), GrowthClaims::copyDetail);
                case COPY_PEAK_RATIO -> exact(r, copy, ZEROING_COPY, GrowthSample::peakRatio, GrowthClaims::copyDetail);
                case COPY_GROW_RSS_MIB -> exact(r, copy, ZEROING_COPY, s -> s.lastAppendRssRise() / Sizes.MIB,
                        GrowthClaims::copyDetail);
                case REALLOC_MOVES -> exact(r, realloc, REALLOC, GrowthSample::moves, GrowthClaims::movesDetail);
                case REALLOC_RSS_STEP_MIB -> exact(r, realloc, REALLOC, s -> s.medianAppendRssRise() / Sizes.MIB,
                        GrowthClaims::reallocDetail);
                case REALLOC_PEAK_MIB -> exact(r, realloc, REALLOC, s -> mib(s.peakRssGrowthBytes()),
                        GrowthClaims::reallocDetail);
                case REALLOC_FAULTS_PER_PAGE -> exact(r, realloc, REALLOC, GrowthSample::faultsPerPage,
                        GrowthClaims::reallocDetail);
                default -> throw new IllegalStateException("catalogue entry " + r.id() + " names metric " + r.metric()
                        + ", which the growth experiment does not measure");
            });
        }
        // The goals on the largest workload that ran: the full profile's power of two, else the copy example.
        reports.stream().filter(x -> x.caseKind() != GrowthCase.Kind.SEED_REALLOC)
                .max((a, b) -> Long.compare(a.plan().workload().targetBytes(), b.plan().workload().targetBytes()))
                .ifPresent(x -> claims.addAll(RoundPool.judge(pool -> goals(x, pool))));
        return claims;
    }

    /** A workload given on the command line: not the seed's conditions, so every entry is not measured; the goals. */
    static List<Claim> custom(GrowthReport report) {
        List<Claim> claims = new ArrayList<>();
        for (SeedResult r : SeedCatalogue.load(SEED).results()) {
            if (r.measurable()) {
                claims.add(r.notMeasured("a workload of its own (" + report.plan().workload() + "); the seed's"
                        + " conditions run without --target, --chunk, --initial and --factor"));
            }
        }
        claims.addAll(RoundPool.judge(pool -> goals(report, pool)));
        return claims;
    }

    private static Claim exact(SeedResult r, Optional<GrowthReport> report, String strategy,
                               ToDoubleFunction<GrowthSample> figure,
                               BiFunction<GrowthReport, GrowthCell, String> detail) {
        if (report.isEmpty()) {
            return r.notMeasured("the workload of the seed's test did not run");
        }
        Optional<GrowthCell> cell = report.get().find(strategy);
        if (cell.isEmpty()) {
            return r.notMeasured(strategy + " not measured (left out, unavailable or failed)");
        }
        double[] v = cell.get().samples().stream().mapToDouble(figure).filter(Double::isFinite).toArray();
        if (v.length == 0) {
            return r.notMeasured(strategy + " gave no figure (no /proc/self here)");
        }
        Stats s = Stats.of(v);
        String range = v.length == 1 ? "one repetition" : String.format(Locale.ROOT, "median of %d repetitions, %s … %s",
                v.length, num(s.min()), num(s.max()));
        return r.judgeExact(s.median(), strategy + " at " + report.get().plan().workload().targetBytes() + " bytes ("
                + range + "); " + detail.apply(report.get(), cell.get()));
    }

    /** Where the copy example's peak comes from: the last grow's RSS rise, the capacity, and the C copy beside. */
    private static String copyDetail(GrowthReport report, GrowthCell heap) {
        GrowthSample s = heap.first();
        String beside = report.find(NATIVE_COPY).map(n -> GrowthReport.TEXT.text("claim.copy-beside", NATIVE_COPY,
                n.peakRatio().median(), num(mib(n.first().peakRssGrowthBytes())))).orElse("");
        long[] rss = s.rssAfterAppend();
        // Before the last append the buffer held the data; what VmRSS held beyond it is the dropped arrays not yet collected.
        double before = rss.length < 2 ? Double.NaN : (rss[rss.length - 2] - s.baselineRssBytes()) / (double) Sizes.MIB;
        double data = (s.finalBytes() - 1) / (double) Sizes.MIB;
        return GrowthReport.TEXT.text("claim.copy", Sizes.format(s.finalCapacity()),
                num(before), num(data), num(before - data), num(s.lastAppendRssRise() / Sizes.MIB),
                num(s.bytesCopied() / (double) Sizes.MIB), beside);
    }

    private static String movesDetail(GrowthReport report, GrowthCell realloc) {
        String at = Arrays.stream(realloc.first().movedAtBytes()).mapToObj(GrowthCase::size).collect(Collectors.joining(", "));
        return "moved after the appends that made it " + (at.isEmpty() ? "(never)" : at) + "; " + reallocDetail(report, realloc);
    }

    private static String reallocDetail(GrowthReport report, GrowthCell realloc) {
        GrowthSample s = realloc.first();
        return GrowthReport.TEXT.text("claim.realloc", s.moves(),
                num(mib(s.peakRssGrowthBytes())), num(s.medianAppendRssRise() / Sizes.MIB), s.threadMinorFaults(),
                s.finalBytes() / GrowthSample.PAGE, s.faultsPerPage());
    }

    /** ringlab's goals (no seed states them): no-copy growth peaks at the final size; mremap grows 5× faster than copying. */
    static List<Claim> goals(GrowthReport report, RoundPool pool) {
        List<Claim> claims = new ArrayList<>();
        String at = " (" + GrowthCase.size(report.plan().workload().targetBytes()) + ")";
        for (String name : List.of("mremap", "reserve-commit")) {
            String text = String.format(Locale.ROOT, "ringlab: %s's peak resident memory ≤ %.1f× the final size%s", name,
                    NO_COPY_PEAK_GOAL, at);
            Claim c = report.find(name).map(cell -> SeedClaim.of(text, "—")
                    .atMost("peak/final", NO_COPY_PEAK_GOAL, SeedClaim.figure(peaks(cell))).build().toClaim(""))
                    .orElse(SeedClaim.notMeasured(text, "—", name + " not measured"));
            claims.add(Claim.goal("no-copy-peak-" + name, c));
        }
        Optional<GrowthCell> mremap = report.find("mremap");
        for (String base : List.of(ZEROING_COPY, NATIVE_COPY)) {
            String text = String.format(Locale.ROOT, "ringlab: mremap's growth steps ≥ %.0f× faster than %s's%s",
                    SPEED_UP_GOAL, base, at);
            Optional<GrowthCell> b = report.find(base);
            if (mremap.isEmpty() || b.isEmpty()) {
                claims.add(Claim.goal("mremap-speed-vs-" + base, SeedClaim.notMeasured(text, "—",
                        (mremap.isEmpty() ? "mremap" : base) + " not measured")));
                continue;
            }
            double[] slow = b.get().samples().stream().mapToDouble(GrowthSample::growthNanos).toArray();
            double[] fast = mremap.get().samples().stream().mapToDouble(GrowthSample::growthNanos).toArray();
            // Paired when both have every round (interleaved); a strategy that failed mid-way leaves them unpaired.
            Estimate e = slow.length == fast.length
                    ? pool.ratioOfForks(STEP_TIME_POOL, List.of(slow), List.of(fast))
                    : Bootstrap.unpaired(SeedClaim.rounds(fast), SeedClaim.rounds(slow));
            double total = b.get().totalNanos().median() / mremap.get().totalNanos().median();
            claims.add(Claim.goal("mremap-speed-vs-" + base, SeedClaim.of(text, "—")
                    .atLeast(base + " / mremap growth-step time", SPEED_UP_GOAL, e).build()
                    .toClaim(String.format(Locale.ROOT, "%.1fx in total, appends included", total))));
        }
        return claims;
    }

    private static double[] peaks(GrowthCell c) {
        return c.samples().stream().mapToDouble(GrowthSample::peakRatio).filter(Double::isFinite).toArray();
    }

    private static Optional<GrowthReport> find(List<GrowthReport> reports, GrowthCase.Kind kind) {
        return reports.stream().filter(r -> r.caseKind() == kind).findFirst();
    }

    private static double mib(long bytes) {
        return bytes < 0 ? Double.NaN : bytes / (double) Sizes.MIB;
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.2f", v) : "?";
    }
}
