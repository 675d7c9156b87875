package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringlab}: without a command it is {@code ringlab compare --profile quick} over every experiment. */
@Command(name = "ringlab",
        description = {"Ring buffers and queues in off-heap memory, side by side.",
                "Without a command: 'ringlab compare' - every experiment, quick profile, report in ringlab-report/."},
        subcommands = {ListCommand.class, DemoCommand.class, CompareCommand.class, RunCommand.class, HistoryCommand.class,
                GrowthCommand.class, org.ringlab.bench.mapped.MappedCommand.class,
                org.ringlab.bench.driver.scenario.DriverCommand.class, DiffCommand.class, AbCommand.class, NoiseCommand.class,
                VerdictsCommand.class, ReportCommand.class, SeedsCommand.class},
        sortOptions = false)
public final class RinglabCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CompareOptions compare;

    @Mixin
    ExperimentChoice experiments;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        compare.experiments = experiments.ids;
        return compare.run(spec, compare.describe("ringlab"));
    }
}
