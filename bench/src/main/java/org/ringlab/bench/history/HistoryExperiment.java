package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.util.Cells;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.util.Sizes;

/**
 * Seed 000's experiment: every cell of a {@link HistoryPlan} (strategy × element size), each in
 * a forked JVM or in this one, progress through {@link Progress}; the figures go into an
 * {@link ExperimentResult} built by {@link HistoryReport}.
 */
public final class HistoryExperiment implements Experiment {

    /** A cell that takes longer than this is killed: a hung strategy must not hang the run. */
    private static final java.time.Duration CELL_TIMEOUT = java.time.Duration.ofMinutes(10);

    /** What {@link #run(HistoryPlan, Progress)} produced, and whether every cell produced numbers. */
    public record Outcome(ExperimentResult result, boolean allCellsOk) {
    }

    @Override
    public String id() {
        return "history";
    }

    @Override
    public String seed() {
        return "000_8739d5cca765be88.txt";
    }

    @Override
    public String description() {
        return "mirrored ring vs doubled array vs linearize/split: ns per put, whole-history read, physical memory,"
                + " element sizes 4 KiB .. 1 MiB";
    }

    @Override
    public ExperimentResult run(RunContext context) {
        Profile p = Profile.parse(context.profile());
        List<String> skipped = new ArrayList<>();
        List<MemoryStrategy> chosen = new ArrayList<>();
        for (MemoryStrategy s : Registries.memoryStrategies().all()) {
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
            throw new IllegalArgumentException("no available memory strategy among " + (context.strategies().isEmpty()
                    ? Registries.memoryStrategies().names() : context.strategies()) + (skipped.isEmpty() ? "" : "; " + skipped));
        }
        HistoryPlan plan = new HistoryPlan(p, chosen, Profile.DEFAULT_SIZES, p.ringBytes(), p.warmup(), p.repetitions(),
                context.fork() && p.fork(), context.seed(), null, skipped, "doubled", "mirrored-memfd");
        return run(plan, context.progress()).result();
    }

    /**
     * Runs the plan in rounds: each round forks every cell once, the strategies of one element
     * size back to back and in alternating order (A B, then B A), so the compared cells of a round
     * share the machine's background load and neither always goes first. After the budget's
     * minimum, rounds go on for the claimed pair only while a claim is inconclusive.
     */
    public Outcome run(HistoryPlan plan, Progress progress) {
        long start = System.nanoTime();
        RepetitionBudget budget = plan.budget();
        progress.note(String.format(java.util.Locale.ROOT, "history: %d cells (%d strategies x %d sizes), ring %s,"
                        + " %d warm-up + %d timed repetitions per round, %d to %d rounds (%s), %s",
                plan.cellCount(), plan.strategies().size(), plan.sizes().size(), Sizes.format(plan.ringBytes()),
                plan.warmup(), plan.repetitions(), budget.minRounds(), budget.maxRounds(),
                "more only for " + plan.baseline() + " vs " + plan.candidate() + " while a claim is inconclusive",
                plan.fork() ? "one fresh JVM per cell and round" : "all in this JVM"));
        progress.plan(plan.cellCount() * budget.minRounds());
        List<CellResult> results = new ArrayList<>();
        int round = 0;
        boolean decisive = false;
        while (budget.allowsAnother(round, (System.nanoTime() - start) / 1e9, decisive)) {
            List<MemoryStrategy> strategies = round < budget.minRounds() ? plan.strategies()
                    : plan.strategies().stream().filter(s -> s.name().equals(plan.baseline())
                    || s.name().equals(plan.candidate())).toList();
            if (strategies.isEmpty()) {
                break;
            }
            if (round >= budget.minRounds()) {
                progress.note("history: round " + (round + 1) + " of at most " + budget.maxRounds() + " for "
                        + plan.baseline() + " vs " + plan.candidate() + " (a claim is still inconclusive)");
            }
            for (long size : plan.sizes()) {
                List<MemoryStrategy> order = new ArrayList<>(strategies);
                if (round % 2 == 1) {
                    java.util.Collections.reverse(order);
                }
                for (MemoryStrategy strategy : order) {
                    if (round < budget.minRounds()) {
                        progress.step(strategy.name() + " × " + Sizes.format(size) + " (round " + (round + 1) + ")");
                    }
                    CellResult r = runCell(strategy, size, plan, progress).inRound(round);
                    if (!r.ok()) {
                        progress.note("FAILED " + strategy.name() + " × " + Sizes.format(size) + ": " + r.error());
                    }
                    results.add(r);
                }
            }
            round++;
            decisive = new HistoryReport(plan, results, 0).decisive();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Outcome(new HistoryReport(plan, results, elapsed).result(id(), seed()),
                results.stream().allMatch(CellResult::ok));
    }

    private static CellResult runCell(MemoryStrategy strategy, long size, HistoryPlan plan, Progress progress) {
        long capacity;
        try {
            capacity = HistoryCell.capacityFor(plan.ringBytes(), size, strategy.granularity());
        } catch (RuntimeException e) {
            return CellResult.failed(strategy.name(), size, plan.ringBytes(), plan.fork(), Cells.describe(e));
        }
        if (!plan.fork()) {
            try {
                return HistoryCell.measure(strategy, size, capacity, plan.warmup(), plan.repetitions(), true, false);
            } catch (RuntimeException e) {
                return CellResult.failed(strategy.name(), size, capacity, false, Cells.describe(e));
            }
        }
        try {
            return Fork.run(new HistoryCellTask(strategy.name(), size, capacity, plan.warmup(), plan.repetitions()),
                    CELL_TIMEOUT, line -> progress.note("(child) " + line));
        } catch (RuntimeException e) {
            return CellResult.failed(strategy.name(), size, capacity, true, Cells.describe(e));
        }
    }
}
