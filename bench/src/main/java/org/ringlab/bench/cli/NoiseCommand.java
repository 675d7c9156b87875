package org.ringlab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.ringlab.bench.report.NoiseFloor;
import org.ringlab.bench.report.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code ringlab noise A.json B.json}: the per-figure noise floor of an A/A pair, for {@code diff --noise-floor}. */
@Command(name = "noise",
        header = "A per-figure noise floor from an A/A pair, for diff --noise-floor.",
        description = {"Measures a per-figure noise floor on an A/A pair (two runs of one commit on one machine):",
                "each timed figure's floor is the larger of its own A/A move (its ratio or the half-width of",
                "its 95%% interval, whichever is further from 1) and the median move of its kind (experiment,",
                "measurement, unit), a factor at least --min-floor. 'ringlab diff --noise-floor FILE' then calls",
                "a figure changed only when its interval clears the floor. Judge another pair with it, never",
                "this one (diff refuses)."},
        sortOptions = false)
public final class NoiseCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ResultsPair files;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Where to write the floor (default: ${DEFAULT-VALUE}).")
    Path out = Path.of(NoiseFloor.FILE);

    @Option(names = "--min-floor", paramLabel = "PERCENT", description = "The least floor of any figure, in percent"
            + " (default: ${DEFAULT-VALUE}; 0 to 99).")
    double minimumPercent = Math.round((NoiseFloor.MINIMUM - 1) * 100);

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        if (!(minimumPercent >= 0 && minimumPercent < 100)) {
            throw new ParameterException(spec.commandLine(), "--min-floor " + minimumPercent
                    + ": a percentage from 0 to 99");
        }
        if (Files.isDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "--out " + out + " is a directory; give a file name");
        }
        ResultsFile ra = files.readA(spec);
        ResultsFile rb = files.readB(spec);
        if (!NoiseFloor.commit(ra).equals(NoiseFloor.commit(rb))) {
            throw new ParameterException(spec.commandLine(), files.a + " is commit '" + NoiseFloor.commit(ra) + "', " + files.b
                    + " is commit '" + NoiseFloor.commit(rb) + "': an A/A pair is two runs of one commit");
        }
        NoiseFloor floor;
        try {
            floor = NoiseFloor.measure(ra, rb, 1 + minimumPercent / 100);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            Files.writeString(out, floor.json());
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": cannot write: " + e.getMessage());
        }
        double[] f = floor.figures().stream().mapToDouble(NoiseFloor.FigureFloor::floor).sorted().toArray();
        long atMinimum = floor.figures().stream().filter(x -> x.floor() == floor.minimum()).count();
        long atKind = floor.figures().stream().filter(x -> x.floor() > x.own() && x.floor() > floor.minimum()).count();
        spec.commandLine().getOut().printf(Locale.ROOT, "noise floor of %d timed figures in %d kinds (%s vs %s): median"
                + " %.3fx, 90th percentile %.3fx, largest %.3fx; %d at the minimum %.2fx, %d raised to their kind's"
                + " median; written to %s%n", f.length, floor.kinds().size(), files.a, files.b, floor.medianFloor(),
                f[(int) (0.9 * (f.length - 1))], f[f.length - 1], atMinimum, floor.minimum(), atKind, out);
        spec.commandLine().getOut().printf("use it on another pair: ringlab diff --noise-floor %s C.json D.json%n", out);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
