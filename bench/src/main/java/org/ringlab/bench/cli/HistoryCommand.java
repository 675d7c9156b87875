package org.ringlab.bench.cli;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.history.HistoryCell;
import org.ringlab.bench.history.HistoryExperiment;
import org.ringlab.bench.history.HistoryPlan;
import org.ringlab.bench.history.Profile;
import org.ringlab.bench.util.PicocliCommand;
import org.ringlab.bench.util.Sizes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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
public final class HistoryCommand extends PicocliCommand {

    // A String, not the enum: the test-only "tiny" profile stays out of --help.
    @Option(names = "--profile", paramLabel = "PROFILE",
            description = "quick (default: 5 repetitions a round, 2 to 6 rounds; seed 000's cold write run makes 32 of"
                    + " its 256 passes) or full (11 repetitions, 5 to 15 rounds, all 256 passes). Both measure on the"
                    + " seed's ring of 48 x 240 KiB (11.25 MiB).")
    String profile = "quick";

    @Option(names = "--strategy", paramLabel = "NAME",
            description = "Measure only this memory strategy (repeatable). Default: every available one.")
    List<String> strategies = new ArrayList<>();

    @Option(names = "--sizes", paramLabel = "SIZE", split = ",",
            description = "Element sizes of the steady state, comma-separated, multiples of 8 bytes"
                    + " (default: 4K,60K,240K,960K).")
    List<String> sizes = new ArrayList<>();

    @Option(names = "--ring", paramLabel = "SIZE",
            description = "Target ring capacity of the steady state (default: the seed's 11.25 MiB); the seed's cold"
                    + " runs keep its own ring.")
    String ring;

    @Option(names = "--reps", paramLabel = "N", description = "Timed repetitions per cell (default: from the profile).")
    Integer repetitions;

    @Option(names = "--warmup", paramLabel = "N", description = "Untimed repetitions first (default: from the profile).")
    Integer warmup;

    @Option(names = "--fork", negatable = true,
            description = "Run each cell in a fresh JVM (default), or with --no-fork all in this one"
                    + " (faster; JIT profiles and memory then carry over between strategies).")
    Boolean fork;

    @Mixin
    ReportOptions report;

    @Option(names = "--baseline", paramLabel = "NAME", description = "Summary baseline (default: ${DEFAULT-VALUE}).")
    String baseline = "doubled";

    @Option(names = "--candidate", paramLabel = "NAME", description = "Summary candidate (default: ${DEFAULT-VALUE}).")
    String candidate = "mirrored-memfd";

    @Override
    public Integer call() {
        HistoryPlan plan = plan();
        if (SingleExperiment.nothingToMeasure(spec, "history", "memory strategy", plan.strategies(), plan.skipped()) != 0) {
            return 1;
        }
        HistoryExperiment experiment = new HistoryExperiment();
        SingleExperiment single = new SingleExperiment(spec, experiment);
        HistoryExperiment.Outcome o = experiment.run(plan, single.progress());
        return single.finish(o.result(), o.allCellsOk(), plan.out(), "ringlab history --profile " + profile
                + (strategies.isEmpty() ? "" : " --strategy " + String.join(",", strategies)), profile, report.seed,
                plan.fork(), strategies);
    }

    private HistoryPlan plan() {
        Profile p = checked("", () -> Profile.parse(profile));
        long ringBytes = ring == null ? p.ringBytes() : Options.size(spec, "--ring", ring);
        List<Long> elementSizes = new ArrayList<>();
        for (String s : sizes.isEmpty() ? Profile.DEFAULT_SIZES.stream().map(Sizes::format).toList() : sizes) {
            long v = Options.size(spec, "--sizes", s);
            if (v % Long.BYTES != 0) {
                throw refused("--sizes: element size " + s + " is not a multiple of 8 bytes (the read loads longs)");
            }
            if (v * HistoryCell.MIN_SLOTS > ringBytes) {
                throw refused("--sizes: element size " + s + " is more than 1/" + HistoryCell.MIN_SLOTS + " of the ring ("
                        + Sizes.format(ringBytes) + "); the history needs at least " + HistoryCell.MIN_SLOTS
                        + " elements (use --ring to enlarge it)");
            }
            if (!elementSizes.contains(v)) {
                elementSizes.add(v);
            }
        }
        Options.atLeast(spec, "--reps", repetitions, 1);
        if (warmup != null && warmup < 0) {
            throw refused("--warmup must be 0 or more, got " + warmup);
        }
        Options.createOutDirectory(spec, report.out);
        List<String> skipped = new ArrayList<>();
        List<MemoryStrategy> chosen = Options.choose(spec, Registries.memoryStrategies(), "memory strategy", strategies,
                skipped);
        return new HistoryPlan(p, chosen, elementSizes, ringBytes, warmup == null ? p.warmup() : warmup,
                repetitions == null ? p.repetitions() : repetitions, fork == null ? p.fork() : fork, report.seed,
                report.out, skipped, baseline, candidate);
    }
}
