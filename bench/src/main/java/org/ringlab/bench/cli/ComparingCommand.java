package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** What {@code ringlab} and {@code ringlab compare} share: compare's options, the experiment choice, the run. */
abstract class ComparingCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CompareOptions options;

    @Mixin
    ExperimentChoice experiments;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    /** How the command was called, as the report names it. */
    abstract String commandName();

    @Override
    public Integer call() {
        options.experiments = experiments.ids;
        return options.run(spec, options.describe(commandName()));
    }
}
