package org.ringlab.bench.cli;

import java.nio.file.Path;

import org.ringlab.bench.report.Diff;
import org.ringlab.bench.report.NoiseFloor;
import org.ringlab.bench.report.ResultsFile;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

/** {@code ringlab diff A.json B.json}: what moved between two runs, beyond noise or not. */
@Command(name = "diff",
        header = "What moved between two results.json files, beyond run-to-run noise.",
        description = {"Compares two results.json files measurement by measurement: the ratio of the medians B/A",
                "with a 95%% bootstrap confidence interval (2000 resamples, fixed seed); faster/slower (timings)",
                "or better/worse (counters) only where the interval excludes 1, else 'within noise'.",
                "Timed figures are normalised by the reference loop each run's child JVMs ran (when both runs",
                "have one for that experiment), so a shift of the whole machine is not called a change.",
                "With --noise-floor (written by 'ringlab noise' from another A/A pair of runs), a timed figure",
                "is changed only when its whole interval clears its floor. Measurements only in one file are",
                "listed. Exit code 0 whatever moved.",
                "Two separate runs cannot separate a drift of the machine between them from a change of the code:",
                "to judge a change, use 'ringlab ab A B', which interleaves both builds in one run."},
        sortOptions = false)
public final class DiffCommand extends PicocliCommand {

    @Mixin
    ResultsPair files;

    @Option(names = "--noise-floor", paramLabel = "FILE", description = {"A per-figure noise floor from 'ringlab noise'"
            + " on another A/A pair (refused when measured on A and B themselves)."})
    Path noiseFloor;

    @Override
    public Integer call() {
        ResultsFile ra = checked("", () -> ResultsFile.read(files.a));
        ResultsFile rb = checked("", () -> ResultsFile.read(files.b));
        Diff.Result d = Diff.compare(ra.measurements(), rb.measurements(), ra.references(), rb.references());
        if (noiseFloor != null) {
            NoiseFloor floor = checked("--noise-floor ", () -> NoiseFloor.read(noiseFloor));
            String refusal = floor.refusal(ra, rb);
            if (refusal != null) {
                throw refused("--noise-floor " + noiseFloor + ": " + refusal);
            }
            d = Diff.withFloor(d, floor.byKey(), floor.describe(noiseFloor, ra, rb));
        }
        out().print(Diff.render(d, files.a + " (" + ra.command() + ")", files.b + " (" + rb.command() + ")"));
        out().flush();
        return 0;
    }
}
