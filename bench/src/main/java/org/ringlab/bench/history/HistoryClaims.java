package org.ringlab.bench.history;

import static org.ringlab.bench.history.HistoryReport.DOUBLED;
import static org.ringlab.bench.history.HistoryReport.LINEARIZE;
import static org.ringlab.bench.history.HistoryReport.TEXT;
import static org.ringlab.bench.history.HistoryReport.bytes;
import static org.ringlab.bench.history.HistoryReport.ms;
import static org.ringlab.bench.history.HistoryReport.ns;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.Stats;

/**
 * Seed 000's claims on one history run ({@link HistoryReport}'s rounds): every measurable result
 * of its catalogue, first under the seed's conditions (its example, its whole write and read
 * runs from a fresh mapping: {@link ColdRun}), then the steady state per element size beside
 * them, judged against the same entries. Timed figures on the t interval of their ratio over the
 * paired rounds, the round variance pooled per kind of figure; counts and sizes exactly.
 */
final class HistoryClaims {

    /** Seed 000's catalogue: every figure and band the claims judge against. */
    private static final String SEED = "000";

    private final HistoryReport report;
    private final HistoryPlan plan;
    private final List<ColdResult> colds;

    HistoryClaims(HistoryReport report, HistoryPlan plan, List<ColdResult> colds) {
        this.report = report;
        this.plan = plan;
        this.colds = colds;
    }

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
            claims.add(r.judgeExact(sums[i], TEXT.text("claim.example", cand, ColdRun.EXAMPLE_PUTS, ColdRun.EXAMPLE_ELEMENT,
                    ColdRun.EXAMPLE_SLOTS, Arrays.toString(Arrays.copyOf(sums, ColdRun.EXAMPLE_SLOTS)),
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
        String write = TEXT.text("claim.write-runs",
                cp.writePasses(), cp.writeSlots(), cp.writeSlots(), Sizes.format(cp.writeElement()), pairs.size());
        String read = TEXT.text("claim.read-runs",
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
        String memory = TEXT.text("claim.memory", base, bp, cand, cpss, base, brss, cand, crss, write);

        claims.add(exact(seed.result("000.valgrind-equal"), bv / cv, TEXT.text("claim.vsz", base, bv, cand, cv, write)));
        claims.add(exact(seed.result("000.rss-doubled"), bp, memory));
        claims.add(exact(seed.result("000.rss-mirrored"), cpss, memory));
        claims.add(exact(seed.result("000.rss-ratio"), bp / cpss, memory));
        claims.add(exact(seed.result("000.pmap-totals"), brss / crss, memory));

        Estimate wt = pool.paired("cold-write", column(pairs, 0, ColdResult::writeNs), column(pairs, 1, ColdResult::writeNs));
        claims.add(seed.result("000.write-ratio").judge(wt, String.format(Locale.ROOT, "%s %s ms, %s %s ms; %s; %s",
                base, ms(medianOf(pairs, 0, ColdResult::writeNs)), cand, ms(medianOf(pairs, 1, ColdResult::writeNs)), faults,
                write)));
        Estimate wc = pool.paired("cold-write-cpu", column(pairs, 0, ColdResult::writeCpuNs),
                column(pairs, 1, ColdResult::writeCpuNs));
        claims.add(seed.result("000.write-cpu-ratio").judge(wc, TEXT.text("claim.cpu", base,
                ms(medianOf(pairs, 0, ColdResult::writeCpuNs)), cand, ms(medianOf(pairs, 1, ColdResult::writeCpuNs)), write)));
        claims.add(exact(seed.result("000.write-faults-doubled"), bf, faults + "; " + write + "; " + pages(cp, base)));
        claims.add(exact(seed.result("000.write-faults-mirrored"), cf, faults + "; " + write + "; " + pages(cp, cand)));
        claims.add(exact(seed.result("000.write-faults-ratio"), bf / cf, faults + "; " + write));

        double brf = medianOf(pairs, 0, ColdResult::readFaults);
        double crf = medianOf(pairs, 1, ColdResult::readFaults);
        String readFaults = String.format(Locale.ROOT, "minor faults %s %.0f, %s %.0f (%d elements read, %s a page)",
                base, brf, cand, crf, cp.readSlots(), Sizes.format(Environment.pageSizeBytes().orElse(4096L)));
        Estimate rt = pool.paired("cold-read", column(pairs, 1, ColdResult::readNs), column(pairs, 0, ColdResult::readNs));
        String readTimes = String.format(Locale.ROOT, "%s %s ms, %s %s ms; %s; %s", cand,
                ms(medianOf(pairs, 1, ColdResult::readNs)), base, ms(medianOf(pairs, 0, ColdResult::readNs)), readFaults, read);
        claims.add(seed.result("000.read-ratio").judge(rt, readTimes));
        Estimate rc = pool.paired("cold-read-cpu", column(pairs, 1, ColdResult::readCpuNs),
                column(pairs, 0, ColdResult::readCpuNs));
        claims.add(seed.result("000.read-cpu-ratio").judge(rc, TEXT.text("claim.cpu", cand,
                ms(medianOf(pairs, 1, ColdResult::readCpuNs)), base, ms(medianOf(pairs, 0, ColdResult::readCpuNs)), read)));
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
            List<CellResult[]> pairs = report.pairs(base, cand, size);
            long capacity = pairs.isEmpty() ? HistoryCell.capacityFor(plan.ringBytes(), size, 1)
                    : pairs.getFirst()[1].capacity();
            String where = " " + TEXT.text("claim.steady",
                    Sizes.format(size), Sizes.format(capacity));
            if (pairs.isEmpty()) {
                String why = notMeasured(report.find(base, size), report.find(cand, size));
                claims.add(steadyClaim(write.notMeasured(why), where));
                claims.add(steadyClaim(read.notMeasured(why), where));
                claims.add(steadyClaim(pss.notMeasured(why), where));
                continue;
            }
            String cache = String.format(Locale.ROOT, "%s holds %s, %s %s; last-level cache %s",
                    base, Sizes.format(2 * capacity), cand, Sizes.format(capacity), llc);
            List<double[]> bw = pairs.stream().map(p -> p[0].writeNsPerPut()).toList();
            List<double[]> cw = pairs.stream().map(p -> p[1].writeNsPerPut()).toList();
            claims.add(steadyClaim(write.judge(pool.paired("write", bw, cw), TEXT.text("claim.steady-write", base,
                    ns(median(bw)), cand, ns(median(cw)), base, bytes(pairs.getFirst()[0].extraBytesPerPut()), cand,
                    bytes(pairs.getFirst()[1].extraBytesPerPut()), cache)), where));
            List<double[]> br = pairs.stream().map(p -> p[0].readNs()).toList();
            List<double[]> cr = pairs.stream().map(p -> p[1].readNs()).toList();
            claims.add(steadyClaim(read.judge(pool.paired("read", cr, br), TEXT.text("claim.steady-read", cand,
                    ms(median(cr)), base, ms(median(br)), cache)), where));
            // In one JVM, a freed ring's pages and heap resizing land in the next cell's Pss growth.
            if (!plan.fork()) {
                claims.add(steadyClaim(pss.notMeasured(TEXT.text("claim.steady-pss-one-jvm")), where));
                continue;
            }
            double bp = Stats.median(pairs.stream().mapToDouble(p -> p[0].pssBytes()).toArray());
            double cp = Stats.median(pairs.stream().mapToDouble(p -> p[1].pssBytes()).toArray());
            claims.add(steadyClaim(pss.judgeExact(bp / cp, TEXT.text("claim.steady-pss", base, bp / capacity, cand,
                    cp / capacity, pairs.size())), where));
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
            Optional<CellResult> lin = report.find(LINEARIZE, size);
            Optional<CellResult> dbl = report.find(DOUBLED, size);
            if (lin.isEmpty() || dbl.isEmpty() || !Double.isFinite(lin.get().extraBytesPerRead())
                    || !Double.isFinite(dbl.get().extraBytesPerPut()) || dbl.get().extraBytesPerPut() <= 0) {
                continue;
            }
            double rotate = lin.get().extraBytesPerRead();
            double insert = dbl.get().extraBytesPerPut() * dbl.get().slots();
            return r.judgeExact(rotate / insert, TEXT.text("claim.linearize", Sizes.format(size),
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
        colds.stream().filter(c -> c.ok() && c.strategy().equals(cand) && b.containsKey(c.round()))
                .sorted(Comparator.comparingInt(ColdResult::round)).forEach(c -> pairs.add(new ColdResult[] {b.get(c.round()), c}));
        return pairs;
    }

    /** One side's figure, a round each, as paired rounds of one sample. */
    private static List<double[]> column(List<ColdResult[]> pairs, int side, ToDoubleFunction<ColdResult> f) {
        return pairs.stream().map(p -> new double[] {f.applyAsDouble(p[side])}).toList();
    }

    private static double medianOf(List<ColdResult[]> pairs, int side, ToDoubleFunction<ColdResult> f) {
        return Stats.median(pairs.stream().mapToDouble(p -> f.applyAsDouble(p[side])).toArray());
    }

    private static double median(List<double[]> groups) {
        return Stats.median(groups.stream().flatMapToDouble(Arrays::stream).toArray());
    }

    private String notMeasured(Optional<CellResult> b, Optional<CellResult> c) {
        String base = plan.baseline();
        String cand = plan.candidate();
        return (b.isEmpty() && c.isEmpty() ? base + " and " + cand : b.isEmpty() ? base : cand) + " not measured";
    }
}
