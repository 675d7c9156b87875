package org.ringlab.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.ringlab.bench.harness.ReferenceLog;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.Section;
import org.ringlab.bench.util.Environment;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One experiment run by its own command ({@code ringlab history}, {@code growth}, {@code mapped}): the
 * same progress, terminal tables and report folder as {@code ringlab compare}, with one section.
 */
public final class SingleExperiment {

    private final CommandSpec spec;
    private final Experiment experiment;
    private final Map<String, String> environment = Environment.describe(); // load average before we add to it
    private final String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    private final long start = System.nanoTime();
    private final Progress progress;

    public SingleExperiment(CommandSpec spec, Experiment experiment) {
        this.spec = spec;
        this.experiment = experiment;
        this.progress = new Progress(spec.commandLine().getErr());
        progress.experiment(experiment.id(), 1, 1);
        ReferenceLog.take(); // the children of this experiment only
        RoundOrder.take(); // and its round orders
    }

    /**
     * Exit code 1 and why on stderr when no {@code kind} is available to {@code command}, else
     * 0: a command checks this before it measures anything.
     */
    static int nothingToMeasure(CommandSpec spec, String command, String kind, List<?> chosen, List<String> skipped) {
        if (!chosen.isEmpty()) {
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("ringlab: " + command + ": no " + kind + " is available, nothing to measure");
        skipped.forEach(s -> err.println("  " + s));
        if (skipped.isEmpty()) {
            err.println("  (none discovered: are the backend jars on the class path?)");
        }
        err.flush();
        return 1;
    }

    /** Where the experiment reports its progress. */
    public Progress progress() {
        return progress;
    }

    /** Prints the section, writes the report folder when {@code out} is set; exit code 0 when {@code ok}. */
    public int finish(ExperimentResult result, boolean ok, Path out, String command, String profile, long seed, boolean fork,
               List<String> strategies) {
        double seconds = (System.nanoTime() - start) / 1e9;
        Section section = Section.of(experiment, result, seconds, ReferenceLog.take(), RoundOrder.take());
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(ReportWriter.console(section));
        if (out != null) {
            ReportWriter.write(out, new ReportWriter.Run(command, profile, seed, fork, strategies, List.of(), environment,
                    started, seconds), List.of(section));
            stdout.println("wrote the report into " + out + " (" + ReportWriter.HTML + ", " + ReportWriter.MARKDOWN + ", "
                    + ReportWriter.JSON + ")");
        }
        stdout.flush();
        return ok ? 0 : 1;
    }
}
