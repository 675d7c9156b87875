package org.ringlab.bench.history;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Sizes;

/**
 * Runs every cell of a {@link HistoryPlan}, in forked JVMs or in this one, reporting progress
 * on stderr, then prints the table and the summary and writes the files.
 */
public final class HistoryExperiment {

    /** A cell that takes longer than this is killed: a hung strategy must not hang the run. */
    private static final long CELL_TIMEOUT_SECONDS = 600;

    private final HistoryPlan plan;
    private final PrintWriter out;
    private final PrintWriter err;

    public HistoryExperiment(HistoryPlan plan, PrintWriter out, PrintWriter err) {
        this.plan = plan;
        this.out = out;
        this.err = err;
    }

    /** Exit code: 0 when every cell produced numbers, 1 otherwise. */
    public int run() {
        long start = System.nanoTime();
        Map<String, String> environment = Environment.describe(); // load average before we add to it
        err.printf(Locale.ROOT, "history: %d cells (%d strategies x %d sizes), ring %s, %d warm-up + %d timed repetitions, %s%n",
                plan.cellCount(), plan.strategies().size(), plan.sizes().size(), Sizes.format(plan.ringBytes()),
                plan.warmup(), plan.repetitions(), plan.fork() ? "one fresh JVM per cell" : "all in this JVM");
        err.flush();
        List<CellResult> results = new ArrayList<>();
        int index = 0;
        for (MemoryStrategy strategy : plan.strategies()) {
            for (long size : plan.sizes()) {
                index++;
                long cellStart = System.nanoTime();
                err.printf(Locale.ROOT, "[%2d/%d] %s x %s ...%n", index, plan.cellCount(), strategy.name(), Sizes.format(size));
                err.flush();
                CellResult r = runCell(strategy, size);
                results.add(r);
                err.printf(Locale.ROOT, "[%2d/%d] %s x %s %s in %.1f s (elapsed %.1f s)%n", index, plan.cellCount(),
                        strategy.name(), Sizes.format(size), r.ok() ? "done" : "FAILED",
                        seconds(System.nanoTime() - cellStart), seconds(System.nanoTime() - start));
                err.flush();
            }
        }
        double elapsed = seconds(System.nanoTime() - start);
        HistoryReport report = new HistoryReport(plan, results, elapsed, environment);
        out.print(report.console());
        out.flush();
        if (plan.out() != null) {
            report.writeFiles(plan.out());
            out.println("wrote " + plan.out().resolve(HistoryReport.MARKDOWN) + " and "
                    + plan.out().resolve(HistoryReport.JSON));
            out.flush();
        }
        return results.stream().allMatch(CellResult::ok) ? 0 : 1;
    }

    private CellResult runCell(MemoryStrategy strategy, long size) {
        long capacity;
        try {
            capacity = HistoryCell.capacityFor(plan.ringBytes(), size, strategy.granularity());
        } catch (RuntimeException e) {
            return CellResult.failed(strategy.name(), size, plan.ringBytes(), plan.fork(), describe(e));
        }
        if (!plan.fork()) {
            try {
                return HistoryCell.measure(strategy, size, capacity, plan.warmup(), plan.repetitions(), true, false);
            } catch (RuntimeException e) {
                return CellResult.failed(strategy.name(), size, capacity, false, describe(e));
            }
        }
        List<String> args = List.of("history-cell", "--strategy", strategy.name(), "--element", Long.toString(size),
                "--capacity", Long.toString(capacity), "--warmup", Integer.toString(plan.warmup()),
                "--reps", Integer.toString(plan.repetitions()));
        ChildJvm.Outcome o;
        try {
            o = ChildJvm.run(args, CELL_TIMEOUT_SECONDS);
        } catch (RuntimeException e) {
            return CellResult.failed(strategy.name(), size, capacity, true, describe(e));
        }
        // Whatever the child said on stderr (JVM warnings included) is shown, not swallowed.
        for (String line : o.stderr()) {
            err.println("  (child) " + line);
        }
        String resultLine = o.stdout().stream().filter(l -> l.startsWith(CellResult.LINE_PREFIX)).reduce((a, b) -> b)
                .orElse(null);
        if (o.timedOut()) {
            return CellResult.failed(strategy.name(), size, capacity, true,
                    "the child JVM did not finish within " + CELL_TIMEOUT_SECONDS + " s and was killed");
        }
        if (o.exitCode() != 0 || resultLine == null) {
            String why = o.stderr().isEmpty() ? String.join(" | ", o.stdout()) : o.stderr().getLast();
            return CellResult.failed(strategy.name(), size, capacity, true,
                    "child JVM exited with " + o.exitCode() + (why.isBlank() ? "" : ": " + why));
        }
        try {
            return CellResult.parse(resultLine, true);
        } catch (RuntimeException e) {
            return CellResult.failed(strategy.name(), size, capacity, true, describe(e));
        }
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
