package org.ringlab.bench.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringlab history}: seed 000's comparison on every available memory strategy. */
@Command(name = "history",
        description = {"Seed 000's experiment under its conditions, then the steady state beside them.",
                "Cold: for the baseline and candidate, the seed's write run (48 x 240 KiB, puts from a fresh",
                "mapping to its unmapping) and read run (a fresh 48 x 960 KiB ring, the first long of each",
                "element 65,536 times over), timed whole; page faults, Pss, Rss and address space; the",
                "seed's example program. Steady state: for every available memory strategy x element size",
                "(4 KiB, 60 KiB, 240 KiB, 960 KiB) on the seed's 11.25 MiB ring: ns per put() of one",
                "element, ns to take history() and read every byte of it through one contiguous view, and",
                "the physical memory (Pss; Rss beside it) the full ring holds.",
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
