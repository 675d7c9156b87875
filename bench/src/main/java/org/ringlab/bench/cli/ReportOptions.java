package org.ringlab.bench.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** {@code --seed} and {@code --out} of {@code ringlab history} and {@code ringlab growth}, whose workloads are fixed. */
final class ReportOptions {

    @Option(names = "--seed", paramLabel = "N", description = "Recorded in the report (the workload is deterministic).")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write the report folder (report.md, report.html, results.json, charts) into DIR.")
    Path out;
}
