package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringlab history}: seed 000's comparison on every available memory strategy. */
@Command(name = "history",
        description = {"Seed 000's experiment: write, whole-history read and physical memory per strategy.",
                "For every available memory strategy x element size (4 KiB, 64 KiB, 1 MiB): ns per put()",
                "of one element, ns to take history() and read every byte of it through one contiguous",
                "view, and the physical memory (Pss; Rss beside it) the full ring holds.",
                "'ringlab compare --experiment history' runs the same with the profile's defaults."},
        sortOptions = false)
public final class HistoryCommand implements Callable<Integer> {

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
