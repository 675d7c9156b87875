package org.ringlab.bench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.ringlab.bench.report.Diff;
import org.ringlab.bench.report.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ringlab diff A.json B.json}: what moved between two runs, beyond noise or not. */
@Command(name = "diff",
        description = {"Compares two results.json files measurement by measurement: the ratio of the medians B/A",
                "with a 95% bootstrap confidence interval (2000 resamples, fixed seed); faster/slower (timings)",
                "or better/worse (counters) only where the interval excludes 1, else 'within noise'.",
                "Timed figures are normalised by the reference loop each run's child JVMs ran (when both runs",
                "have one for that experiment), so a shift of the whole machine is not called a change.",
                "Measurements only in one file are listed. Exit code 0 whatever moved."},
        sortOptions = false)
public final class DiffCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A.json", description = "The earlier run's results.json.")
    Path a;

    @Parameters(index = "1", paramLabel = "B.json", description = "The later run's results.json.")
    Path b;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        ResultsFile ra = read(a);
        ResultsFile rb = read(b);
        Diff.Result d = Diff.compare(ra.measurements(), rb.measurements(), ra.references(), rb.references());
        spec.commandLine().getOut().print(Diff.render(d, a + " (" + ra.command() + ")", b + " (" + rb.command() + ")"));
        spec.commandLine().getOut().flush();
        return 0;
    }

    private ResultsFile read(Path p) {
        try {
            return ResultsFile.read(p);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
