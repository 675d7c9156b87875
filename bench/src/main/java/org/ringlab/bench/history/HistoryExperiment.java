package org.ringlab.bench.history;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.ReferenceLoop.Kernel;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.util.Cells;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.util.DeclaredExperiment;
import org.ringlab.bench.report.ExperimentOptions;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.util.Providers;
import org.ringlab.bench.util.Sizes;

/**
 * Seed 000's experiment: every cell of a {@link HistoryPlan} (strategy × element size), each in
 * a forked JVM or in this one, progress through {@link Progress}; the figures go into an
 * {@link ExperimentResult} built by {@link HistoryReport}.
 */
public final class HistoryExperiment extends DeclaredExperiment implements Experiment {

    /** A cell that takes longer than this is killed: a hung strategy must not hang the run. */
    private static final Duration CELL_TIMEOUT = Duration.ofMinutes(10);

    /** What {@link #run(HistoryPlan, Progress)} produced, and whether every cell produced numbers. */
    public record Outcome(ExperimentResult result, boolean allCellsOk) {
    }

    public HistoryExperiment() {
        super("history", "000_8739d5cca765be88.txt",
                "mirrored ring vs doubled array vs linearize/split: seed 000's write and read runs timed whole from a"
                        + " fresh mapping (its 48 x 240 KiB ring), page faults, physical memory; ns per put and"
                        + " whole-history read in the steady state, element sizes 4 KiB .. 960 KiB",
                HistoryReport.METRICS);
    }

    /** Normalised by the memory kernel, which its children time ({@link HistoryCellTask#REFERENCE_KERNEL}). */
    @Override
    public Kernel referenceKernel() {
        return HistoryCellTask.REFERENCE_KERNEL;
    }

    @Override
    public Optional<ExperimentOptions> options() {
        return Optional.of(new HistoryRunOptions());
    }

    @Override
    public ExperimentResult run(RunContext context) {
        Profile p = Profile.parse(context.profile());
        List<String> skipped = new ArrayList<>();
        List<MemoryStrategy> chosen = Providers.chosen(Registries.memoryStrategies(), context.strategies(),
                "memory strategy", skipped);
        List<Long> sizes = context.options(HistoryRunOptions.class, HistoryRunOptions::new).sizes();
        HistoryPlan plan = new HistoryPlan(p, chosen, sizes, p.ringBytes(), p.warmup(), p.repetitions(),
                context.fork() && p.fork(), context.seed(), null, skipped, "doubled", "mirrored-memfd");
        return run(plan, context.progress()).result();
    }

    /**
     * Runs the plan in rounds: each round measures every strategy once, in one fresh JVM per
     * strategy holding all its element sizes, in alternating order (A B C, then C B A), so the
     * compared strategies of a round share the machine's background load and neither always goes
     * first. After the budget's minimum, rounds go on for the claimed pair only while a claim is
     * inconclusive.
     */
    public Outcome run(HistoryPlan plan, Progress progress) {
        long start = System.nanoTime();
        RepetitionBudget budget = plan.budget();
        progress.note(String.format(Locale.ROOT, "history: %d cells (%d strategies x %d sizes), ring %s,"
                        + " %d warm-up + %d timed repetitions per round, %d to %d rounds (%s), %s",
                plan.cellCount(), plan.strategies().size(), plan.sizes().size(), Sizes.format(plan.ringBytes()),
                plan.warmup(), plan.repetitions(), budget.minRounds(), budget.maxRounds(),
                "more only for " + plan.baseline() + " vs " + plan.candidate() + " while a claim is inconclusive",
                plan.fork() ? "one fresh JVM per strategy and round" : "all in this JVM"));
        progress.plan(plan.strategies().size() * budget.minRounds());
        List<CellResult> results = new ArrayList<>();
        List<ColdResult> colds = new ArrayList<>();
        int round = 0;
        int strategyRuns = 0; // one child JVM each when forked
        boolean decisive = false;
        while (true) {
            List<MemoryStrategy> order = round < budget.minRounds() ? plan.strategies()
                    : plan.strategies().stream().filter(s -> plan.claimed(s.name())).toList();
            double elapsed = (System.nanoTime() - start) / 1e9;
            // An added round runs only the claimed pair: its cost is two strategies' runs, not a whole round's.
            double nextRound = strategyRuns == 0 ? 0 : elapsed / strategyRuns * order.size();
            if (!budget.allowsAnother(round, elapsed, nextRound, decisive) || order.isEmpty()) {
                break;
            }
            if (round >= budget.minRounds()) {
                progress.note("history: round " + (round + 1) + " of at most " + budget.maxRounds() + " for "
                        + plan.baseline() + " vs " + plan.candidate() + " (a claim is still inconclusive)");
            }
            // A seeded order drawn afresh each round (recorded in results.json): a drift of the machine
            // hits every strategy alike instead of always the one that runs last.
            for (MemoryStrategy strategy : RoundOrder.shuffled(plan.seed(), "history", round, order, MemoryStrategy::name)) {
                if (round < budget.minRounds()) {
                    progress.step(strategy.name() + " × " + plan.sizes().size() + " sizes (round " + (round + 1) + ")");
                }
                strategyRuns++;
                HistoryCellTask.Cells run = runStrategy(strategy, plan, progress);
                if (run.cold() != null) {
                    ColdResult c = run.cold().inRound(round);
                    if (!c.ok()) {
                        progress.note("FAILED " + strategy.name() + " cold runs: " + c.error());
                    }
                    colds.add(c);
                }
                for (CellResult c : run.cells()) {
                    CellResult r = c.inRound(round);
                    if (!r.ok()) {
                        progress.note("FAILED " + strategy.name() + " × " + Sizes.format(r.elementSize()) + ": "
                                + r.error());
                    }
                    results.add(r);
                }
            }
            round++;
            decisive = new HistoryReport(plan, results, colds, 0).decisive();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Outcome(new HistoryReport(plan, results, colds, elapsed).result(id(), seed()),
                results.stream().allMatch(CellResult::ok) && colds.stream().allMatch(ColdResult::ok));
    }

    /**
     * Every element size of one strategy: in one child JVM, or here, one cell after the other;
     * first the seed's cold runs when the strategy is one of the claimed pair.
     */
    private static HistoryCellTask.Cells runStrategy(MemoryStrategy strategy, HistoryPlan plan, Progress progress) {
        ColdRun.ColdPlan cold = plan.claimed(strategy.name()) ? plan.cold() : null;
        List<CellResult> out = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        List<Long> capacities = new ArrayList<>();
        for (long size : plan.sizes()) {
            try {
                capacities.add(HistoryCell.capacityFor(plan.ringBytes(), size, strategy.granularity()));
                sizes.add(size);
            } catch (RuntimeException e) {
                out.add(CellResult.failed(strategy.name(), size, plan.ringBytes(), plan.fork(), Cells.describe(e)));
            }
        }
        if (sizes.isEmpty()) {
            return new HistoryCellTask.Cells(out, cold == null ? null : HistoryCellTask.cold(strategy, cold, false));
        }
        long[] e = sizes.stream().mapToLong(Long::longValue).toArray();
        long[] c = capacities.stream().mapToLong(Long::longValue).toArray();
        HistoryCellTask task = new HistoryCellTask(strategy.name(), e, c, plan.warmup(), plan.repetitions(), cold);
        try {
            HistoryCellTask.Cells measured = plan.fork()
                    ? Fork.run(task, CELL_TIMEOUT, line -> progress.note("(child) " + line)) : task.measure(strategy, false);
            out.addAll(measured.cells());
            return new HistoryCellTask.Cells(out, measured.cold());
        } catch (RuntimeException ex) {
            for (int i = 0; i < e.length; i++) {
                out.add(CellResult.failed(strategy.name(), e[i], c[i], true, Cells.describe(ex)));
            }
            return new HistoryCellTask.Cells(out, cold == null ? null
                    : ColdResult.failed(strategy.name(), cold, true, Cells.describe(ex)));
        }
    }
}
