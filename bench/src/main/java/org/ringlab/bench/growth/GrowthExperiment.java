package org.ringlab.bench.growth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ringlab.bench.util.Cells;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;

/**
 * Seed 002's experiment: every growth strategy grows a buffer to the target in 1 MiB appends,
 * each repetition in a fresh JVM by default (so peaks cannot mix and every run starts cold),
 * progress through {@link Progress}; the figures go into an {@link ExperimentResult} built by
 * {@link GrowthReport}.
 */
public final class GrowthExperiment implements Experiment {

    /** A repetition that takes longer than this is killed: a hung strategy must not hang the run. */
    private static final java.time.Duration RUN_TIMEOUT = java.time.Duration.ofMinutes(10);

    /** What {@link #run(GrowthPlan, Progress)} produced, and whether every strategy produced numbers. */
    public record Outcome(ExperimentResult result, boolean allStrategiesOk) {
    }

    /** Normalised by the memory kernel, which its children time ({@link GrowthTask#REFERENCE_KERNEL}). */
    @Override
    public org.ringlab.bench.harness.ReferenceLoop.Kernel referenceKernel() {
        return GrowthTask.REFERENCE_KERNEL;
    }

    @Override
    public String id() {
        return "growth";
    }

    @Override
    public String seed() {
        return "002_0b7c4237b204df8d.txt";
    }

    @Override
    public String description() {
        return "growing a buffer of unknown length in 1 MiB appends: peak resident memory, moves, bytes copied, time"
                + " per growth strategy";
    }

    @Override
    public ExperimentResult run(RunContext context) {
        GrowthProfile p = GrowthProfile.parse(context.profile());
        List<String> skipped = new ArrayList<>();
        List<GrowthStrategy> chosen = new ArrayList<>();
        for (GrowthStrategy s : Registries.growthStrategies().all()) {
            if (!context.wantsStrategy(s.name())) {
                continue;
            }
            if (s.availability().isAvailable()) {
                chosen.add(s);
            } else {
                skipped.add(s.name() + " (unavailable: " + s.availability().reason() + ")");
            }
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no available growth strategy among " + (context.strategies().isEmpty()
                    ? Registries.growthStrategies().names() : context.strategies()) + (skipped.isEmpty() ? "" : "; " + skipped));
        }
        // Seed 002's best and worst case for copying: exactly a power of two, and one append past it.
        List<GrowthReport> reports = new ArrayList<>();
        for (long target : p.caseTargets()) {
            GrowthWorkload w = new GrowthWorkload(target, GrowthProfile.CHUNK_BYTES,
                    Math.min(GrowthProfile.CHUNK_BYTES, target), 2);
            GrowthPlan plan = new GrowthPlan(p, chosen, w, p.caseRepetitions(), context.fork() && p.fork(),
                    context.seed(), null, skipped);
            reports.add(measure(plan, context.progress()));
        }
        // Both cases' step-time ratios pool: the same kind of figure, twice the degrees of freedom.
        List<List<Claim>> claims = RoundPool.judge(pool -> reports.stream().map(r -> r.claims(pool)).toList());
        return GrowthCases.merge(reports.get(0).result(id(), seed(), claims.get(0)), p.caseTargets().get(0),
                reports.get(1).result(id(), seed(), claims.get(1)), p.caseTargets().get(1));
    }

    /** Runs every repetition of every strategy of the plan. */
    public Outcome run(GrowthPlan plan, Progress progress) {
        GrowthReport report = measure(plan, progress);
        return new Outcome(report.result(id(), seed()), report.allOk());
    }

    /** Every repetition of every strategy of the plan, as a report not yet judged. */
    private GrowthReport measure(GrowthPlan plan, Progress progress) {
        long start = System.nanoTime();
        GrowthWorkload w = plan.workload();
        progress.note(String.format(Locale.ROOT, "growth: %d strategies x %d repetitions, grow to %s in %s appends from %s"
                        + " (factor %d), %s", plan.strategies().size(), plan.repetitions(), Sizes.format(w.targetBytes()),
                Sizes.format(w.chunkBytes()), Sizes.format(w.initialCapacity()), w.factor(),
                plan.fork() ? "one fresh JVM per repetition" : "all in this JVM"));
        progress.plan(plan.runCount());
        // Repetitions interleaved (A B C, then C B A, …): repetition r of every strategy shares the machine's load,
        // so the claims compare strategies on paired rounds.
        java.util.Map<GrowthStrategy, List<GrowthSample>> samples = new java.util.LinkedHashMap<>();
        java.util.Map<GrowthStrategy, String> errors = new java.util.LinkedHashMap<>();
        plan.strategies().forEach(st -> samples.put(st, new ArrayList<>()));
        for (int rep = 1; rep <= plan.repetitions(); rep++) {
            List<GrowthStrategy> order = new ArrayList<>(plan.strategies());
            if (rep % 2 == 0) {
                java.util.Collections.reverse(order);
            }
            for (GrowthStrategy strategy : order) {
                if (errors.containsKey(strategy)) {
                    continue;
                }
                progress.step(strategy.name() + " rep " + rep);
                try {
                    samples.get(strategy).add(plan.fork() ? forked(plan, strategy, progress)
                            : GrowthSample.of(GrowthRun.measure(strategy, w)));
                } catch (RuntimeException e) {
                    errors.put(strategy, Cells.describe(e));
                    progress.note("FAILED " + strategy.name() + " rep " + rep + ": " + errors.get(strategy));
                }
            }
        }
        List<GrowthCell> cells = new ArrayList<>();
        for (GrowthStrategy strategy : plan.strategies()) {
            String error = errors.get(strategy);
            cells.add(error == null ? new GrowthCell(strategy.name(), samples.get(strategy), null)
                    : GrowthCell.failed(strategy.name(), samples.get(strategy), error));
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new GrowthReport(plan, cells, elapsed);
    }

    private static GrowthSample forked(GrowthPlan plan, GrowthStrategy strategy, Progress progress) {
        return Fork.run(GrowthTask.of(strategy.name(), plan.workload()), RUN_TIMEOUT,
                line -> progress.note("(child) " + line));
    }
}
