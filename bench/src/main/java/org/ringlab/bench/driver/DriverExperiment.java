package org.ringlab.bench.driver;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.bench.driver.scenario.ScenarioProfile;
import org.ringlab.bench.driver.scenario.SeedEntries;
import org.ringlab.bench.driver.scenario.WholeDriverPart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Strategies;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.util.DeclaredExperiment;
import org.ringlab.bench.util.Environment;

/**
 * Seed 001 (a network driver's RX path), re-measured: (a) {@code spsc} against the
 * {@code locked-list} baseline with a real producer and consumer thread contending for its
 * lock, 64-byte records, on every available memory strategy; (b) the preallocated
 * {@code BufferPool} against libc's malloc/free per packet; (c) drains of 32 against drains of
 * 1; (d) {@code napi} against wake-per-item under a fixed-rate producer (loss, poller CPU,
 * wake-ups); (e) the whole driver ({@link WholeDriverPart}); (f) batching with work per
 * packet; (g) headers added and removed by moving an offset or the packet. The seed's results
 * come from its catalogue ({@link SeedEntries}), each judged by the part that measures its
 * metric ({@link #METRICS}); a measurable entry no part judged is listed as not measured. Single-thread
 * figures for (a) and (c) are measured beside the two-thread ones: on a loaded 2-core machine
 * the two-thread figure partly measures the scheduler. Every part runs in child JVMs, a fork a
 * paired round ({@link DriverParts}); inside a fork each repetition runs the compared variants in
 * a seeded order drawn afresh, so background load hits every variant alike.
 */
public final class DriverExperiment extends DeclaredExperiment implements Experiment {

    static final String ID = "driver";
    static final String SPSC = "spsc";
    static final String LOCKED = "locked-list";
    static final String NAPI = "napi";
    /** (d)'s other mode; (e)'s interrupt per packet is drawn in its colour ({@code WholeDriverPart#PER_PACKET}). */
    static final String WAKE = "wake-per-item";
    /** ringlab's own goal for (a), not the seed's: spsc at least this many times locked-list on every strategy. */
    static final double EVERY_STRATEGY_GOAL = 5.0;

    /** The figures this experiment judges seed 001's catalogue on: (a), (b), (f), (g) here, (e) in {@link WholeDriverPart}. */
    static final java.util.Set<String> METRICS = java.util.stream.Stream.concat(java.util.stream.Stream.of(
            "driver.spsc-over-locked", "driver.locked-lock-wait", "driver.spsc-lock-wait",
            "driver.locked-ms-per-million", "driver.spsc-ms-per-million",
            "driver.malloc-over-pool", "driver.malloc-ms-per-million", "driver.pool-ms-per-million",
            "driver.batch-speedup", "driver.batch1-ms-per-million", "driver.batch32-ms-per-million",
            "driver.header-memcpy-over-offset", "driver.header-memcpy-ms-per-million",
            "driver.header-offset-ms-per-million", "driver.header-offset-bytes-moved"),
            WholeDriverPart.METRICS.stream()).collect(java.util.stream.Collectors.toUnmodifiableSet());

    public DriverExperiment() {
        super(ID, "001_56e9b601bad63b40.txt", "device-driver queues: spsc vs a contended locked list, buffer pool vs "
                + "malloc/free, batch 1 vs 32, NAPI vs wake-per-item under a fixed-rate producer, headers by offset vs "
                + "copy, the whole driver", METRICS);
    }

    @Override
    public ExperimentResult run(RunContext context) {
        DriverProfile profile = DriverProfile.named(context.profile());
        try {
            return run(context, profile);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("driver experiment interrupted", e);
        }
    }

    private static ExperimentResult run(RunContext context, DriverProfile profile) throws InterruptedException {
        String loadBefore = Environment.loadAverage();
        List<String> skipped = new ArrayList<>();
        DriverParts run = new DriverParts(context, profile,
                Strategies.select(ID, context.filters(), List.of(SPSC, LOCKED, NAPI), skipped), skipped);
        if (run.main == null) {
            skipped.add("queue figures (a), (c), (d): no available memory strategy passes the filter "
                    + context.strategies());
        }
        ScenarioProfile whole = ScenarioProfile.named(profile.name());
        boolean wholeDriver = run.has(SPSC) && run.has(LOCKED);
        int plan = 2; // pool vs malloc, headers
        if (run.main != null) {
            plan += run.has(SPSC) || run.has(LOCKED) ? SpscVersusLocked.strategies(run).size() * profile.forks() : 0;
            plan += run.has(SPSC) ? 3 : 0; // batch two-thread, single-thread, with work
            plan += run.has(NAPI) ? profile.napiRates().size() : 0;
            plan += wholeDriver ? whole.steps() : 0;
        }
        context.progress().plan(plan);
        run.notes.add(DriverParts.prose("profile", "profile", profile.name(), "warmups", profile.warmups(),
                "repetitions", profile.repetitionsPerFork(), "aRepetitions",
                DriverPartTask.repetitions(profile, DriverPartTask.SPSC_VS_LOCKED), "seed", context.seed()));
        run.notes.add(context.fork() ? DriverParts.prose("forked", "forks", profile.forks(), "perFork",
                profile.repetitionsPerFork(), "napiPerFork", profile.napiRepetitionsPerFork(), "wholeForks",
                whole.forks()) : DriverParts.prose("not-forked"));
        run.notes.add(DriverParts.prose(DriverWorkloads.CPU_CLOCK ? "cpu-clock" : "wall-clock"));
        run.notes.add("two-thread figures: " + org.ringlab.bench.util.TwoCpus.placement());
        if (run.main != null) {
            SpscVersusLocked.run(run);
            QueueBatches.run(run);
        }
        BufferParts.pool(run);
        BufferParts.headers(run);
        if (run.main != null) {
            NapiPart.run(run);
            if (wholeDriver) {
                WholeDriverPart.Result r = WholeDriverPart.run(whole, run.main, context.seed(), context.fork(),
                        context.progress()::step, line -> context.progress().note("(child) " + line));
                run.measurements.addAll(r.measurements());
                run.tables.addAll(r.tables());
                run.charts.addAll(r.charts());
                run.claims.addAll(r::reportClaims);
                run.notes.addAll(r.notes());
            } else {
                skipped.add("(e) whole driver: needs both spsc and locked-list");
            }
        }
        run.notes.add(DriverParts.prose("load", "before", loadBefore, "after", Environment.loadAverage()));
        List<Claim> judged = new ArrayList<>(run.claims.judge());
        // Every measurable entry of the seed gets a claim: those of parts this selection left out say so.
        judged.addAll(SeedEntries.missing(judged, "not measured: its part did not run with this selection ("
                + "skipped: " + String.join("; ", skipped) + ")"));
        return new ExperimentResult(ID, "001_56e9b601bad63b40.txt", "driver: seed 001's device-driver queues",
                profile.name(), run.measurements, run.tables, run.charts, judged, run.notes, skipped);
    }
}
