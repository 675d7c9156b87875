package org.ringlab.bench.cli;

import picocli.CommandLine.Command;

/** {@code ringlab compare}: the seeds' experiments side by side, tables on stdout, the report folder written. */
@Command(name = "compare",
        header = "Runs the experiments side by side and writes the report folder.",
        description = {"Runs the experiments (every one found unless --experiment narrows), prints each one's",
                "tables as it finishes (progress on stderr) and writes the report folder: report.md,",
                "report.html (charts inlined), results.json, results.schema.json, environment.txt, charts/.",
                "  history   - seed 000: mirrored vs doubled vs linearize/split rings",
                "  growth    - seed 002: peak memory and time of growing a buffer",
                "  mapped    - seed 004: prefaulting a mapped file; cross-process latency",
                "  (driver, broadcast, anchors when present on the class path)"},
        sortOptions = false)
public final class CompareCommand extends ComparingCommand {
}
