package org.ringlab.bench.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

/**
 * {@code --experiment ID,…}: the experiments {@code ringlab compare} (and {@code ringlab} alone)
 * run. A mixin of its own rather than one of {@link CompareOptions}: {@code ringlab run ID}
 * names its experiment, so its help must not list an option it would refuse.
 */
public final class ExperimentChoice {

    @Option(names = "--experiment", paramLabel = "ID", split = ",",
            description = "Run only these experiments (repeatable or a comma list). Default: every one found,"
                    + " in the order history, driver, growth, broadcast, mapped, anchors.")
    List<String> ids = new ArrayList<>();
}
