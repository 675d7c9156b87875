package org.ringlab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.ringlab.bench.report.NoiseFloor;
import org.ringlab.bench.report.ResultsFile;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

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
public final class NoiseCommand extends PicocliCommand {

    @Mixin
    ResultsPair files;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Where to write the floor (default: ${DEFAULT-VALUE}).")
    Path out = Path.of(NoiseFloor.FILE);

    @Option(names = "--min-floor", paramLabel = "PERCENT", description = "The least floor of any figure, in percent"
            + " (default: ${DEFAULT-VALUE}; 0 to 99).")
    double minimumPercent = Math.round((NoiseFloor.MINIMUM - 1) * 100);

    @Override
    public Integer call() {
        if (!(minimumPercent >= 0 && minimumPercent < 100)) {
            throw refused("--min-floor " + minimumPercent + ": a percentage from 0 to 99");
        }
        if (Files.isDirectory(out)) {
            throw refused("--out " + out + " is a directory; give a file name");
        }
        ResultsFile ra = checked("", () -> ResultsFile.read(files.a));
        ResultsFile rb = checked("", () -> ResultsFile.read(files.b));
        if (!NoiseFloor.commit(ra).equals(NoiseFloor.commit(rb))) {
            throw refused(files.a + " is commit '" + NoiseFloor.commit(ra) + "', " + files.b + " is commit '"
                    + NoiseFloor.commit(rb) + "': an A/A pair is two runs of one commit");
        }
        NoiseFloor floor = checked("", () -> NoiseFloor.measure(ra, rb, 1 + minimumPercent / 100));
        try {
            Files.writeString(out, floor.json());
        } catch (IOException e) {
            throw refused("--out " + out + ": cannot write: " + e.getMessage());
        }
        double[] f = floor.figures().stream().mapToDouble(NoiseFloor.FigureFloor::floor).sorted().toArray();
        long atMinimum = floor.figures().stream().filter(x -> x.floor() == floor.minimum()).count();
        long atKind = floor.figures().stream().filter(x -> x.floor() > x.own() && x.floor() > floor.minimum()).count();
        out().printf(Locale.ROOT, "noise floor of %d timed figures in %d kinds (%s vs %s): median %.3fx, 90th"
                + " percentile %.3fx, largest %.3fx; %d at the minimum %.2fx, %d raised to their kind's median;"
                + " written to %s%n", f.length, floor.kinds().size(), files.a, files.b, floor.medianFloor(),
                f[(int) (0.9 * (f.length - 1))], f[f.length - 1], atMinimum, floor.minimum(), atKind, out);
        out().printf("use it on another pair: ringlab diff --noise-floor %s C.json D.json%n", out);
        out().flush();
        return 0;
    }
}
