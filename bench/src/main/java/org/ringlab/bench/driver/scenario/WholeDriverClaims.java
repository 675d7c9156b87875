package org.ringlab.bench.driver.scenario;

import static org.ringlab.bench.util.Cells.fmt;
import static org.ringlab.bench.util.Cells.median;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;

import org.ringlab.bench.harness.Claim;

/**
 * Seed 001's whole-driver results, judged on {@link WholeDriverPart}'s forks: each variant's
 * figures a group of runs per fork ({@link Side}), each claim a paired interval whose round
 * variance pools by kind ({@link DriverPools}).
 */
public final class WholeDriverClaims {

    private WholeDriverClaims() {
    }

    /**
     * One variant's figures, a group of runs per fork (a fork a paired round), and its totals.
     *
     * @param loss         loss % per run
     * @param delivered    delivered packets/s per run
     * @param offeredRate  the NIC's offered packets/s per run
     * @param cpuShare     the consumer's CPU share % per run
     * @param cpuPerPacket the consumer's CPU ns per delivered packet per run
     * @param wakes        wake-ups per packet per run
     * @param offered      packets offered over every run
     * @param interrupts   interrupts paid over every run
     * @param processed    packets processed over every run
     */
    record Side(List<double[]> loss, List<double[]> delivered, List<double[]> offeredRate, List<double[]> cpuShare,
                List<double[]> cpuPerPacket, List<double[]> wakes, long offered, long interrupts, long processed) {

        /** The runs {@code pick} takes from every fork. */
        static Side of(List<WholeDriverFork.Result> forks, Function<WholeDriverFork.Result, List<DriverRun>> pick) {
            List<DriverRun> all = forks.stream().flatMap(f -> pick.apply(f).stream()).toList();
            java.util.function.Function<java.util.function.ToDoubleFunction<DriverRun>, List<double[]>> g = f ->
                    WholeDriverPart.groups(forks, pick, f);
            return new Side(g.apply(DriverRun::lossPercent), g.apply(DriverRun::deliveredPerSecond),
                    g.apply(DriverRun::offeredPerSecond), g.apply(DriverRun::cpuPercent),
                    g.apply(DriverRun::cpuNanosPerPacket), g.apply(DriverRun::wakeUpsPerPacket),
                    all.stream().mapToLong(DriverRun::offered).sum(), all.stream().mapToLong(DriverRun::interrupts).sum(),
                    all.stream().mapToLong(DriverRun::delivered).sum());
        }
    }

    /**
     * Seed 001's whole-driver results from its catalogue, each judged on paired intervals: a fork
     * measured "before", "napi only" and "after" in the same JVM, so a fork is a paired round; the
     * round variances pool in {@code pool} by kind ({@link DriverPools}). Entries of a variant that
     * did not run are not measured.
     */
    static List<Claim> claims(RoundPool pool, ScenarioConfig config, List<DriverVariant> variants,
                              List<WholeDriverFork.Result> forks) {
        if (forks.isEmpty()) {
            return List.of();
        }
        java.util.function.Function<DriverVariant, Side> side = v -> variants.contains(v)
                ? Side.of(forks, f -> f.runs().get(variants.indexOf(v))) : null;
        return claims(pool, config, side.apply(DriverVariant.BEFORE), side.apply(DriverVariant.AFTER),
                side.apply(DriverVariant.NAPI_ONLY));
    }

    /** The claims on each variant's sides (null: not run), so tests can feed synthetic forks. */
    static List<Claim> claims(RoundPool pool, ScenarioConfig config, Side before, Side after, Side napi) {
        List<Claim> c = new ArrayList<>();
        double mbitPerPacket = (config.packetBytes() + ScenarioConfig.WIRE_OVERHEAD) * 8 / 1e6;
        String wire = String.format(Locale.ROOT, "%d-byte frames, %d bytes each on the wire", config.packetBytes(),
                config.packetBytes() + ScenarioConfig.WIRE_OVERHEAD);
        // The demand the configured interrupt cost puts on the consumer's CPU at the offered rate.
        double demand = 100.0 * config.interruptNanos() * config.rate() / 1e9;
        c.addAll(SeedEntries.judgeExact("driver.interrupt-cpu-demand", demand, String.format(Locale.ROOT,
                "%d ns per interrupt × %,d interrupts/s; %s", config.interruptNanos(), config.rate(),
                SpinWork.cpuMegahertz().isPresent() ? String.format(Locale.ROOT, "clock %.0f MHz (/proc/cpuinfo)",
                        SpinWork.cpuMegahertz().getAsDouble()) : "clock unknown")));
        if (before == null) {
            notRun(c, "before", "driver.before-throughput-mbits", "driver.before-offered-10s", "driver.offered-rate",
                    "driver.before-loss", "driver.before-cpu-share", "driver.interrupts-per-packet");
        } else {
            variant(c, pool, "before", before, mbitPerPacket, wire);
            c.addAll(SeedEntries.judge("driver.offered-rate", pool.figureOfForks(DriverPools.DELIVERED,
                    before.offeredRate()), String.format(Locale.ROOT, "configured %,d/s", config.rate())));
            c.addAll(SeedEntries.judgeExact("driver.interrupts-per-packet",
                    (double) before.interrupts() / Math.max(1, before.processed()), String.format(Locale.ROOT,
                            "%,d interrupts for %,d packets processed", before.interrupts(), before.processed())));
        }
        if (after == null) {
            notRun(c, "after", "driver.after-throughput-mbits", "driver.after-offered-10s", "driver.after-loss",
                    "driver.after-cpu-share");
        } else {
            variant(c, pool, "after", after, mbitPerPacket, wire);
        }
        if (napi == null) {
            notRun(c, "napi only", "driver.napi-throughput-mbits", "driver.napi-loss", "driver.napi-cpu-share");
        } else {
            variant(c, pool, "napi", napi, mbitPerPacket, wire);
        }
        compare(c, pool, before, after, "after", "driver.after-throughput-ratio", "driver.after-cpu-share-ratio",
                "001.final-");
        if (before != null && after != null) {
            c.addAll(SeedEntries.judge("driver.loss-ratio", SeedEntries.lossRatio(pool, DriverPools.LOSS, before.loss(),
                    after.loss(), after.offered()), String.format(Locale.ROOT, "loss before %s %%, after %s %% (medians)",
                    fmt(median(WholeDriverPart.flat(before.loss()))), fmt(median(WholeDriverPart.flat(after.loss()))))));
        } else {
            c.addAll(SeedEntries.notMeasured("driver.loss-ratio", "not measured: needs both 'before' and 'after'"));
        }
        compare(c, pool, before, napi, "napi only", "driver.napi-throughput-ratio", "driver.napi-cpu-share-ratio",
                "001.napi-");
        return c;
    }

    private static void notRun(List<Claim> c, String variant, String... metrics) {
        for (String m : metrics) {
            c.addAll(SeedEntries.notMeasured(m, "not measured: the '" + variant + "' variant did not run"));
        }
    }

    /**
     * A variant's own figures ({@code name}: before, after, napi): throughput in Mbit/s, loss, CPU
     * share, and packets offered in the seed's 10 s where the catalogue has them (before, after).
     */
    private static void variant(List<Claim> c, RoundPool pool, String name, Side s, double mbitPerPacket, String wire) {
        if (!name.equals("napi")) {
            c.addAll(SeedEntries.judge("driver." + name + "-offered-10s",
                    pool.figureOfForks(DriverPools.DELIVERED, scaled(s.offeredRate(), 10)),
                    String.format(Locale.ROOT, "%,d packets offered in all the runs", s.offered())));
        }
        c.addAll(SeedEntries.judge("driver." + name + "-throughput-mbits",
                pool.figureOfForks(DriverPools.DELIVERED, scaled(s.delivered(), mbitPerPacket)), wire));
        c.addAll(SeedEntries.judge("driver." + name + "-loss", SeedEntries.loss(pool, DriverPools.LOSS, s.loss(),
                s.offered()), String.format(Locale.ROOT, "%,d packets offered", s.offered())));
        c.addAll(SeedEntries.judge("driver." + name + "-cpu-share", pool.figureOfForks(DriverPools.POLLER_CPU,
                s.cpuShare()), ""));
    }

    /**
     * {@code changed} against {@code before}: delivered rate and CPU share ratios; the detail of the
     * CPU share's ratio gives the ratio per delivered packet beside the seed's (its table's CPU
     * shares over its throughputs, entries {@code prefix…}).
     */
    private static void compare(List<Claim> c, RoundPool pool, Side before, Side changed, String name,
                                String throughputMetric, String cpuMetric, String prefix) {
        if (before == null || changed == null) {
            String why = "not measured: needs both 'before' and '" + name + "'";
            c.addAll(SeedEntries.notMeasured(throughputMetric, why));
            c.addAll(SeedEntries.notMeasured(cpuMetric, why));
            return;
        }
        c.addAll(SeedEntries.judge(throughputMetric, pool.ratioOfForks(DriverPools.DELIVERED, changed.delivered(),
                before.delivered()), String.format(Locale.ROOT, "delivered %s/s → %s/s (medians)",
                fmt(median(WholeDriverPart.flat(before.delivered()))), fmt(median(WholeDriverPart.flat(changed.delivered()))))));
        Estimate perPacket = SeedClaim.ratioOfForks(changed.cpuPerPacket(), before.cpuPerPacket());
        String before0 = prefix.equals("001.napi-") ? "001.napi-interrupt-" : prefix + "before-";
        String after0 = prefix.equals("001.napi-") ? "001.napi-" : prefix + "after-";
        String cpu = prefix.equals("001.napi-") ? "cpu-share" : "cpu";
        double seedPerPacket = SeedEntries.value(after0 + cpu) / SeedEntries.value(after0 + "throughput")
                / (SeedEntries.value(before0 + cpu) / SeedEntries.value(before0 + "throughput"));
        c.addAll(SeedEntries.judge(cpuMetric, pool.ratioOfForks(DriverPools.POLLER_CPU, changed.cpuShare(),
                before.cpuShare()), String.format(Locale.ROOT, "CPU share %s %% → %s %% (medians); per delivered packet "
                        + "%s (the seed's table gives %.2f×)", fmt(median(WholeDriverPart.flat(before.cpuShare()))),
                fmt(median(WholeDriverPart.flat(changed.cpuShare()))), perPacket.known() ? String.format(Locale.ROOT,
                        "%.2f× [%.2f, %.2f]", perPacket.ratio(), perPacket.low(), perPacket.high())
                        : String.format(Locale.ROOT, "%.2f×", perPacket.ratio()), seedPerPacket)));
    }

    private static List<double[]> scaled(List<double[]> groups, double factor) {
        return groups.stream().map(g -> java.util.Arrays.stream(g).map(v -> v * factor).toArray()).toList();
    }
}
