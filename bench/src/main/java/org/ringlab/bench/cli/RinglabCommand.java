package org.ringlab.bench.cli;

import picocli.CommandLine.Command;

/** {@code ringlab}: without a command it is {@code ringlab compare --profile quick} over every experiment. */
@Command(name = "ringlab",
        description = {"Ring buffers and queues in off-heap memory, side by side.",
                "Without a command: 'ringlab compare' - every experiment, quick profile, report in ringlab-report/."},
        subcommands = {ListCommand.class, DemoCommand.class, CompareCommand.class, RunCommand.class, HistoryCommand.class,
                GrowthCommand.class, MappedCommand.class,
                org.ringlab.bench.driver.scenario.DriverCommand.class, DiffCommand.class, AbCommand.class, NoiseCommand.class,
                VerdictsCommand.class, ReportCommand.class, SeedsCommand.class},
        sortOptions = false)
public final class RinglabCommand extends ComparingCommand {
}
