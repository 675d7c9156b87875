package org.ringlab.bench.driver;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.fmt;
import static org.ringlab.bench.util.Cells.median;
import static org.ringlab.bench.util.Cells.ratioCell;
import static org.ringlab.bench.util.Cells.ratios;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.PooledClaims;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.FixedMirrors;
import org.ringlab.bench.util.Stats;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.driver.scenario.BatchingWithWork;
import org.ringlab.bench.driver.scenario.DriverPools;
import org.ringlab.bench.driver.scenario.FlowTable;
import org.ringlab.bench.driver.scenario.ScenarioProfile;
import org.ringlab.bench.driver.scenario.SeedEntries;
import org.ringlab.bench.driver.scenario.WholeDriverPart;
import org.ringlab.queues.napi.NapiConfig;
import org.ringlab.queues.pool.BufferPool;

/**
 * Seed 001 (a network driver's RX path), re-measured: (a) {@code spsc} against the
 * {@code locked-list} baseline with a real producer and consumer thread contending for its
 * lock, 64-byte records, on every available memory strategy; (b) the preallocated
 * {@link BufferPool} against libc's malloc/free per packet; (c) drains of 32 against drains of
 * 1; (d) {@code napi} against wake-per-item under a fixed-rate producer (loss, poller CPU,
 * wake-ups); (e) the whole driver ({@link WholeDriverPart}); (f) batching with work per
 * packet; (g) headers added and removed by moving an offset or the packet. The seed's results
 * come from its catalogue ({@link SeedEntries}), each judged by the part that measures its
 * metric ({@link #METRICS}); a measurable entry no part judged is listed as not measured. Single-thread
 * figures for (a) and (c) are measured beside the two-thread ones: on a loaded 2-core machine
 * the two-thread figure partly measures the scheduler. Rounds of the compared variants are
 * interleaved so background load hits both alike; every round is kept as a sample.
 */
public final class DriverExperiment implements Experiment {

    static final String ID = "driver";
    static final String SPSC = "spsc";
    static final String LOCKED = "locked-list";
    static final String NAPI = "napi";
    /** (d)'s other mode; (e)'s interrupt per packet is drawn in its colour ({@code WholeDriverPart#PER_PACKET}). */
    static final String WAKE = "wake-per-item";
    /** ringlab's own goal for (a), not the seed's: spsc at least this many times locked-list on every strategy. */
    static final double EVERY_STRATEGY_GOAL = 5.0;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String seed() {
        return "001_56e9b601bad63b40.txt";
    }

    /** The figures this experiment judges seed 001's catalogue on: (a), (b), (f), (g) here, (e) in {@link WholeDriverPart}. */
    static final java.util.Set<String> METRICS = java.util.stream.Stream.concat(java.util.stream.Stream.of(
            "driver.spsc-over-locked", "driver.locked-lock-wait", "driver.spsc-lock-wait",
            "driver.locked-ms-per-million", "driver.spsc-ms-per-million",
            "driver.malloc-over-pool", "driver.malloc-ms-per-million", "driver.pool-ms-per-million",
            "driver.batch-speedup", "driver.batch1-ms-per-million", "driver.batch32-ms-per-million",
            "driver.header-memcpy-over-offset", "driver.header-memcpy-ms-per-million",
            "driver.header-offset-ms-per-million", "driver.header-offset-bytes-moved"),
            WholeDriverPart.METRICS.stream()).collect(java.util.stream.Collectors.toUnmodifiableSet());

    @Override
    public java.util.Set<String> metrics() {
        return METRICS;
    }

    @Override
    public String description() {
        return "device-driver queues: spsc vs a contended locked list, buffer pool vs malloc/free, batch 1 vs 32, "
                + "NAPI vs wake-per-item under a fixed-rate producer, headers by offset vs copy, the whole driver";
    }

    @Override
    public ExperimentResult run(RunContext context) {
        DriverProfile profile = DriverProfile.named(context.profile());
        try {
            return new Run(context, profile).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("driver experiment interrupted", e);
        }
    }

    /** The state of one run: what was selected, what was measured so far. */
    private static final class Run {
        final RunContext context;
        final DriverProfile profile;
        final List<String> skipped = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final List<Measurement> measurements = new ArrayList<>();
        final List<Table> tables = new ArrayList<>();
        final List<Chart> charts = new ArrayList<>();
        /** Judged once every part has run, so alike claims of different parts pool their round variance. */
        final PooledClaims claims = new PooledClaims();
        final List<MemoryStrategy> strategies = new ArrayList<>();
        final Map<String, QueueDiscipline> disciplines = new LinkedHashMap<>();
        MemoryStrategy main;

        Run(RunContext context, DriverProfile profile) {
            this.context = context;
            this.profile = profile;
        }

        ExperimentResult run() throws InterruptedException {
            String loadBefore = Environment.loadAverage();
            select();
            int plan = 2; // pool vs malloc, headers
            if (main != null) {
                plan += disciplines.containsKey(SPSC) || disciplines.containsKey(LOCKED) ? partA().size() : 0;
                plan += disciplines.containsKey(SPSC) ? 3 : 0; // batch two-thread, single-thread, with work
                plan += disciplines.containsKey(NAPI) ? profile.napiRates().size() : 0;
                plan += wholeDriverSelected() ? ScenarioProfile.named(profile.name()).steps() : 0;
            }
            context.progress().plan(plan);
            notes.add(String.format(Locale.ROOT, "profile %s: %d warm-up + %d timed rounds per figure, rounds of the "
                            + "compared variants interleaved; every timed round is a sample (median [min..max] shown). "
                            + "No random input: records carry sequence numbers, checked on arrival (seed %d unused).",
                    profile.name(), profile.warmups(), profile.repetitions(), context.seed()));
            notes.add(context.fork()
                    ? String.format(Locale.ROOT, "(a) runs in a fresh JVM per strategy (as JMH forks): one strategy's "
                    + "JIT profile does not slow the next one's; (b), (c), (d), (f), (g) each run in %d fresh JVMs one after "
                    + "the other, %d timed repetitions in each ((d): %d per rate), the compared variants alternating "
                    + "inside; (e) runs in %d or more, each warmed up on its own; each JVM is a paired round, so the "
                    + "intervals carry JVM-to-JVM noise", profile.forks(), profile.repetitionsPerFork(),
                    profile.napiRepetitionsPerFork(), ScenarioProfile.named(profile.name()).forks())
                    : "not forked: (a) measures every strategy in this JVM, so the queue's calls into the memory see "
                    + "every strategy's class and later strategies may look slower than in a fresh JVM; (b), (c), (d), "
                    + "(e), (f), (g) repeat their forks in this JVM, so their intervals hold no JVM-to-JVM noise");
            notes.add(DriverWorkloads.CPU_CLOCK
                    ? "single-thread figures (one-thread offer/consume, pool, malloc, headers) are CPU time of the measuring "
                    + "thread (ThreadMXBean), so preemption on a loaded machine is not counted; two-thread and napi "
                    + "figures are wall time"
                    : "this JVM does not measure thread CPU time: every figure is wall time");
            notes.add("two-thread figures: " + org.ringlab.bench.util.TwoCpus.placement());
            if (main != null) {
                spscVersusLocked();
                batches();
            }
            pool();
            headers();
            if (main != null) {
                napi();
                wholeDriver();
            }
            notes.add("load average (1, 5, 15 min) before: " + loadBefore + "; after: " + Environment.loadAverage()
                    + " — the two-thread and napi figures mostly measure the scheduler when it exceeds the core count");
            List<Claim> judged = new ArrayList<>(claims.judge());
            // Every measurable entry of the seed gets a claim: those of parts this selection left out say so.
            judged.addAll(SeedEntries.missing(judged, "not measured: its part did not run with this selection ("
                    + "skipped: " + String.join("; ", skipped) + ")"));
            return new ExperimentResult(ID, "001_56e9b601bad63b40.txt",
                    "driver: seed 001's device-driver queues", profile.name(), measurements, tables, charts,
                    judged, notes, skipped);
        }

        /** Strategies and disciplines passing the filters; unavailable ones go to {@code skipped} with their reason. */
        private void select() {
            List<MemoryStrategy> all = Registries.memoryStrategies().all();
            for (MemoryStrategy s : all) {
                if (!context.wantsStrategy(s.name())) {
                    continue;
                }
                if (s.availability().isAvailable()) {
                    strategies.add(s);
                } else {
                    skipped.add("strategy " + s.name() + ": " + s.availability().reason());
                }
            }
            if (!context.strategies().isEmpty() && strategies.isEmpty()
                    && all.stream().noneMatch(s -> context.strategies().contains(s.name()))) {
                throw new IllegalArgumentException("driver: the strategy filter " + context.strategies()
                        + " selects no memory strategy; known: " + Registries.memoryStrategies().names());
            }
            List<String> ours = List.of(SPSC, LOCKED, NAPI);
            if (!context.disciplines().isEmpty() && ours.stream().noneMatch(context::wantsDiscipline)) {
                throw new IllegalArgumentException("driver: the discipline filter " + context.disciplines()
                        + " selects none of the disciplines it measures " + ours);
            }
            for (String name : ours) {
                if (!context.wantsDiscipline(name)) {
                    skipped.add("discipline " + name + ": not selected by the discipline filter " + context.disciplines());
                    continue;
                }
                Optional<QueueDiscipline> d = Registries.disciplines().find(name);
                if (d.isEmpty()) {
                    skipped.add("discipline " + name + ": not discovered (known: " + Registries.disciplines().names() + ")");
                } else if (!d.get().availability().isAvailable()) {
                    skipped.add("discipline " + name + ": " + d.get().availability().reason());
                } else {
                    disciplines.put(name, d.get());
                }
            }
            if (strategies.isEmpty()) {
                skipped.add("queue figures (a), (c), (d): no available memory strategy passes the filter "
                        + context.strategies());
                return;
            }
            // (c) and (d) run on one strategy: the default mirrored one when it is selected.
            Optional<MemoryStrategy> mirrored = Registries.defaultMirrored().chosen();
            main = mirrored.filter(strategies::contains).orElse(strategies.get(0));
        }

        // ---- (a) spsc vs locked-list on every strategy, two threads and one ----

        /**
         * (a)'s strategies: every selected one, or in a profile without {@code everyFixedMirror}
         * every one but the fixed mirrors other than {@link #main} ({@link FixedMirrors}).
         */
        private List<MemoryStrategy> partA() {
            return profile.everyFixedMirror() ? strategies : strategies.stream()
                    .filter(s -> !FixedMirrors.repeats(s, main.name())).toList();
        }

        private void spscVersusLocked() throws InterruptedException {
            QueueDiscipline spsc = disciplines.get(SPSC);
            QueueDiscipline locked = disciplines.get(LOCKED);
            if (spsc == null && locked == null) {
                return;
            }
            int n = profile.repetitions();
            List<String> names = new ArrayList<>();
            // strategy -> [spsc two threads, locked two threads, spsc one thread, locked one thread]
            Map<String, double[][]> figures = new LinkedHashMap<>();
            List<MemoryStrategy> measured = partA();
            List<String> repeats = strategies.stream().filter(s -> !measured.contains(s)).map(MemoryStrategy::name).toList();
            if (!repeats.isEmpty()) {
                notes.add("(a) in the " + profile.name() + " profile leaves out " + String.join(", ", repeats)
                        + ": other mappings of a fixed mirrored ring, running the same queue code on the same two views "
                        + "of one set of pages as " + main.name() + "; the full profile measures them too, and the "
                        + "claims of (a) are judged on the strategies measured.");
            }
            for (MemoryStrategy strategy : measured) {
                context.progress().step("spsc vs locked-list × " + strategy.name());
                double[][] f;
                try {
                    f = context.fork() ? DriverCell.forked(profile, strategy, spsc != null, locked != null,
                            context.progress())
                            : DriverCell.measure(profile, strategy, spsc, locked);
                } catch (RuntimeException e) {
                    skipped.add("spsc vs locked-list × " + strategy.name() + ": FAILED: " + e.getMessage());
                    context.progress().note("driver: " + strategy.name() + " failed: " + e.getMessage());
                    continue;
                }
                names.add(strategy.name());
                figures.put(strategy.name(), f);
                for (int d = 0; d < 2; d++) {
                    if ((d == 0 ? spsc : locked) == null) {
                        continue;
                    }
                    String discipline = d == 0 ? SPSC : LOCKED;
                    measurements.add(measure(Measurement.labels("part", "spsc-vs-locked", "strategy", strategy.name(),
                            "discipline", discipline, "threads", "two threads", "consumer", "poll one"), "throughput",
                            "records/us", true, f[d]));
                    measurements.add(measure(Measurement.labels("part", "spsc-vs-locked", "strategy", strategy.name(),
                            "discipline", discipline, "threads", "one thread", "consumer", "poll one"), "time",
                            "ns/record", false, f[d + 2]));
                    measurements.add(measure(Measurement.labels("part", "spsc-vs-locked", "strategy", strategy.name(),
                            "discipline", discipline, "threads", "two threads", "consumer", "poll one"), "lockWait",
                            "%", false, percent(f[d + 4])));
                }
                if (spsc != null && locked != null) {
                    Map<String, String> pair = Measurement.labels("part", "spsc-vs-locked", "strategy", strategy.name());
                    measurements.add(measure(with(pair, "threads", "two threads"), "spscOverLocked", "x", true,
                            ratios(f[0], f[1])));
                    measurements.add(measure(with(pair, "threads", "one thread"), "spscOverLocked", "x", true,
                            ratios(f[3], f[2])));
                }
            }
            boolean both = spsc != null && locked != null;
            List<List<String>> rows = new ArrayList<>();
            double[] spscSeries = new double[names.size()];
            double[] lockedSeries = new double[names.size()];
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                double[][] f = figures.get(name);
                spscSeries[i] = spsc == null ? Double.NaN : median(f[0]);
                lockedSeries[i] = locked == null ? Double.NaN : median(f[1]);
                rows.add(List.of(name, spsc == null ? "—" : cell(f[0]), locked == null ? "—" : cell(f[1]),
                        both ? ratioCell(f[0], f[1]) : "—", locked == null ? "—" : cell(percent(f[5])) + " %",
                        spsc == null ? "—" : cell(f[2]),
                        locked == null ? "—" : cell(f[3]), both ? ratioCell(f[3], f[2]) : "—"));
            }
            tables.add(new Table("(a) spsc vs locked-list, 64-byte records, the consumer polls one record at a time: "
                    + "1 producer + 1 consumer thread contending for the list's lock (records/µs, wall time; lock wait: "
                    + "ns in contended acquisitions ÷ 2 × wall time), and one thread offering 32 then polling "
                    + "32 (" + clock() + " per record); median [min..max] of " + n,
                    List.of("strategy", "spsc 2 threads", "locked-list 2 threads", "spsc / locked-list",
                            "locked-list lock wait", "spsc 1 thread", "locked-list 1 thread", "spsc speed-up"), rows));
            Map<String, double[]> series = new LinkedHashMap<>();
            if (spsc != null) {
                series.put(SPSC, spscSeries);
            }
            if (locked != null) {
                series.put(LOCKED, lockedSeries);
            }
            if (!names.isEmpty()) {
                Map<String, double[][]> reps = new LinkedHashMap<>();
                if (spsc != null) {
                    reps.put(SPSC, names.stream().map(x -> figures.get(x)[0]).toArray(double[][]::new));
                }
                if (locked != null) {
                    reps.put(LOCKED, names.stream().map(x -> figures.get(x)[1]).toArray(double[][]::new));
                }
                charts.add(new Chart("driver (a): spsc vs locked-list, 64-byte records, two threads", Chart.MEMORY_STRATEGY_AXIS,
                        "records per µs", names, series, false, false)
                        .withRangeOf("whiskers: min–max of the " + n + " repetitions", reps, false));
            }
            if (!both || names.isEmpty() || !figures.containsKey(main.name())) {
                return; // the seed's entries of (a) are listed as not measured at the end of the run
            }
            double[][] m = figures.get(main.name());
            String others = names.stream().filter(x -> !x.equals(main.name()))
                    .map(x -> String.format(Locale.ROOT, "%s %.1f×", x, median(figures.get(x)[0]) / median(figures.get(x)[1])))
                    .collect(java.util.stream.Collectors.joining(", "));
            String lockWait = String.format(Locale.ROOT, "locked-list lock wait %.1f %% of the two threads' time, "
                    + "%s", 100 * median(m[5]), others.isEmpty() ? "no other strategy" : "other strategies " + others);
            // (a) runs each strategy in one JVM, its variants alternating: its repetitions are the rounds.
            claims.addAll(pool -> {
                List<Claim> c = new ArrayList<>();
                c.addAll(SeedEntries.judge("driver.spsc-over-locked", pool.ratioOfForks(
                        DriverPools.TWO_THREAD_THROUGHPUT, List.of(m[0]), List.of(m[1])), "on " + main.name() + "; "
                        + lockWait));
                c.addAll(SeedEntries.judge("driver.locked-lock-wait", SeedClaim.figureOfForks(List.of(percent(m[5]))),
                        "on " + main.name()));
                c.addAll(SeedEntries.judgeExact("driver.spsc-lock-wait", Arrays.stream(m[4]).map(x -> 100 * x).max()
                        .orElse(Double.NaN), "the largest of " + m[4].length + " rounds on " + main.name()
                        + ": spsc reports no lock wait"));
                c.addAll(SeedEntries.judge("driver.locked-ms-per-million", SeedClaim.figureOfForks(
                        List.of(msPerMillion(m[1]))), "two threads on " + main.name()));
                c.addAll(SeedEntries.judge("driver.spsc-ms-per-million", SeedClaim.figureOfForks(
                        List.of(msPerMillion(m[0]))), "two threads on " + main.name()));
                // ringlab's own goal, not the seed's: the ring at least 5× the list on every strategy.
                SeedClaim.Builder every = SeedClaim.of("ringlab goal: spsc ≥ " + fmt(EVERY_STRATEGY_GOAL)
                        + "× locked-list on every memory strategy (1 producer + 1 consumer thread, 64-byte records)",
                        "goal ≥ " + fmt(EVERY_STRATEGY_GOAL) + "×");
                for (String name : names) {
                    double[][] f = figures.get(name);
                    every.atLeast(name + " spsc / locked-list (records/µs)", EVERY_STRATEGY_GOAL,
                            pool.ratioOfForks(DriverPools.TWO_THREAD_THROUGHPUT, List.of(f[0]), List.of(f[1])));
                }
                c.add(Claim.goal("spsc-over-locked-every-strategy", every.build().toClaim("")));
                return c;
            });
        }

        private static double[] msPerMillion(double[] recordsPerMicro) {
            return Arrays.stream(recordsPerMicro).map(r -> 1000 / r).toArray();
        }

        private static double[] percent(double[] share) {
            return Arrays.stream(share).map(x -> 100 * x).toArray();
        }

        // ---- (c) batches of 32 vs 1 ----

        private void batches() throws InterruptedException {
            QueueDiscipline spsc = disciplines.get(SPSC);
            if (spsc == null) {
                return; // the seed's batching entries are listed as not measured at the end of the run
            }
            context.progress().step("spsc drain(1) vs drain(32), two threads × " + main.name());
            ForkedRows twoThreads = forked(DriverPartTask.BATCH_TWO_THREADS);
            double[] one = twoThreads.flat(0);
            double[] batch = twoThreads.flat(1);
            Map<String, String> base = Measurement.labels("part", "batch", "strategy", main.name(), "discipline", SPSC);
            Map<String, String> two = with(base, "threads", "two threads");
            measurements.add(measure(with(two, "batch", "drain(1)"), "throughput", "records/us", true, twoThreads.groups(0)));
            measurements.add(measure(with(two, "batch", "drain(32)"), "throughput", "records/us", true, twoThreads.groups(1)));
            measurements.add(measure(two, "batch32OverBatch1", "x", true, twoThreads.ratioGroups(1, 0)));

            context.progress().step("spsc drain(1) vs drain(32), one thread × " + main.name());
            ForkedRows oneThread = forked(DriverPartTask.BATCH_ONE_THREAD);
            int n = one.length;
            double[] s1 = oneThread.flat(0);
            double[] s32 = oneThread.flat(1);
            Map<String, String> single = with(base, "threads", "one thread");
            measurements.add(measure(with(single, "batch", "drain(1)"), "time", "ns/record", false, oneThread.groups(0)));
            measurements.add(measure(with(single, "batch", "drain(32)"), "time", "ns/record", false, oneThread.groups(1)));
            measurements.add(measure(single, "batch32OverBatch1", "x", true, oneThread.ratioGroups(0, 1)));
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("two threads", "drain(1)", cell(one) + " records/µs", "1.00×"));
            rows.add(List.of("two threads", "drain(32)", cell(batch) + " records/µs", ratioCell(batch, one)));
            rows.add(List.of("one thread", "drain(1)", cell(s1) + " ns/record", "1.00×"));
            rows.add(List.of("one thread", "drain(32)", cell(s32) + " ns/record", ratioCell(s1, s32)));
            tables.add(new Table("(c) spsc on " + main.name() + ", drain in batches of 32 vs one at a time: a producer "
                    + "and a consumer thread (records/µs, wall time), and one thread offering 32 then draining them ("
                    + clock() + " per record); median [min..max] of " + n,
                    List.of("threads", "consumer", "figure", "speed-up"), rows));

            context.progress().step("batching with work: drain(1) vs drain(32), parse + checksum + flow table × "
                    + main.name());
            ForkedRows work = forked(DriverPartTask.WORK);
            BatchingWithWork.Result w = new BatchingWithWork.Result(FlowTable.defaultBytes(), work.flat(0), work.flat(1),
                    work.flat(2), work.flat(3), work.forks().size());
            measurements.addAll(w.measurements(ID, main.name()));
            tables.add(w.table(main.name()));
            claims.addAll(w::claims);
            notes.add(BatchingWithWork.note());
        }

        // ---- (b) pool vs malloc/free ----

        private void pool() {
            java.util.Optional<String> noMalloc = DriverWorkloads.mallocUnavailable();
            noMalloc.ifPresent(why -> skipped.add("(b) malloc/free baseline: " + why));
            context.progress().step("pool (single-thread) vs pool (spsc free list) vs malloc/free, 2048-byte buffers");
            ForkedRows pools = forked(DriverPartTask.POOL);
            double[] single = pools.flat(0);
            double[] spscPool = pools.flat(1);
            double[] malloc = pools.flat(2);
            int n = single.length;
            Map<String, String> base = Measurement.labels("part", "pool", "buffer", "2048 B");
            measurements.add(measure(with(base, "allocator", "pool single-thread"), "allocateFree", "ns/op", false,
                    pools.groups(0)));
            measurements.add(measure(with(base, "allocator", "pool spsc free list"), "allocateFree", "ns/op", false,
                    pools.groups(1)));
            List<List<String>> rows = new ArrayList<>();
            if (noMalloc.isEmpty()) {
                measurements.add(measure(with(base, "allocator", "malloc/free"), "allocateFree", "ns/op", false,
                        pools.groups(2)));
                measurements.add(measure(with(base, "allocator", "pool single-thread"), "mallocOverPool", "x", true,
                        pools.ratioGroups(2, 0)));
                measurements.add(measure(with(base, "allocator", "pool spsc free list"), "mallocOverPool", "x", true,
                        pools.ratioGroups(2, 1)));
                rows.add(List.of("BufferPool, single-thread free list", cell(single), ratioCell(malloc, single)));
                rows.add(List.of("BufferPool, spsc free-list ring", cell(spscPool), ratioCell(malloc, spscPool)));
                rows.add(List.of("libc malloc + free", cell(malloc), "1.00×"));
            } else {
                rows.add(List.of("BufferPool, single-thread free list", cell(single), "—"));
                rows.add(List.of("BufferPool, spsc free-list ring", cell(spscPool), "—"));
                rows.add(List.of("libc malloc + free", "— (" + noMalloc.get() + ")", "—"));
            }
            tables.add(new Table("(b) buffer pool vs malloc/free per packet: allocate + touch + free of a 2048-byte "
                    + "buffer, one thread (" + clock() + " per op, median [min..max] of " + n + ")",
                    List.of("allocator", "ns/op", "malloc / this"), rows));
            claims.addAll(pool -> {
                List<Claim> c = new ArrayList<>();
                String perMillion = "ns per pair = ms per million";
                c.addAll(SeedEntries.judge("driver.pool-ms-per-million", SeedClaim.figureOfForks(pools.groups(1)),
                        "the spsc free-list pool; " + perMillion));
                if (noMalloc.isPresent()) {
                    c.addAll(SeedEntries.notMeasured("driver.malloc-over-pool", "not measured: " + noMalloc.get()));
                    c.addAll(SeedEntries.notMeasured("driver.malloc-ms-per-million", "not measured: " + noMalloc.get()));
                    return c;
                }
                c.addAll(SeedEntries.judge("driver.malloc-over-pool", pool.paired(DriverPools.ONE_THREAD_CPU,
                        pools.rounds(2), pools.rounds(1)), String.format(Locale.ROOT, "malloc/free %.1f ns, spsc "
                        + "free-list pool %.1f ns, single-thread pool %.1f ns (medians; malloc / single-thread %.1f×)",
                        median(malloc), median(spscPool), median(single), median(malloc) / median(single))));
                c.addAll(SeedEntries.judge("driver.malloc-ms-per-million", SeedClaim.figureOfForks(pools.groups(2)),
                        perMillion));
                return c;
            });
        }

        // ---- (g) headers by copy vs by offset (sk_buff) ----

        private void headers() {
            context.progress().step("headers: memmove of the packet vs moving the data offset, 1500-byte packet");
            ForkedRows h = forked(DriverPartTask.HEADER);
            double[] copy = h.flat(0);
            double[] offset = h.flat(1);
            Map<String, String> base = Measurement.labels("part", "header", "packet", DriverWorkloads.HEADER_PACKET
                    + " B", "header", DriverWorkloads.HEADER + " B");
            measurements.add(measure(with(base, "method", "copy"), "time", "ns/op", false, h.groups(0)));
            measurements.add(measure(with(base, "method", "offset"), "time", "ns/op", false, h.groups(1)));
            measurements.add(measure(base, "copyOverOffset", "x", true, h.ratioGroups(0, 1)));
            double copyMoved = Arrays.stream(h.flat(2)).max().orElse(Double.NaN);
            double offsetMoved = Arrays.stream(h.flat(3)).max().orElse(Double.NaN);
            tables.add(new Table("(g) adding and removing a " + DriverWorkloads.HEADER + "-byte header on a "
                    + DriverWorkloads.HEADER_PACKET + "-byte packet in a 2048-byte buffer: moving the packet (memmove) "
                    + "or the data offset (PacketBuffer push/pull, as sk_buff); one thread, " + clock()
                    + " per operation, median [min..max] of " + copy.length,
                    List.of("method", "ns/op", "bytes moved/op", "copy / this"),
                    List.of(List.of("memmove the packet", cell(copy), fmt(copyMoved), "1.00×"),
                            List.of("move the data offset", cell(offset), fmt(offsetMoved), ratioCell(copy, offset)))));
            claims.addAll(pool -> {
                List<Claim> c = new ArrayList<>();
                c.addAll(SeedEntries.judge("driver.header-memcpy-over-offset", pool.paired(DriverPools.ONE_THREAD_CPU,
                        h.rounds(0), h.rounds(1)), String.format(Locale.ROOT, "copy %.1f ns, offset %.2f ns (medians)",
                        median(copy), median(offset))));
                c.addAll(SeedEntries.judge("driver.header-memcpy-ms-per-million", SeedClaim.figureOfForks(h.groups(0)),
                        "ns per operation = ms per million"));
                c.addAll(SeedEntries.judge("driver.header-offset-ms-per-million", SeedClaim.figureOfForks(h.groups(1)),
                        "ns per operation = ms per million"));
                c.addAll(SeedEntries.judgeExact("driver.header-offset-bytes-moved", offsetMoved, String.format(
                        Locale.ROOT, "the copy moved %.0f bytes per operation", copyMoved)));
                return c;
            });
        }

        // ---- (d) napi vs wake-per-item ----

        private void napi() throws InterruptedException {
            if (!disciplines.containsKey(NAPI)) {
                return;
            }
            boolean cpuMeasurable = DriverWorkloads.threadCpuMeasurable();
            if (!cpuMeasurable) {
                skipped.add("napi consumer CPU time: this JVM does not measure thread CPU time (ThreadMXBean)");
            }
            List<NapiConfig> configs = DriverPartTask.NAPI_MODES;
            List<String> modes = List.of("napi (budget 64, batch 32)", "wake-per-item");
            int n = profile.forks() * profile.napiRepetitionsPerFork();
            List<String> rates = new ArrayList<>();
            double[][] loss = new double[2][profile.napiRates().size()];
            double[][] cpuPerRecord = new double[2][profile.napiRates().size()];
            double[][][] lossReps = new double[2][profile.napiRates().size()][]; // [mode][rate][round], for the whiskers
            double[][][] cpuReps = new double[2][profile.napiRates().size()][];
            double[][][] lossForks = new double[2][profile.napiRates().size()][]; // each fork's median, for the dots
            double[][][] cpuForks = new double[2][profile.napiRates().size()][];
            List<List<String>> rows = new ArrayList<>();
            List<List<double[]>> atTop = null; // [napi kept, wake kept, napi cpu, wake cpu] per fork, highest rate ≤ 1 Gbit/s
            for (int ri = 0; ri < profile.napiRates().size(); ri++) {
                long rate = profile.napiRates().get(ri);
                rates.add(String.format(Locale.ROOT, "%,d/s", rate));
                context.progress().step(String.format(Locale.ROOT, "napi vs wake-per-item × %,d records/s × %s", rate,
                        main.name()));
                ForkedRows runs = forked(DriverPartTask.NAPI + rate);
                int fields = DriverPartTask.NAPI_FIELDS.size();
                List<List<double[]>> summary = new ArrayList<>();
                List<List<double[]>> cpuGroups = new ArrayList<>();
                for (int m = 0; m < 2; m++) {
                    int at = m * fields;
                    double[] lossPct = runs.flat(at);
                    double[] achieved = runs.flat(at + 1);
                    double[] cpuNs = runs.flat(at + 2);
                    double[] cpuPct = runs.flat(at + 3);
                    double[] wakeUps = runs.flat(at + 4);
                    double[] wakePerRecord = runs.flat(at + 5);
                    double[] polls = runs.flat(at + 6);
                    Map<String, String> l = Measurement.labels("part", "napi", "strategy", main.name(), "mode",
                            configs.get(m).signalling() == NapiConfig.Signalling.NAPI ? "napi" : "wake-per-item",
                            "rate", rate + "/s");
                    measurements.add(measure(l, "loss", "%", false, runs.groups(at)));
                    measurements.add(measure(l, "achievedRate", "records/s", true, runs.groups(at + 1)));
                    if (cpuMeasurable) {
                        measurements.add(measure(l, "consumerCpu", "ns/record", false, runs.groups(at + 2)));
                        measurements.add(measure(l, "consumerCpuShare", "%", false, runs.groups(at + 3)));
                    }
                    measurements.add(measure(l, "wakeUps", "count", false, runs.groups(at + 4)));
                    measurements.add(measure(l, "wakeUpsPerRecord", "wake-ups/record", false, runs.groups(at + 5)));
                    measurements.add(measure(l, "polls", "count", false, runs.groups(at + 6)));
                    loss[m][ri] = median(lossPct);
                    cpuPerRecord[m][ri] = cpuMeasurable ? median(cpuNs) : Double.NaN;
                    lossReps[m][ri] = lossPct;
                    cpuReps[m][ri] = cpuNs;
                    lossForks[m][ri] = Chart.forkMedians(runs.groups(at));
                    cpuForks[m][ri] = Chart.forkMedians(runs.groups(at + 2));
                    // "Loses no more" as delivered shares: 100 − loss, finite when neither loses.
                    summary.add(runs.rounds(at).stream().map(g -> Arrays.stream(g).map(x -> 100 - x).toArray()).toList());
                    cpuGroups.add(runs.rounds(at + 2));
                    rows.add(List.of(rates.get(ri), modes.get(m), fmt(median(achieved)) + "/s", cell(lossPct) + " %",
                            cpuMeasurable ? cell(cpuPct) + " %" : "—", cpuMeasurable ? cell(cpuNs) : "—",
                            fmt(median(wakeUps)), fmt(median(wakePerRecord)), fmt(median(polls))));
                }
                if (rate <= DriverProfile.GIGABIT_64_BYTE_FRAMES) {
                    summary.addAll(cpuGroups);
                    atTop = summary;
                }
            }
            tables.add(new Table("(d) napi vs wake-per-item: one producer at a fixed rate for "
                    + profile.napiNanos() / 1_000_000 + " ms, 64-byte records, ring of 1024 records on " + main.name()
                    + ", a full ring drops (median [min..max] of " + n + "; CPU = the poller thread's, ThreadMXBean)",
                    List.of("offered rate", "consumer", "achieved", "loss", "consumer CPU", "CPU ns/record", "wake-ups",
                            "wake-ups/record", "polls"), rows));
            String spread = "whiskers: min–max of the " + n + " repetitions; dots: each fork's median";
            charts.add(new Chart("driver (d): packet loss under a fixed-rate producer", "offered rate (64-byte records)",
                    "loss %", rates, Chart.twoSeries(NAPI, loss[0], WAKE, loss[1]), false, false)
                    .withRangeOf(spread, Chart.twoSeries(NAPI, lossReps[0], WAKE, lossReps[1]),
                            Chart.twoSeries(NAPI, lossForks[0], WAKE, lossForks[1])));
            if (cpuMeasurable) {
                charts.add(new Chart("driver (d): consumer CPU per record", "offered rate (64-byte records)",
                        "CPU ns per record", rates, Chart.twoSeries(NAPI, cpuPerRecord[0], WAKE, cpuPerRecord[1]),
                        false, false)
                        .withRangeOf(spread, Chart.twoSeries(NAPI, cpuReps[0], WAKE, cpuReps[1]),
                                Chart.twoSeries(NAPI, cpuForks[0], WAKE, cpuForks[1])));
            }
            if (atTop == null) {
                return; // no rate at or below 1 Gbit/s of 64-byte frames in this profile: no goal to judge
            }
            String top = rates.get(topIndex());
            double napiLoss = 100 - median(flat(atTop.get(0)));
            double wakeLoss = 100 - median(flat(atTop.get(1)));
            List<List<double[]>> judged = atTop;
            // ringlab's own goals for the part alone (an unpark as the interrupt, an empty handler); the
            // seed's NAPI results are judged on the whole driver, (e).
            claims.add(pool -> Claim.goal("napi-part-delivers", SeedClaim.of("ringlab goal: napi delivers at least "
                            + "the share wake-per-item delivers at " + top + " (the part alone)", "goal ≥ 1×")
                    .atLeast("napi / wake-per-item delivered share at " + top, 1,
                            pool.paired(DriverPools.DELIVERED, judged.get(0), judged.get(1)))
                    .build().toClaim(String.format(Locale.ROOT, "loss napi %.2f %%, wake-per-item %.2f %% (medians)",
                            napiLoss, wakeLoss))));
            if (cpuMeasurable) {
                String cpuDetail = String.format(Locale.ROOT, "napi %.0f ns, wake-per-item %.0f ns (medians)",
                        median(flat(atTop.get(2))), median(flat(atTop.get(3))));
                claims.add(pool -> Claim.goal("napi-part-cpu", SeedClaim.of("ringlab goal: napi spends no more CPU "
                                + "per record than wake-per-item at " + top + " (the part alone)", "goal ≤ 1×")
                        .atMost("napi / wake-per-item poller CPU per record at " + top, 1,
                                pool.paired(DriverPools.POLLER_CPU, judged.get(2), judged.get(3)))
                        .build().toClaim(cpuDetail)));
            }
        }

        // ---- (e) the whole driver (seed 001's final benchmark), see driver.scenario ----

        private boolean wholeDriverSelected() {
            return disciplines.containsKey(SPSC) && disciplines.containsKey(LOCKED);
        }

        private void wholeDriver() throws InterruptedException {
            if (!wholeDriverSelected()) {
                skipped.add("(e) whole driver: needs both spsc and locked-list");
                return;
            }
            WholeDriverPart.Result r = WholeDriverPart.run(ScenarioProfile.named(profile.name()), main, context.fork(),
                    context.progress()::step, line -> context.progress().note("(child) " + line));
            measurements.addAll(r.measurements());
            tables.addAll(r.tables());
            charts.addAll(r.charts());
            claims.addAll(r::reportClaims);
            notes.addAll(r.notes());
        }

        private int topIndex() {
            int best = 0;
            for (int i = 0; i < profile.napiRates().size(); i++) {
                if (profile.napiRates().get(i) <= DriverProfile.GIGABIT_64_BYTE_FRAMES) {
                    best = i;
                }
            }
            return best;
        }

        private Measurement measure(Map<String, String> labels, String metric, String unit, boolean higherIsBetter,
                                    double[] samples) {
            return new Measurement(ID, labels, metric, unit, higherIsBetter, false, samples);
        }

        /** One group of repetitions per fork ({@link ForkedRows}), so diff and the claims resample forks. */
        private Measurement measure(Map<String, String> labels, String metric, String unit, boolean higherIsBetter,
                                    List<double[]> forks) {
            return Measurement.ofForks(ID, labels, metric, unit, higherIsBetter, false, forks);
        }

        /** Part {@code part} of (b), (c), (d), (f), (g) in {@link DriverProfile#forks()} child JVMs (here with --no-fork). */
        private ForkedRows forked(String part) {
            return ForkedRows.run(new DriverPartTask(profile.name(), part, main == null ? "" : main.name(),
                    context.seed()), profile.forks(), context.fork(), DriverCell.TIMEOUT,
                    line -> context.progress().note("(child) " + line));
        }
    }

    private static double[] flat(List<double[]> groups) {
        return groups.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    static String clock() {
        return DriverWorkloads.CPU_CLOCK ? "CPU ns" : "wall ns";
    }

    static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put(key, value);
        return m;
    }
}
