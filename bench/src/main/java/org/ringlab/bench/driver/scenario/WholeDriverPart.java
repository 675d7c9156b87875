package org.ringlab.bench.driver.scenario;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.fmt;
import static org.ringlab.bench.util.Cells.median;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;

/**
 * The driver experiment's part (e): seed 001's whole driver, before, after and each change
 * alone, under the seed's load, plus a sweep of the interrupt cost comparing an interrupt per
 * packet with NAPI on the "after" path. Judges seed 001's results on the whole driver (its
 * introduction's, its NAPI table's and its final table's, from the catalogue, {@link SeedEntries})
 * on paired t intervals over forks
 * ({@link WholeDriverFork}: one JVM each, warmed up on its own, its rounds interleaving the
 * variants; a fork a round), the round variance pooled by kind with the driver experiment's
 * other claims ({@link DriverPools}); more forks run while one is undecided
 * ({@link ScenarioProfile#budget()}).
 *
 * <p>Entry point for a harness: {@link #run(String, ScenarioConfig, List, MemoryStrategy, long, Consumer)}
 * returns a {@link Result}; {@link #run(ScenarioProfile, MemoryStrategy, long, boolean, Consumer, Consumer)}
 * with the seed's configuration.
 */
public final class WholeDriverPart {

    static final String EXPERIMENT = "driver";
    static final String PART = "whole driver";
    /**
     * The sweep's series, named as part (d)'s modes so that each has its one colour in every chart:
     * an interrupt per packet is (d)'s wake-per-item on the whole driver.
     */
    static final String PER_PACKET = "wake-per-item (interrupt per packet)";
    static final String NAPI = "napi";

    /**
     * What the part measured.
     *
     * @param runs        per variant, every fork's runs, fork 0's first (one per round)
     * @param sweep       per interrupt cost, every fork's pairs (per packet, NAPI), fork 0's first
     * @param forks       how many forks ({@link WholeDriverFork}) measured them
     * @param claimsOn    the seed's results from its catalogue, judged on the runs' intervals with
     *                    the round variances pooled in the given pool ({@link DriverPools})
     * @param overtakesAt the smallest swept interrupt cost (ns) from which on NAPI's CPU per packet
     *                    is below an interrupt per packet's with the whole interval of their ratio
     *                    (and stays so at every higher swept cost), -1 if none
     */
    public record Result(Map<DriverVariant, List<DriverRun>> runs, Map<Long, List<DriverRun[]>> sweep, int forks,
                         Function<RoundPool, List<Claim>> claimsOn, long overtakesAt,
                         List<Measurement> measurements, List<Table> tables, List<Chart> charts, List<String> notes) {

        /** The report's claims, their variances pooled in {@code pool} (the whole driver experiment's). */
        public List<Claim> reportClaims(RoundPool pool) {
            return claimsOn.apply(pool);
        }

        /** The seed's results, their variances pooled among themselves ((e) alone, as {@code ringlab driver} shows it). */
        public List<Claim> reportClaims() {
            return RoundPool.judge(claimsOn);
        }
    }

    /** A fork that takes longer is stuck: quick's take about 10 s, full's under a minute. */
    static final java.time.Duration TIMEOUT = java.time.Duration.ofMinutes(10);

    private WholeDriverPart() {
    }

    /**
     * The seed's configuration on this CPU, every standard variant, this profile's sizes; each
     * fork ({@link WholeDriverFork}) in a fresh JVM when {@code fork}, its output to {@code childOutput}.
     */
    public static Result run(ScenarioProfile profile, MemoryStrategy strategy, long seed, boolean fork,
                             Consumer<String> step, Consumer<String> childOutput) throws InterruptedException {
        return run(profile, ScenarioConfig.seed(profile.durationNanos()), DriverVariant.STANDARD, strategy, seed, fork,
                step, childOutput);
    }

    /** {@code config} and {@code variants} as given (the command's knobs), this profile's forks and sweep, in this JVM. */
    public static Result run(String profileName, ScenarioConfig config, List<DriverVariant> variants,
                             MemoryStrategy strategy, long seed, Consumer<String> step) throws InterruptedException {
        return run(ScenarioProfile.named(profileName), config, variants, strategy, seed, false, step, line -> { });
    }

    static Result run(ScenarioProfile profile, ScenarioConfig config, List<DriverVariant> variants,
                      MemoryStrategy strategy, long seed, boolean fork, Consumer<String> step,
                      Consumer<String> childOutput) throws InterruptedException {
        // Forks run one after the other, each one paired round; after the minimum, forks go on while
        // a claim's interval is undecided and the next is expected to end within the budget.
        RepetitionBudget budget = profile.budget();
        long start = System.nanoTime();
        List<WholeDriverFork.Result> forks = new ArrayList<>();
        boolean decisive = false;
        while (budget.allowsAnother(forks.size(), (System.nanoTime() - start) / 1e9, decisive)) {
            WholeDriverFork task = WholeDriverFork.drawn(profile, config, variants, strategy.name(), seed, forks.size());
            step.accept(String.format(Locale.ROOT, "whole driver: fork %d of %s%s: %s × %,d packets/s × %d B × "
                            + "interrupt %d ns, %d round%s, then the interrupt-cost sweep", forks.size() + 1,
                    budget.minRounds() == budget.maxRounds() ? Integer.toString(budget.minRounds())
                            : "at most " + budget.maxRounds(), forks.size() >= budget.minRounds()
                            ? " (a seed claim's interval is undecided)" : "",
                    String.join(", ", variants.stream().map(DriverVariant::name).toList()), config.rate(),
                    config.packetBytes(), config.interruptNanos(), task.rounds(), task.rounds() == 1 ? "" : "s"));
            if (Thread.interrupted()) {
                throw new InterruptedException("whole driver interrupted before fork " + (forks.size() + 1));
            }
            forks.add(fork ? Fork.run(task, TIMEOUT, childOutput) : task.measure());
            decisive = RoundPool.judge(pool -> WholeDriverClaims.claims(pool, config, variants, forks)).stream()
                    .allMatch(c -> c.verdict() != Claim.Verdict.INCONCLUSIVE);
        }
        return report(profile.name(), config, strategy, SpinWork.calibrate(), variants, forks, fork);
    }

    private static double[] of(List<DriverRun> runs, ToDoubleFunction<DriverRun> f) {
        return runs.stream().mapToDouble(f).toArray();
    }

    /** Per fork, {@code f} of the runs that {@code runs} picks from it. */
    static List<double[]> groups(List<WholeDriverFork.Result> forks,
                                         Function<WholeDriverFork.Result, List<DriverRun>> runs,
                                         ToDoubleFunction<DriverRun> f) {
        return forks.stream().map(x -> of(runs.apply(x), f)).toList();
    }

    /**
     * The runs {@code pick} takes from every fork as forked measurements labelled {@code l}: loss,
     * delivered rate, the consumer's CPU share (where {@code withCpuShare}), CPU per packet and
     * wake-ups per packet (a deterministic counter where {@code wakesExact}: one per packet with an interrupt each).
     */
    private static WholeDriverClaims.Side figures(List<Measurement> ms, Map<String, String> l,
                                                  List<WholeDriverFork.Result> forks,
                                                  Function<WholeDriverFork.Result, List<DriverRun>> pick,
                                                  boolean withCpuShare, boolean wakesExact) {
        WholeDriverClaims.Side f = WholeDriverClaims.Side.of(forks, pick);
        ms.add(Measurement.ofForks(EXPERIMENT, l, "loss", "%", false, false, f.loss()));
        ms.add(Measurement.ofForks(EXPERIMENT, l, "deliveredRate", "packets/s", true, false, f.delivered()));
        if (withCpuShare) {
            ms.add(Measurement.ofForks(EXPERIMENT, l, "consumerCpuShare", "%", false, false, f.cpuShare()));
        }
        ms.add(Measurement.ofForks(EXPERIMENT, l, "consumerCpu", "ns/packet", false, false, f.cpuPerPacket()));
        ms.add(Measurement.ofForks(EXPERIMENT, l, "wakeUpsPerPacket", "wake-ups/packet", false, wakesExact,
                f.wakes()));
        return f;
    }

    private static String prose(String section, Object... keyValues) {
        return org.ringlab.bench.report.Prose.of(WholeDriverPart.class, "whole.md", section, keyValues);
    }

    static double[] flat(List<double[]> groups) {
        return groups.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    private static Result report(String profile, ScenarioConfig config, MemoryStrategy strategy, SpinWork spin,
                                 List<DriverVariant> variants, List<WholeDriverFork.Result> forks, boolean forked) {
        Map<DriverVariant, List<DriverRun>> runs = new LinkedHashMap<>();
        for (int i = 0; i < variants.size(); i++) {
            int k = i;
            runs.put(variants.get(i), forks.stream().flatMap(f -> f.runs().get(k).stream()).toList());
        }
        Map<Long, List<DriverRun[]>> sweep = new LinkedHashMap<>();
        Map<Long, Integer> sweepIndex = new LinkedHashMap<>();
        List<WholeDriverFork.SweepPoint> points = forks.getFirst().sweep();
        for (int i = 0; i < points.size(); i++) {
            int k = i;
            long ns = points.get(i).interruptNanos();
            sweepIndex.put(ns, i);
            sweep.put(ns, forks.stream().flatMap(f -> {
                WholeDriverFork.SweepPoint p = f.sweep().get(k);
                return java.util.stream.IntStream.range(0, p.perPacket().size())
                        .mapToObj(r -> new DriverRun[] {p.perPacket().get(r), p.napi().get(r)});
            }).toList());
        }
        List<Measurement> ms = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        String rate = String.format(Locale.ROOT, "%,d/s", config.rate());
        for (int i = 0; i < variants.size(); i++) {
            int k = i;
            DriverVariant v = variants.get(i);
            Function<WholeDriverFork.Result, List<DriverRun>> pick = f -> f.runs().get(k);
            Map<String, String> l = Measurement.labels("part", PART, "variant", v.name(), "rate", rate,
                    "interrupt", config.interruptNanos() + " ns");
            WholeDriverClaims.Side f = figures(ms, l, forks, pick, true, v.interrupts() == DriverVariant.Interrupts.PER_PACKET);
            rows.add(List.of(v.name(), v.describe(), fmt(median(of(runs.get(v), DriverRun::offeredPerSecond))) + "/s",
                    cell(flat(f.delivered())) + "/s", cell(flat(f.loss())) + " %", cell(flat(f.cpuShare())) + " %",
                    cell(flat(f.cpuPerPacket())), cell(flat(f.wakes()))));
        }
        int perFork = forks.getFirst().runs().getFirst().size();
        tables.add(new Table(prose("table", "rate", rate, "bytes", config.packetBytes(), "ms",
                config.durationNanos() / 1_000_000, "ring", config.ringEntries(), "strategy", strategy.name(),
                "interrupt", config.interruptNanos(), "work", config.workNanos(), "flowTable",
                config.flowTableBytes() == 0 ? "" : ", updates a " + config.flowTableBytes() / 1024 + " KiB flow table",
                "runs", forks.size() * perFork, "forks", forks.size(), "forkKind",
                forked ? "child JVMs" : "forks in this JVM", "perFork", perFork, "forkUnit", forked ? "JVM" : "fork"),
                List.of("variant", "receive path", "offered", "delivered", "loss", "consumer CPU", "CPU ns/packet",
                        "wake-ups/packet"), rows));

        // The interrupt-cost sweep: where NAPI overtakes an interrupt per packet, judged on intervals.
        List<String> costs = new ArrayList<>();
        // [mode][cost] → a group of runs per fork: loss and CPU per packet, for the charts
        List<List<List<double[]>>> lossOf = List.of(new ArrayList<>(), new ArrayList<>());
        List<List<List<double[]>>> cpuOf = List.of(new ArrayList<>(), new ArrayList<>());
        List<List<String>> sweepRows = new ArrayList<>();
        List<Long> napiCheaper = new ArrayList<>(); // costs at which NAPI's CPU/packet interval is wholly below
        for (long ns : sweep.keySet()) {
            costs.add(ns + " ns");
            int point = sweepIndex.get(ns);
            for (int m = 0; m < 2; m++) {
                int mode = m;
                Function<WholeDriverFork.Result, List<DriverRun>> pick = f -> mode == 0
                        ? f.sweep().get(point).perPacket() : f.sweep().get(point).napi();
                DriverVariant v = pick.apply(forks.getFirst()).getFirst().variant();
                Map<String, String> l = Measurement.labels("part", PART + " sweep", "variant", v.name(), "rate", rate,
                        "interrupt", ns + " ns");
                WholeDriverClaims.Side f = figures(ms, l, forks, pick, false, m == 0);
                lossOf.get(m).add(f.loss());
                cpuOf.get(m).add(f.cpuPerPacket());
                String versus = "1.00×";
                if (m == 1) {
                    // Paired: a fork's NAPI runs against its own per-packet runs.
                    Estimate x = SeedClaim.ratioOfForks(f.cpuPerPacket(), cpuOf.get(0).getLast());
                    versus = x.known() ? String.format(Locale.ROOT, "%.2f× [%.2f, %.2f]", x.ratio(), x.low(), x.high())
                            : "—";
                    if (x.known() && x.high() < 1) {
                        napiCheaper.add(ns);
                    }
                }
                sweepRows.add(List.of(ns + " ns", m == 0 ? "interrupt per packet" : "NAPI (budget "
                        + config.budget() + ")", cell(flat(f.delivered())) + "/s", cell(flat(f.loss())) + " %",
                        cell(flat(f.cpuPerPacket())), cell(flat(f.wakes())), versus));
            }
        }
        // NAPI overtakes at the lowest swept cost from which on every higher cost has it cheaper too.
        long overtakes = -1;
        List<Long> swept = List.copyOf(sweep.keySet()).stream().sorted().toList();
        for (int k = swept.size() - 1; k >= 0 && napiCheaper.contains(swept.get(k)); k--) {
            overtakes = swept.get(k);
        }
        if (!sweep.isEmpty()) {
            tables.add(new Table(prose("sweep-table", "rate", rate),
                    List.of("interrupt cost", "interrupts", "delivered", "loss", "CPU ns/packet", "wake-ups/packet",
                            "CPU NAPI / per packet"), sweepRows));
            String spread = "whiskers: min–max of the runs at each cost; dots: each fork's median";
            charts.add(ForkChart.of("driver (e): loss vs interrupt cost", "interrupt cost", "loss %", costs,
                    PER_PACKET, NAPI, lossOf, true, spread));
            charts.add(ForkChart.of("driver (e): CPU per packet vs interrupt cost", "interrupt cost",
                    "CPU ns per packet", costs, PER_PACKET, NAPI, cpuOf, true, spread));
            notes.add(overtakes < 0 ? prose("never-overtakes", "costs", costs)
                    : prose("overtakes", "ns", overtakes, "costs", costs));
        }
        notes.add("(e) " + SpinWork.interruptNote(spin));
        notes.add(prose("differs"));
        notes.add(prose(forked ? "forked" : "not-forked", "forks", forks.size(), "perFork", perFork));
        List<WholeDriverFork.Result> all = List.copyOf(forks);
        return new Result(runs, sweep, forks.size(), pool -> WholeDriverClaims.claims(pool, config, variants, all), overtakes, ms, tables, charts,
                notes);
    }

    /** The metrics of seed 001's catalogue this part judges. */
    public static final java.util.Set<String> METRICS = java.util.Set.of("driver.before-throughput-mbits",
            "driver.after-throughput-mbits", "driver.napi-throughput-mbits", "driver.before-offered-10s",
            "driver.after-offered-10s", "driver.offered-rate", "driver.before-loss", "driver.after-loss",
            "driver.napi-loss", "driver.loss-ratio", "driver.before-cpu-share", "driver.after-cpu-share",
            "driver.napi-cpu-share", "driver.after-throughput-ratio", "driver.after-cpu-share-ratio",
            "driver.napi-throughput-ratio", "driver.napi-cpu-share-ratio", "driver.interrupts-per-packet",
            "driver.interrupt-cpu-demand");
}
