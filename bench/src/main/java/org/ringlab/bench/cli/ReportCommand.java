package org.ringlab.bench.cli;

import java.nio.file.Path;
import java.util.List;

import org.ringlab.bench.report.JmhImport;
import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.Section;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ringlab report --jmh F}: JMH's JSON results (rigorous mode) as the same report folder. */
@Command(name = "report",
        header = "Turns JMH's JSON results into the report folder.",
        description = {"Turns JMH's JSON output (java ... org.openjdk.jmh.Main -rf json -rff F) into the report folder:",
                "each benchmark filed under the @ForExperiment of its class, params as labels, every",
                "iteration as a sample, secondary metrics (gc.alloc.rate.norm, @AuxCounters) as extra figures."},
        sortOptions = false)
public final class ReportCommand extends PicocliCommand {

    @Option(names = "--jmh", required = true, paramLabel = "FILE", description = "JMH's -rf json result file.")
    Path jmh;

    @Option(names = "--out", paramLabel = "DIR", description = "Report folder (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("ringlab-report");

    @Override
    public Integer call() {
        List<Section> sections = checked("", () -> JmhImport.read(jmh));
        Options.createOutDirectory(spec, out);
        sections.forEach(s -> out().print(ReportWriter.console(s)));
        CompareOptions.writeReport(out(), out, new ReportWriter.Run("ringlab report --jmh " + jmh, "jmh", 0, true,
                List.of(), List.of(), Environment.describe(), CompareOptions.now(), 0), sections);
        return 0;
    }
}
