package org.ringlab.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;

import org.ringlab.bench.report.JmhImport;
import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.Section;
import org.ringlab.bench.util.Environment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ringlab report --jmh F}: JMH's JSON results (rigorous mode) as the same report folder. */
@Command(name = "report",
        header = "Turns JMH's JSON results into the report folder.",
        description = {"Turns JMH's JSON output (java ... org.openjdk.jmh.Main -rf json -rff F) into the report folder:",
                "each benchmark filed under the @ForExperiment of its class, params as labels, every",
                "iteration as a sample, secondary metrics (gc.alloc.rate.norm, @AuxCounters) as extra figures."},
        sortOptions = false)
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--jmh", required = true, paramLabel = "FILE", description = "JMH's -rf json result file.")
    Path jmh;

    @Option(names = "--out", paramLabel = "DIR", description = "Report folder (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("ringlab-report");

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        List<Section> sections;
        try {
            sections = JmhImport.read(jmh);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Options.createOutDirectory(spec, out);
        PrintWriter stdout = spec.commandLine().getOut();
        sections.forEach(s -> stdout.print(ReportWriter.console(s)));
        ReportWriter.write(out, new ReportWriter.Run("ringlab report --jmh " + jmh, "jmh", 0, true, List.of(), List.of(),
                Environment.describe(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), 0), sections);
        stdout.println("report: " + out.resolve(ReportWriter.HTML) + ", " + out.resolve(ReportWriter.MARKDOWN) + ", "
                + out.resolve(ReportWriter.JSON));
        stdout.flush();
        return 0;
    }
}
