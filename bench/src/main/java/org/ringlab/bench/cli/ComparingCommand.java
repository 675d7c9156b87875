package org.ringlab.bench.cli;

import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Mixin;

/** What {@code ringlab} and {@code ringlab compare} share: compare's options, the experiment choice, the run. */
abstract class ComparingCommand extends PicocliCommand {

    @Mixin
    CompareOptions options;

    @Mixin
    ExperimentChoice experiments;

    @Override
    public Integer call() {
        options.experiments = experiments.ids;
        // "ringlab" or "ringlab compare": how the command was called, as the report names it
        return options.run(spec, options.describe(spec.qualifiedName()));
    }
}
