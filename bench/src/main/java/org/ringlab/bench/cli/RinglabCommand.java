package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringlab}: without a subcommand it runs the history experiment (quick profile). */
@Command(name = "ringlab",
        description = {"Ring buffers and queues in off-heap memory, side by side.",
                "Without a command: runs the history experiment (quick profile)."},
        subcommands = {ListCommand.class, DemoCommand.class, HistoryCommand.class, CompareCommand.class,
                org.ringlab.bench.mapped.MappedCommand.class, HistoryCellCommand.class, GrowthCellCommand.class},
        sortOptions = false)
public final class RinglabCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HistoryOptions history;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        return history.run(spec);
    }
}
