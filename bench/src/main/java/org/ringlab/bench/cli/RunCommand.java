package org.ringlab.bench.cli;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ringlab run EXPERIMENT}: one experiment with the options every experiment shares
 * (profile, seed, out, fork, strategy and discipline filters: {@link CompareOptions}), its
 * report folder written as {@code compare} writes it.
 */
@Command(name = "run", description = {"Runs one experiment (an id from 'ringlab list', e.g. history, growth,",
        "mapped, driver, broadcast, anchors) and writes its report folder."}, sortOptions = false)
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "The experiment's id.")
    String experiment;

    @Mixin
    CompareOptions options;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        if (!options.experiments.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "'run " + experiment + "' names its experiment; "
                    + "--experiment is for 'compare'");
        }
        options.experiments = List.of(experiment);
        return options.run(spec, options.describe("ringlab run " + experiment));
    }
}
