package org.ringlab.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.ringlab.bench.ab.AbFigures;
import org.ringlab.bench.ab.AbReport;
import org.ringlab.bench.ab.AbRounds;
import org.ringlab.bench.ab.BuildUnderTest;
import org.ringlab.bench.report.Experiments;
import org.ringlab.bench.util.Environment;
import org.ringlab.bench.util.Platform;
import org.ringlab.bench.util.PicocliCommand;
import org.ringlab.bench.util.TwoCpus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ringlab ab A B}: two builds compared in one run, child JVMs of A and of B interleaved
 * round by round ({@link AbRounds}), so a drift of the machine hits both; every timed figure
 * judged as B/A with a 95 % interval over the rounds ({@link AbFigures}).
 */
@Command(name = "ab",
        header = "Compares two builds in one run: interleaved rounds, a B/A ratio with a 95%% interval per figure.",
        description = {"A and B are each a checkout directory (its bench/target), a folder with ringlab-bench-*.jar and",
                "its lib/ (what ./ringlab runs), any folder of jars, or a git revision of the repository around the",
                "current directory (checked out into a temporary worktree and built there with 'mvn -q -B -DskipTests",
                "package'; nothing is installed into the local Maven repository).",
                "Every round runs each chosen experiment once in a child JVM of A and once of B, in a seeded random",
                "order drawn afresh every round (recorded in ab.json); with --duet the two children run at the same",
                "time, each pinned to its own CPU. Every timed figure is judged as B/A: Student's t interval over the",
                "rounds' paired log-ratios; 'faster' or 'slower' only where the figure's t-test p-value, adjusted",
                "for every figure of the run (Benjamini-Hochberg q), is at most 0.05, else 'same' within the",
                "half-width shown. Writes ab.json, ab.md and each child's log to --out. Exit code 0 whatever moved."},
        sortOptions = false)
public final class AbCommand extends PicocliCommand {

    /** The longest one child (one experiment of one build) may take. */
    static final Duration CHILD_TIMEOUT = Duration.ofMinutes(60);
    static final int DUET_REPETITIONS = 3;

    @Parameters(index = "0", paramLabel = "A", description = "The baseline build: a directory or a git revision.")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The build judged against A: a directory or a git revision.")
    String b;

    @Option(names = "--experiment", paramLabel = "ID", split = ",",
            description = "Compare only these experiments (repeatable or a comma list). Default: every one found.")
    List<String> experiments = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "PROFILE", description = "quick (default) or full.")
    String profile = "quick";

    @Option(names = "--rounds", paramLabel = "N", description = "Rounds, at least 2 (default: ${DEFAULT-VALUE}).")
    int rounds = 5;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the workloads and of the round order"
            + " (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Where ab.json, ab.md and the logs go (default:"
            + " ${DEFAULT-VALUE}).")
    Path out = Path.of("ringlab-ab");

    @Option(names = "--strategy", paramLabel = "NAME", split = ",", description = "Keep only these strategies, as"
            + " 'ringlab compare' does (passed to both builds).")
    List<String> strategies = new ArrayList<>();

    @Option(names = "--discipline", paramLabel = "NAME", split = ",", description = "Keep only these disciplines"
            + " (passed to both builds).")
    List<String> disciplines = new ArrayList<>();

    @Option(names = "--fork", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Let each child fork its experiment's cells as 'compare' does (default), or with --no-fork"
                    + " measure them all in the child.")
    boolean fork = true;

    @Option(names = "--duet", description = "Run A's and B's child at the same time, each pinned to its own CPU"
            + " (taskset), meeting before each repetition: for one-thread figures.")
    boolean duet;

    @Option(names = "--duet-repetitions", paramLabel = "N", description = "Synchronized repetitions per child in a"
            + " duet (default: " + DUET_REPETITIONS + ").")
    Integer duetRepetitions;

    @Option(names = "--duet-cpus", paramLabel = "CPU,CPU", split = ",", description = "The CPUs of A and B in a"
            + " duet. Default: the first two this process may use.")
    List<Integer> duetCpus = new ArrayList<>();

    @Override
    public Integer call() {
        List<String> chosen = chooseExperiments();
        CompareOptions.checkProfile(spec, "--profile: ", profile);
        if (rounds < 2) {
            throw refused("--rounds must be at least 2 (one round has no interval), got " + rounds);
        }
        AbRounds.Duet duetPlan = duet ? duetPlan() : null;
        if (!duet && (!duetCpus.isEmpty() || duetRepetitions != null)) {
            throw refused("--duet-cpus and --duet-repetitions need --duet");
        }
        Options.createOutDirectory(spec, out);
        AbRounds.Plan plan = new AbRounds.Plan(chosen, profile, seed, strategies, disciplines, fork, rounds, duetPlan,
                CHILD_TIMEOUT);

        PrintWriter stdout = out();
        Map<String, String> environment = Environment.describe(); // load average before we add to it
        String started = CompareOptions.now();
        long start = System.nanoTime();
        Path cwd = Path.of("").toAbsolutePath();
        try (BuildUnderTest buildA = resolve("A", a, cwd, null);
             BuildUnderTest buildB = resolve("B", b, cwd, buildA)) {
            List<AbRounds.RoundRun> runs = AbRounds.run(plan, buildA, buildB, AbRounds.forked(CHILD_TIMEOUT),
                    out.resolve("logs"), this::progress);
            AbFigures.Result result = AbFigures.judge(chosen, runs);
            AbReport.AbJson json = AbReport.json(describe(), buildA, buildB, plan, started,
                    (System.nanoTime() - start) / 1e9, environment, runs, result);
            AbReport.write(out.resolve(AbReport.JSON), json);
            write(out.resolve(AbReport.MARKDOWN), AbReport.render(json, result, true));
            stdout.print(AbReport.render(json, result, false));
            stdout.println("written: " + out.resolve(AbReport.JSON) + ", " + out.resolve(AbReport.MARKDOWN));
            stdout.flush();
        }
        return 0;
    }

    private BuildUnderTest resolve(String role, String typed, Path cwd, BuildUnderTest other) {
        return checked("", () -> BuildUnderTest.resolve(role, typed, cwd, out.resolve("build-" + role + ".log")
                .toAbsolutePath(), this::progress, other));
    }

    private List<String> chooseExperiments() {
        List<String> known = Experiments.ids();
        if (experiments.isEmpty()) {
            return known;
        }
        for (String id : experiments) {
            if (!known.contains(id)) {
                throw refused("--experiment: unknown experiment '" + id + "'; allowed: " + String.join(", ", known));
            }
        }
        return List.copyOf(new LinkedHashSet<>(experiments));
    }

    private AbRounds.Duet duetPlan() {
        int repetitions = duetRepetitions == null ? DUET_REPETITIONS : duetRepetitions;
        if (repetitions < 1) {
            throw refused("--duet-repetitions must be at least 1, got " + repetitions);
        }
        List<Integer> cpus = duetCpus.isEmpty() ? firstTwoCpus() : duetCpus;
        if (cpus.size() != 2 || cpus.get(0).equals(cpus.get(1)) || cpus.get(0) < 0 || cpus.get(1) < 0) {
            throw refused("--duet-cpus needs two different CPU numbers >= 0, got " + cpus);
        }
        for (int cpu : cpus) {
            checkTaskset(cpu);
        }
        return new AbRounds.Duet(cpus.get(0), cpus.get(1), repetitions);
    }

    private List<Integer> firstTwoCpus() {
        if (Platform.threads().isEmpty()) {
            throw refused("--duet: cannot tell which CPUs this process may use ("
                    + Platform.unavailabilityCause() + "); name two with --duet-cpus");
        }
        BitSet allowed = Platform.requireThreads().currentThreadAffinity();
        int[] two = TwoCpus.firstTwo(allowed);
        if (two == null) {
            throw refused("--duet needs two CPUs, this process may use " + allowed);
        }
        return List.of(two[0], two[1]);
    }

    /** taskset must exist and accept the CPU, before minutes of building and measuring. */
    private void checkTaskset(int cpu) {
        String why;
        try {
            Process p = new ProcessBuilder("taskset", "-c", Integer.toString(cpu), "true").redirectErrorStream(true)
                    .start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() == 0) {
                return;
            }
            why = output;
        } catch (IOException e) {
            why = "cannot run taskset (util-linux): " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking taskset", e);
        }
        throw refused("--duet: cannot pin to CPU " + cpu + " with taskset: " + why);
    }

    private void progress(String line) {
        err().println("ab: " + line);
        err().flush();
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The command line as typed, for ab.json. */
    String describe() {
        StringBuilder s = new StringBuilder("ringlab ab ").append(a).append(' ').append(b);
        if (!experiments.isEmpty()) {
            s.append(" --experiment ").append(String.join(",", experiments));
        }
        s.append(" --profile ").append(profile).append(" --rounds ").append(rounds).append(" --seed ").append(seed);
        s.append(CompareOptions.filters(strategies, disciplines));
        if (!fork) {
            s.append(" --no-fork");
        }
        if (duet) {
            s.append(" --duet --duet-repetitions ").append(duetRepetitions == null ? DUET_REPETITIONS : duetRepetitions);
            if (!duetCpus.isEmpty()) {
                s.append(" --duet-cpus ").append(duetCpus.get(0)).append(',').append(duetCpus.get(1));
            }
        }
        return s.toString();
    }
}
