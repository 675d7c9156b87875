package org.ringlab.bench.driver.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.Claim;

/**
 * The driver experiment's view of seed 001's catalogue: every entry that names a metric is
 * judged by the part that measures the metric, and a metric may back several entries (the same
 * "before" loss is printed in three of the article's tables). The seed's figures and bands come
 * from the catalogue only.
 */
public final class SeedEntries {

    /** Seed 001's catalogue. */
    public static final SeedCatalogue SEED = SeedCatalogue.load("001");

    private SeedEntries() {
    }

    /** The measurable entries whose metric is {@code metric}, each judged on {@code e}. */
    public static List<Claim> judge(String metric, Estimate e, String detail) {
        return entries(metric).stream().map(r -> r.judge(e, detail)).toList();
    }

    /** The measurable entries whose metric is {@code metric}, each judged on the exact figure {@code value}. */
    public static List<Claim> judgeExact(String metric, double value, String detail) {
        return entries(metric).stream().map(r -> r.judgeExact(value, detail)).toList();
    }

    /** The measurable entries of {@code metric}, not measured in this run for {@code why}. */
    public static List<Claim> notMeasured(String metric, String why) {
        return entries(metric).stream().map(r -> r.notMeasured(why)).toList();
    }

    /** The seed's figure of entry {@code id} ({@code "001.napi-cpu-share"}), in its catalogue unit. */
    public static double value(String id) {
        Double v = SEED.result(id).value();
        if (v == null) {
            throw new IllegalStateException("catalogue entry " + id + " has no figure");
        }
        return v;
    }

    /** The measurable entries that no claim in {@code claims} judges, each not measured for {@code why}. */
    public static List<Claim> missing(List<Claim> claims, String why) {
        return SEED.results().stream().filter(SeedResult::measurable)
                .filter(r -> claims.stream().noneMatch(c -> c.id().equals(r.id()))).map(r -> r.notMeasured(why))
                .toList();
    }

    static List<SeedResult> entries(String metric) {
        List<SeedResult> rs = SEED.byMetric(metric).stream().filter(SeedResult::measurable).toList();
        if (rs.isEmpty()) {
            throw new IllegalStateException("seed 001's catalogue has no measurable entry with metric '" + metric + "'");
        }
        return rs;
    }

    /**
     * A loss share's interval over forks: where no run lost a packet the interval is [0, the rule
     * of three's 95 % upper bound 3 ÷ packets offered], so a seed's non-zero loss is decided
     * against it instead of left without an interval (a log of 0).
     */
    public static Estimate loss(org.ringlab.bench.harness.RoundPool pool, String poolName, List<double[]> lossPercent,
                                long offered) {
        if (allZero(lossPercent)) {
            int runs = lossPercent.stream().mapToInt(g -> g.length).sum();
            double upper = 100.0 * 3 / Math.max(1, offered);
            return new Estimate(0, 0, upper, lossPercent.size(), runs, String.format(Locale.ROOT,
                    "no packet lost in %d runs (%,d packets): 95 %% upper bound by the rule of three", runs, offered));
        }
        return pool.figureOfForks(poolName, lossPercent);
    }

    /**
     * {@code before ÷ after} loss over forks; where "after" lost nothing in any run, the lower end
     * is before's lower end over the rule of three's upper bound on after's loss, and there is no
     * upper end (the largest double stands for it, so a band above the lower end stays undecided
     * and one below it differs).
     */
    public static Estimate lossRatio(org.ringlab.bench.harness.RoundPool pool, String poolName, List<double[]> before,
                                     List<double[]> after, long afterOffered) {
        if (allZero(after) && !allZero(before)) {
            Estimate b = pool.figureOfForks(poolName, before);
            double bound = 100.0 * 3 / Math.max(1, afterOffered);
            double low = (b.known() ? b.low() : b.ratio()) / bound;
            return new Estimate(low, low, Double.MAX_VALUE, before.size(), b.samples(), String.format(Locale.ROOT,
                    "after lost no packet of %,d: ratio ≥ before's loss over the rule of three's bound %.2g %%",
                    afterOffered, bound));
        }
        return pool.ratioOfForks(poolName, before, after);
    }

    static boolean allZero(List<double[]> groups) {
        return !groups.isEmpty() && groups.stream().flatMapToDouble(Arrays::stream).allMatch(v -> v == 0);
    }
}
