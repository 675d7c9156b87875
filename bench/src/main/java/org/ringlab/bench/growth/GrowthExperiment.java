package org.ringlab.bench.growth;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.bench.history.ChildJvm;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Sizes;
import org.ringlab.growth.GrowthRun;
import org.ringlab.growth.GrowthWorkload;

/**
 * Seed 002's experiment: every growth strategy grows a buffer to the target in 1 MiB appends,
 * each repetition in a fresh JVM by default (so peaks cannot mix and every run starts cold),
 * progress on stderr; then the table, the summary and the files.
 */
public final class GrowthExperiment {

    /** A repetition that takes longer than this is killed: a hung strategy must not hang the run. */
    private static final long RUN_TIMEOUT_SECONDS = 600;

    private final GrowthPlan plan;
    private final PrintWriter out;
    private final PrintWriter err;

    public GrowthExperiment(GrowthPlan plan, PrintWriter out, PrintWriter err) {
        this.plan = plan;
        this.out = out;
        this.err = err;
    }

    /** Exit code: 0 when every strategy produced numbers, 1 otherwise. */
    public int run() {
        long start = System.nanoTime();
        Map<String, String> environment = Environment.describe(); // load average before we add to it
        GrowthWorkload w = plan.workload();
        err.printf(Locale.ROOT, "growth: %d strategies x %d repetitions, grow to %s in %s appends from %s (factor %d), %s%n",
                plan.strategies().size(), plan.repetitions(), Sizes.format(w.targetBytes()), Sizes.format(w.chunkBytes()),
                Sizes.format(w.initialCapacity()), w.factor(), plan.fork() ? "one fresh JVM per repetition" : "all in this JVM");
        err.flush();
        List<GrowthCell> cells = new ArrayList<>();
        int index = 0;
        for (GrowthStrategy strategy : plan.strategies()) {
            List<GrowthSample> samples = new ArrayList<>();
            String error = null;
            for (int rep = 1; rep <= plan.repetitions() && error == null; rep++) {
                index++;
                long runStart = System.nanoTime();
                try {
                    GrowthSample s = plan.fork() ? forked(strategy) : GrowthSample.of(GrowthRun.measure(strategy, w));
                    samples.add(s);
                    err.printf(Locale.ROOT, "[%2d/%d] %s rep %d: %.1f ms, peak %s x final, %d moves (%.1f s, elapsed %.1f s)%n",
                            index, plan.runCount(), strategy.name(), rep, s.totalNanos() / 1e6,
                            GrowthReport.ratio(s.peakRatio()), s.moves(), seconds(System.nanoTime() - runStart),
                            seconds(System.nanoTime() - start));
                } catch (RuntimeException e) {
                    error = describe(e);
                    err.printf(Locale.ROOT, "[%2d/%d] %s rep %d FAILED: %s%n", index, plan.runCount(), strategy.name(), rep,
                            error);
                }
                err.flush();
            }
            cells.add(error == null ? new GrowthCell(strategy.name(), samples, null)
                    : GrowthCell.failed(strategy.name(), samples, error));
        }
        GrowthReport report = new GrowthReport(plan, cells, seconds(System.nanoTime() - start), environment);
        out.print(report.console());
        out.flush();
        if (plan.out() != null) {
            report.writeFiles(plan.out());
            out.println("wrote " + plan.out().resolve(GrowthReport.MARKDOWN) + " and " + plan.out().resolve(GrowthReport.JSON));
            out.flush();
        }
        return cells.stream().allMatch(GrowthCell::ok) ? 0 : 1;
    }

    private GrowthSample forked(GrowthStrategy strategy) {
        GrowthWorkload w = plan.workload();
        List<String> args = List.of("growth-cell", "--strategy", strategy.name(),
                "--target", Long.toString(w.targetBytes()), "--chunk", Long.toString(w.chunkBytes()),
                "--initial", Long.toString(w.initialCapacity()), "--factor", Integer.toString(w.factor()));
        ChildJvm.Outcome o = ChildJvm.run(args, RUN_TIMEOUT_SECONDS);
        // Whatever the child said on stderr (JVM warnings included) is shown, not swallowed.
        for (String line : o.stderr()) {
            err.println("  (child) " + line);
        }
        if (o.timedOut()) {
            throw new IllegalStateException("the child JVM did not finish within " + RUN_TIMEOUT_SECONDS + " s and was killed");
        }
        String line = o.stdout().stream().filter(l -> l.startsWith(GrowthSample.LINE_PREFIX)).reduce((a, b) -> b)
                .orElse(null);
        if (o.exitCode() != 0 || line == null) {
            String why = o.stderr().isEmpty() ? String.join(" | ", o.stdout()) : o.stderr().getLast();
            throw new IllegalStateException("child JVM exited with " + o.exitCode() + (why.isBlank() ? "" : ": " + why));
        }
        return GrowthSample.parse(line);
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
