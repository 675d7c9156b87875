package org.ringlab.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.growth.GrowthCase;
import org.ringlab.bench.growth.GrowthExperiment;
import org.ringlab.bench.growth.GrowthPlan;
import org.ringlab.bench.growth.GrowthProfile;
import org.ringlab.growth.GrowthWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ringlab growth}: seed 002's experiment with its own knobs (target, chunk, factor, repetitions). */
@Command(name = "growth",
        header = "Seed 002's experiment: growing a buffer, peak RSS, RSS per step, moves, copies, page faults.",
        description = {"Seed 002's experiment. By default its two tests: 128 MiB of data and one byte more in 1 MiB",
                "appends, doubling (the copy example), and realloc from 1 MiB to 69 MiB a megabyte at a time (the realloc",
                "program); the full profile adds 1 GiB. With --target, --chunk, --initial or --factor, one workload of",
                "your own instead. Peak RSS / final size, moves, bytes moved and copied, page faults, time.",
                "'ringlab compare --experiment growth' runs the same with the profile's defaults."},
        sortOptions = false)
public final class GrowthCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

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

    @Option(names = "--seed", paramLabel = "N", description = "Recorded in the report (the workload is deterministic).")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write the report folder (report.md, report.html, results.json, charts) into DIR.")
    Path out;

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

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        GrowthPlan plan = growthPlan();
        if (SingleExperiment.nothingToMeasure(spec, "growth", "growth strategy", plan.strategies(), plan.skipped()) != 0) {
            return 1;
        }
        GrowthExperiment experiment = new GrowthExperiment();
        SingleExperiment single = new SingleExperiment(spec, experiment);
        GrowthExperiment.Outcome o = ownWorkload() ? experiment.run(plan, single.progress())
                : experiment.runCases(plan.profile(), plan.strategies(), plan.skipped(), repetitions == null
                ? plan.profile().caseRepetitions() : plan.repetitions(), plan.fork(), seed, out, single.progress());
        return single.finish(o.result(), o.allStrategiesOk(), out, "ringlab growth --profile " + profile, profile, seed,
                plan.fork(), strategies);
    }

    /** Whether a workload option was given: then that workload alone runs, not the seed's tests. */
    boolean ownWorkload() {
        return target != null || chunk != null || initial != null || factor != null;
    }

    /** The plan of a workload of one's own (its defaults: the profile's size, doubling from one 1 MiB append). */
    GrowthPlan growthPlan() {
        GrowthProfile p;
        try {
            p = GrowthProfile.parse(profile);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        long targetBytes = target == null ? p.targetBytes() : Options.size(spec, "--target", target);
        long chunkBytes = chunk == null ? GrowthProfile.CHUNK_BYTES : Options.size(spec, "--chunk", chunk);
        long initialBytes = initial == null ? Math.min(chunkBytes, targetBytes) : Options.size(spec, "--initial", initial);
        GrowthWorkload workload;
        try {
            workload = new GrowthWorkload(targetBytes, chunkBytes, initialBytes, factor == null ? 2 : factor);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        int reps = repetitions == null ? p.repetitions() : repetitions;
        if (reps < 1) {
            throw new ParameterException(spec.commandLine(), "--reps must be at least 1, got " + reps);
        }
        Options.createOutDirectory(spec, out);
        List<String> skipped = new ArrayList<>();
        List<GrowthStrategy> chosen = Options.choose(spec, Registries.growthStrategies(), "growth strategy", strategies,
                skipped);
        return new GrowthPlan(p, chosen, GrowthCase.custom(workload), reps, fork == null ? p.fork() : fork, seed, out,
                skipped);
    }
}
