package org.ringlab.bench.cli;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.growth.GrowthCase;
import org.ringlab.bench.growth.GrowthExperiment;
import org.ringlab.bench.growth.GrowthPlan;
import org.ringlab.bench.growth.GrowthProfile;
import org.ringlab.bench.util.PicocliCommand;
import org.ringlab.growth.GrowthWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ringlab growth}: seed 002's experiment with its own knobs (target, chunk, factor, repetitions). */
@Command(name = "growth",
        header = "Seed 002's experiment: growing a buffer, peak RSS, RSS per step, moves, copies, page faults.",
        description = {"Seed 002's experiment. By default its two tests: 128 MiB of data and one byte more in 1 MiB",
                "appends, doubling (the copy example), and realloc from 1 MiB to 69 MiB a megabyte at a time (the realloc",
                "program); the full profile adds 1 GiB. With --target, --chunk, --initial or --factor, one workload of",
                "your own instead. Peak RSS / final size, moves, bytes moved and copied, page faults, time.",
                "'ringlab compare --experiment growth' runs the same with the profile's defaults."},
        sortOptions = false)
public final class GrowthCommand extends PicocliCommand {

    // A String, not an enum: the test-only "tiny" profile stays out of --help.
    @Option(names = "--profile", paramLabel = "PROFILE", description = "quick (default) or full.")
    String profile = "quick";

    @Option(names = "--strategy", paramLabel = "NAME",
            description = "Measure only this growth strategy (repeatable). Default: every available one.")
    List<String> strategies = new ArrayList<>();

    @Option(names = "--reps", paramLabel = "N", description = "Repetitions per strategy (default: from the profile).")
    Integer repetitions;

    @Option(names = "--fork", negatable = true,
            description = "Run each repetition in a fresh JVM (default), or with --no-fork all in this one (peaks and"
                    + " allocator caches then mix).")
    Boolean fork;

    @Mixin
    ReportOptions report;

    @Option(names = "--target", paramLabel = "SIZE",
            description = "Final size of a workload of your own (64M is a power of two, copying's best case; 65M"
                    + " one append past it).")
    String target;

    @Option(names = "--chunk", paramLabel = "SIZE", description = "Bytes per append (default: 1M).")
    String chunk;

    @Option(names = "--initial", paramLabel = "SIZE", description = "First capacity (default: one append).")
    String initial;

    @Option(names = "--factor", paramLabel = "N",
            description = "Growth factor, 1.." + GrowthPolicy.MAX_FACTOR + " (default 2; 1 grows to exactly what"
                    + " each append needs, like seed 002's realloc loop).")
    Integer factor;

    @Override
    public Integer call() {
        GrowthPlan plan = growthPlan();
        if (SingleExperiment.nothingToMeasure(spec, "growth", "growth strategy", plan.strategies(), plan.skipped()) != 0) {
            return 1;
        }
        GrowthExperiment experiment = new GrowthExperiment();
        SingleExperiment single = new SingleExperiment(spec, experiment);
        boolean own = target != null || chunk != null || initial != null || factor != null; // else the seed's tests
        GrowthExperiment.Outcome o = own ? experiment.run(plan, single.progress())
                : experiment.runCases(plan.profile(), plan.strategies(), plan.skipped(), repetitions == null
                ? plan.profile().caseRepetitions() : plan.repetitions(), plan.fork(), report.seed, report.out,
                single.progress());
        return single.finish(o.result(), o.allStrategiesOk(), report.out, "ringlab growth --profile " + profile,
                profile, report.seed, plan.fork(), strategies);
    }

    /** The plan of a workload of one's own (its defaults: the profile's size, doubling from one 1 MiB append). */
    private GrowthPlan growthPlan() {
        GrowthProfile p = checked("", () -> GrowthProfile.parse(profile));
        long targetBytes = target == null ? p.targetBytes() : Options.size(spec, "--target", target);
        long chunkBytes = chunk == null ? GrowthProfile.CHUNK_BYTES : Options.size(spec, "--chunk", chunk);
        long initialBytes = initial == null ? Math.min(chunkBytes, targetBytes) : Options.size(spec, "--initial", initial);
        GrowthWorkload workload = checked("", () -> new GrowthWorkload(targetBytes, chunkBytes, initialBytes,
                factor == null ? 2 : factor));
        Options.atLeast(spec, "--reps", repetitions, 1);
        Options.createOutDirectory(spec, report.out);
        List<String> skipped = new ArrayList<>();
        List<GrowthStrategy> chosen = Options.choose(spec, Registries.growthStrategies(), "growth strategy", strategies,
                skipped);
        return new GrowthPlan(p, chosen, GrowthCase.custom(workload), repetitions == null ? p.repetitions() : repetitions,
                fork == null ? p.fork() : fork, report.seed, report.out, skipped);
    }
}
