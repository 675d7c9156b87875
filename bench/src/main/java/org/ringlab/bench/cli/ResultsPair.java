package org.ringlab.bench.cli;

import java.nio.file.Path;

import picocli.CommandLine.Parameters;

/** The two results.json files {@code ringlab diff} and {@code ringlab noise} compare. */
final class ResultsPair {

    @Parameters(index = "0", paramLabel = "A.json", description = "One run's results.json (the earlier one for diff).")
    Path a;

    @Parameters(index = "1", paramLabel = "B.json", description = "Another run's results.json (the later one for diff).")
    Path b;
}
