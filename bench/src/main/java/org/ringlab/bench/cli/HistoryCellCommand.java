package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.history.CellResult;
import org.ringlab.bench.history.HistoryCell;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Internal: one cell of the history experiment in this (freshly started) JVM; prints one
 * {@link CellResult} line for the parent. Hidden from help.
 */
@Command(name = "history-cell", hidden = true, description = "Internal: one history cell, for a forked JVM.")
public final class HistoryCellCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--strategy", required = true)
    String strategy;

    @Option(names = "--element", required = true)
    long element;

    @Option(names = "--capacity", required = true)
    long capacity;

    @Option(names = "--warmup", required = true)
    int warmup;

    @Option(names = "--reps", required = true)
    int repetitions;

    @Override
    public Integer call() {
        MemoryStrategy s = Strategies.requireAvailable(spec, Registries.memoryStrategies(), strategy);
        // Fresh JVM: nothing to collect before the Pss baseline.
        CellResult r = HistoryCell.measure(s, element, capacity, warmup, repetitions, false, true);
        spec.commandLine().getOut().println(r.toLine());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
