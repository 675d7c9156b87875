package org.ringlab.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.growth.GrowthExperiment;
import org.ringlab.bench.growth.GrowthPlan;
import org.ringlab.bench.growth.GrowthProfile;
import org.ringlab.growth.GrowthWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ringlab compare --experiment growth|history}: one of the seeds' comparisons. */
@Command(name = "compare",
        description = {"Runs one experiment and prints its table (progress on stderr).",
                "growth  - seed 002: every growth strategy grows a buffer to 64 MiB (quick) or 1 GiB (full)",
                "          in 1 MiB appends; peak RSS / final size, moves, bytes moved and copied, time.",
                "history - seed 000: the same as 'ringlab history'.",
                "mapped  - seed 004: the prefault table and the cross-process latency table, as 'ringlab mapped'."},
        sortOptions = false)
public final class CompareCommand implements Callable<Integer> {

    static final List<String> EXPERIMENTS = List.of("growth", "history", "mapped");

    @Spec
    CommandSpec spec;

    @Option(names = "--experiment", required = true, paramLabel = "ID", description = "growth, history or mapped.")
    String experiment;

    // A String, not an enum: the test-only "tiny" profile stays out of --help.
    @Option(names = "--profile", paramLabel = "PROFILE", description = "quick (default) or full.")
    String profile = "quick";

    @Option(names = "--strategy", paramLabel = "NAME",
            description = "Measure only this strategy (repeatable): growth strategies for growth, memory strategies for"
                    + " history. Default: every available one.")
    List<String> strategies = new ArrayList<>();

    @Option(names = "--reps", paramLabel = "N", description = "Repetitions per strategy (default: from the profile).")
    Integer repetitions;

    @Option(names = "--fork", negatable = true,
            description = "Run each repetition (growth) or cell (history) in a fresh JVM (default), or with --no-fork"
                    + " all in this one (peaks and allocator caches then mix).")
    Boolean fork;

    @Option(names = "--seed", paramLabel = "N", description = "Recorded in the report (the workloads are deterministic).")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write DIR/<experiment>.md and DIR/results.json.")
    Path out;

    @Option(names = "--target", paramLabel = "SIZE",
            description = "growth: final size (default: 64M quick, 1G full; 65M shows copying's worst case).")
    String target;

    @Option(names = "--chunk", paramLabel = "SIZE", description = "growth: bytes per append (default: 1M).")
    String chunk;

    @Option(names = "--initial", paramLabel = "SIZE", description = "growth: first capacity (default: one append).")
    String initial;

    @Option(names = "--factor", paramLabel = "N",
            description = "growth: growth factor, 1.." + GrowthPolicy.MAX_FACTOR + " (default 2; 1 grows to exactly what"
                    + " each append needs, like seed 002's realloc loop).")
    Integer factor;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        return switch (experiment) {
            case "growth" -> growth();
            case "history" -> history();
            case "mapped" -> mapped();
            default -> throw new ParameterException(spec.commandLine(), "unknown experiment '" + experiment
                    + "'; allowed: " + String.join(", ", EXPERIMENTS));
        };
    }

    /** Seed 004's tables: the same as {@code ringlab mapped --profile P [--out DIR]}. */
    private int mapped() {
        if (target != null || chunk != null || initial != null || factor != null || !strategies.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--target, --chunk, --initial, --factor and --strategy"
                    + " do not apply to the mapped experiment (see 'ringlab mapped --help' for its own options)");
        }
        List<String> args = new java.util.ArrayList<>(List.of("--profile", profile));
        if (out != null) {
            args.addAll(List.of("--out", out.toString()));
        }
        return spec.root().commandLine().getSubcommands().get("mapped").execute(args.toArray(String[]::new));
    }

    private int history() {
        if (target != null || chunk != null || initial != null || factor != null) {
            throw new ParameterException(spec.commandLine(),
                    "--target, --chunk, --initial and --factor belong to the growth experiment, not history");
        }
        HistoryOptions h = new HistoryOptions();
        h.profile = profile;
        h.strategies = strategies;
        h.repetitions = repetitions;
        h.fork = fork;
        h.seed = seed;
        h.out = out;
        return h.run(spec);
    }

    private int growth() {
        GrowthPlan plan = growthPlan();
        PrintWriter err = spec.commandLine().getErr();
        if (plan.strategies().isEmpty()) {
            err.println("ringlab: compare: no growth strategy is available, nothing to measure");
            plan.skipped().forEach(s -> err.println("  " + s));
            if (plan.skipped().isEmpty()) {
                err.println("  (none discovered: are the backend jars on the class path?)");
            }
            err.flush();
            return 1;
        }
        return new GrowthExperiment(plan, spec.commandLine().getOut(), err).run();
    }

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
        return new GrowthPlan(p, chosen, workload, reps, fork == null ? p.fork() : fork, seed, out, skipped);
    }
}
