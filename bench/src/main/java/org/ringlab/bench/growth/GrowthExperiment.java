package org.ringlab.bench.growth;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.util.Cells;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.ReferenceLoop.Kernel;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.util.DeclaredExperiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.util.Providers;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthWorkload;

/**
 * Seed 002's experiment: every growth strategy grows a buffer in 1 MiB appends under the seed's
 * two test conditions ({@link GrowthProfile#cases()}), judged from its catalogue ({@link GrowthClaims}),
 * each repetition in a fresh JVM by default (so peaks cannot mix and every run starts cold),
 * progress through {@link Progress}; the figures go into an {@link ExperimentResult} built by
 * {@link GrowthReport}.
 */
public final class GrowthExperiment extends DeclaredExperiment implements Experiment {

    /** A repetition that takes longer than this is killed: a hung strategy must not hang the run. */
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);

    /** What {@link #run(GrowthPlan, Progress)} produced, and whether every strategy produced numbers. */
    public record Outcome(ExperimentResult result, boolean allStrategiesOk) {
    }

    public GrowthExperiment() {
        super("growth", "002_0b7c4237b204df8d.txt",
                "growing a buffer of unknown length in 1 MiB appends: peak resident memory, moves, bytes copied, time"
                        + " per growth strategy",
                GrowthClaims.METRICS);
    }

    /** Normalised by the memory kernel, which its children time ({@link GrowthTask#REFERENCE_KERNEL}). */
    @Override
    public Kernel referenceKernel() {
        return GrowthTask.REFERENCE_KERNEL;
    }

    @Override
    public ExperimentResult run(RunContext context) {
        GrowthProfile p = GrowthProfile.parse(context.profile());
        List<String> skipped = new ArrayList<>();
        List<GrowthStrategy> chosen = Providers.chosen(Registries.growthStrategies(), context.strategies(),
                "growth strategy", skipped);
        return runCases(p, chosen, skipped, p.caseRepetitions(), context.fork() && p.fork(), context.seed(), null,
                context.progress()).result();
    }

    /**
     * The profile's workloads ({@link GrowthProfile#cases()}: seed 002's two tests, and a goal
     * size in full), each on the chosen strategies it concerns, judged together.
     */
    public Outcome runCases(GrowthProfile p, List<GrowthStrategy> chosen, List<String> skipped, int repetitions,
                            boolean fork, long seed, java.nio.file.Path out, Progress progress) {
        List<GrowthReport> reports = new ArrayList<>();
        List<String> left = new ArrayList<>(skipped);
        for (GrowthCase c : p.cases()) {
            List<GrowthStrategy> mine = chosen.stream().filter(s -> c.runs(s.name())).toList();
            if (mine.isEmpty()) {
                left.add("workload " + c.label() + ": none of its strategies " + c.strategies() + " chosen");
                continue;
            }
            reports.add(measure(new GrowthPlan(p, mine, c, repetitions, fork, seed, out, left), progress));
        }
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("no workload of the growth experiment runs any of " + chosen);
        }
        return new Outcome(GrowthReport.merge(reports, id(), seed(), GrowthClaims.of(reports)),
                reports.stream().allMatch(GrowthReport::allOk));
    }

    /** Runs every repetition of every strategy of a plan of its own (a workload given on the command line). */
    public Outcome run(GrowthPlan plan, Progress progress) {
        GrowthReport report = measure(plan, progress);
        return new Outcome(report.result(id(), seed(), GrowthClaims.custom(report)), report.allOk());
    }

    /** Every repetition of every strategy of the plan, as a report not yet judged. */
    private GrowthReport measure(GrowthPlan plan, Progress progress) {
        long start = System.nanoTime();
        GrowthWorkload w = plan.workload();
        progress.note(String.format(Locale.ROOT, "growth: %d strategies x %d repetitions, grow to %s in %s appends from %s"
                        + " (factor %d), %s", plan.strategies().size(), plan.repetitions(), plan.growthCase().label(),
                Sizes.format(w.chunkBytes()), Sizes.format(w.initialCapacity()), w.factor(),
                plan.fork() ? "one fresh JVM per repetition" : "all in this JVM"));
        progress.plan(plan.runCount());
        // Repetitions interleaved: repetition r of every strategy shares the machine's load, so the claims
        // compare strategies on paired rounds.
        Map<GrowthStrategy, List<GrowthSample>> samples = new LinkedHashMap<>();
        Map<GrowthStrategy, String> errors = new LinkedHashMap<>();
        plan.strategies().forEach(st -> samples.put(st, new ArrayList<>()));
        for (int rep = 1; rep <= plan.repetitions(); rep++) {
            // A seeded order drawn afresh each repetition (recorded in results.json), so drift hits every strategy alike.
            for (GrowthStrategy strategy : RoundOrder.shuffled(plan.seed(), "growth " + plan.growthCase().label(),
                    rep - 1, plan.strategies(), GrowthStrategy::name)) {
                if (errors.containsKey(strategy)) {
                    continue;
                }
                progress.step(strategy.name() + " rep " + rep);
                GrowthTask task = GrowthTask.of(strategy.name(), w, plan.growthCase().trace());
                try {
                    samples.get(strategy).add(plan.fork() ? Fork.run(task, RUN_TIMEOUT,
                            line -> progress.note("(child) " + line)) : task.measure(strategy));
                } catch (RuntimeException e) {
                    errors.put(strategy, Cells.describe(e));
                    progress.note("FAILED " + strategy.name() + " rep " + rep + ": " + errors.get(strategy));
                }
            }
        }
        List<GrowthCell> cells = plan.strategies().stream().map(s -> new GrowthCell(s.name(), samples.get(s),
                errors.get(s))).toList();
        return new GrowthReport(plan, cells, (System.nanoTime() - start) / 1e9);
    }
}
