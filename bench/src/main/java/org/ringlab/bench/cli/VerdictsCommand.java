package org.ringlab.bench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.ResultsFile;
import org.ringlab.bench.report.Verdicts;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ringlab verdicts RUN RUN...}: each claim's verdict per run, flips flagged. */
@Command(name = "verdicts",
        header = "Every claim's verdict in each of several runs; flags a confirmed/DIFFERS flip.",
        description = {"Lists every claim's verdict and interval in each of several runs (report folders or their",
                "results.json) and flags a claim confirmed in one run and DIFFERS in another (FLIP) or otherwise",
                "not the same in every run (varies). Exit code 0 without a flip, 1 with one."},
        sortOptions = false)
public final class VerdictsCommand extends PicocliCommand {

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "A report folder or a results.json; two or more.")
    List<Path> runs;

    @Override
    public Integer call() {
        List<ResultsFile> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path run : runs) {
            Path json = Files.isDirectory(run) ? run.resolve(ReportWriter.JSON) : run;
            ResultsFile f = checked("", () -> ResultsFile.read(json));
            files.add(f);
            names.add(json + " (" + f.command() + ")");
        }
        List<Verdicts.Row> rows = Verdicts.of(files);
        out().print(Verdicts.render(rows, names));
        out().flush();
        return rows.stream().anyMatch(Verdicts.Row::flips) ? 1 : 0;
    }
}
