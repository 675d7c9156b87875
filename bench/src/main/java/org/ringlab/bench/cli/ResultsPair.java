package org.ringlab.bench.cli;

import java.nio.file.Path;

import org.ringlab.bench.report.ResultsFile;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/** The two results.json files {@code ringlab diff} and {@code ringlab noise} compare, read or refused by name. */
final class ResultsPair {

    @Parameters(index = "0", paramLabel = "A.json", description = "One run's results.json (the earlier one for diff).")
    Path a;

    @Parameters(index = "1", paramLabel = "B.json", description = "Another run's results.json (the later one for diff).")
    Path b;

    ResultsFile readA(CommandSpec spec) {
        return read(spec, a);
    }

    ResultsFile readB(CommandSpec spec) {
        return read(spec, b);
    }

    private static ResultsFile read(CommandSpec spec, Path p) {
        try {
            return ResultsFile.read(p);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
