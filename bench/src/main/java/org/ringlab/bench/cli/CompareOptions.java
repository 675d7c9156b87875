package org.ringlab.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.ringlab.bench.harness.ReferenceLog;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.util.Cells;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Experiments;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.RunContext;
import org.ringlab.bench.report.Section;
import org.ringlab.bench.util.Environment;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of {@code ringlab compare}, also those of {@code ringlab} without a command:
 * which experiments (every one ServiceLoader finds, in the seeds' order), filters, profile,
 * seed, where the report goes. Runs them one after the other; one that throws gets a section
 * saying so and the others still run.
 */
public final class CompareOptions {

    /** The profiles --profile accepts; "tiny" (tests) is accepted but not advertised. */
    static final List<String> PROFILES = List.of("quick", "full");
    private static final String TINY = "tiny";

    /** The experiments to run, empty for every one: {@link ExperimentChoice}'s, or the one {@code run} names. */
    List<String> experiments = new ArrayList<>();

    // A String, not an enum: the test-only "tiny" profile stays out of --help.
    @Option(names = "--profile", paramLabel = "PROFILE",
            description = "quick (default: a few minutes for everything) or full (the seeds' full sizes; long).")
    String profile = "quick";

    @Option(names = "--strategy", paramLabel = "NAME", split = ",",
            description = "Keep only these memory / growth / mapped-file strategies (repeatable or a comma list)."
                    + " Default: every available one.")
    List<String> strategies = new ArrayList<>();

    @Option(names = "--discipline", paramLabel = "NAME", split = ",",
            description = "Keep only these queue disciplines (repeatable or a comma list). Default: every available one.")
    List<String> disciplines = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", description = "Seed of every random workload (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Report folder (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("ringlab-report");

    @Option(names = "--fork", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Measure in fresh child JVMs where an experiment supports it (default), or with --no-fork"
                    + " all in this JVM (faster; JIT profiles and memory then carry over).")
    boolean fork = true;

    /** The experiment's own options ({@code run EXPERIMENT}), or null: its defaults. */
    org.ringlab.bench.report.ExperimentOptions own;

    /** Validates every option before minutes of measuring, runs, prints, writes the report; exit code. */
    int run(CommandSpec spec, String command) {
        List<Experiment> all = Experiments.all();
        List<Experiment> chosen = choose(spec, all);
        checkProfile(spec, "", profile);
        checkNames(spec, "strategy", strategies, strategyNames());
        checkNames(spec, "discipline", disciplines, new TreeSet<>(Registries.disciplines().names()));
        Options.createOutDirectory(spec, out);

        PrintWriter stdout = spec.commandLine().getOut();
        Progress progress = new Progress(spec.commandLine().getErr());
        Map<String, String> environment = Environment.describe(); // load average before we add to it
        String started = now();
        long runStart = System.nanoTime();
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            Experiment e = chosen.get(i);
            progress.experiment(e.id(), i + 1, chosen.size());
            RunContext context = new RunContext(profile, seed, strategies, disciplines, fork, progress, stdout, own);
            long start = System.nanoTime();
            Section section;
            ReferenceLog.take(); // the children of this experiment only
            RoundOrder.take(); // and its round orders
            try {
                ExperimentResult r = e.run(context);
                section = Section.of(e, r, seconds(start), ReferenceLog.take(), RoundOrder.take());
            } catch (RuntimeException | LinkageError ex) {
                section = Section.failed(e, Cells.describe(ex), seconds(start));
                progress.note(e.id() + " FAILED: " + section.failure());
                if (System.getenv("RINGLAB_DEBUG") != null) {
                    ex.printStackTrace(spec.commandLine().getErr());
                }
            }
            sections.add(section);
            stdout.print(ReportWriter.console(section));
            stdout.flush();
        }
        writeReport(stdout, out, new ReportWriter.Run(command, profile, seed, fork, strategies, disciplines,
                environment, started, seconds(runStart)), sections);
        return sections.stream().allMatch(Section::ok) ? 0 : 1;
    }

    /** Writes the report folder {@code out} and names its files on {@code stdout}. */
    static void writeReport(PrintWriter stdout, Path out, ReportWriter.Run run, List<Section> sections) {
        ReportWriter.write(out, run, sections);
        stdout.println("report: " + out.resolve(ReportWriter.HTML) + ", " + out.resolve(ReportWriter.MARKDOWN) + ", "
                + out.resolve(ReportWriter.JSON));
        stdout.flush();
    }

    /** Now, to the second, as the report's header says when a run started. */
    static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** The command line as typed, for the report header. */
    String describe(String name) {
        StringBuilder b = new StringBuilder(name).append(" --profile ").append(profile);
        if (!experiments.isEmpty() && !name.startsWith("ringlab run ")) {
            b.append(" --experiment ").append(String.join(",", experiments));
        }
        b.append(filters(strategies, disciplines)).append(" --seed ").append(seed);
        if (!fork) {
            b.append(" --no-fork");
        }
        return b.toString();
    }

    /** {@code --strategy} and {@code --discipline} as typed, each left out when empty. */
    static String filters(List<String> strategies, List<String> disciplines) {
        return (strategies.isEmpty() ? "" : " --strategy " + String.join(",", strategies))
                + (disciplines.isEmpty() ? "" : " --discipline " + String.join(",", disciplines));
    }

    private List<Experiment> choose(CommandSpec spec, List<Experiment> all) {
        if (all.isEmpty()) {
            throw new IllegalStateException("no experiment found (META-INF/services/" + Experiment.class.getName()
                    + " missing from the class path?)");
        }
        if (experiments.isEmpty()) {
            return all;
        }
        List<Experiment> chosen = new ArrayList<>();
        for (String id : new LinkedHashSet<>(experiments)) {
            Experiment e = all.stream().filter(x -> x.id().equals(id)).findFirst()
                    .orElseThrow(() -> new ParameterException(spec.commandLine(), "unknown experiment '" + id
                            + "'; allowed: " + String.join(", ", all.stream().map(Experiment::id).toList())));
            chosen.add(e);
        }
        // The seeds' order, whatever order they were typed in.
        chosen.sort(java.util.Comparator.comparingInt(all::indexOf));
        return chosen;
    }

    /** Refuses a profile other than quick, full (and the tests' tiny), {@code prefix} before the message. */
    static void checkProfile(CommandSpec spec, String prefix, String profile) {
        if (!PROFILES.contains(profile) && !profile.equals(TINY)) {
            throw new ParameterException(spec.commandLine(), prefix + "unknown profile '" + profile + "'; allowed: "
                    + String.join(", ", PROFILES));
        }
    }

    private static TreeSet<String> strategyNames() {
        TreeSet<String> names = new TreeSet<>(Registries.memoryStrategies().names());
        names.addAll(Registries.growthStrategies().names());
        names.addAll(Registries.mappedFiles().names());
        return names;
    }

    private static void checkNames(CommandSpec spec, String kind, List<String> names, TreeSet<String> known) {
        for (String n : names) {
            if (!known.contains(n)) {
                throw new ParameterException(spec.commandLine(), "unknown " + kind + " '" + n + "'; allowed: "
                        + (known.isEmpty() ? "none discovered" : String.join(", ", known)));
            }
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
