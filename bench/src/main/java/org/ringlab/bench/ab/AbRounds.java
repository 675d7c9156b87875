package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The rounds of {@code ringlab ab}: every round runs every chosen experiment once from build A
 * and once from build B, each in a child JVM of that build ({@link Fork#runOn},
 * {@link ExperimentTask}). The experiments of a round, and the two builds within each, run in a
 * seeded random order drawn afresh every round ({@link RoundOrder}): a drift of the machine hits
 * A and B alike, and the paired log-ratio of a round ({@link AbFigures}) cancels it.
 * <p>
 * In a duet ({@link Duet}) the two children of an experiment run at the same time instead, each
 * pinned to its own CPU with {@code taskset}, and meet before each of their repetitions
 * ({@link DuetBarrier}): the pair shares the machine's disturbances as they happen.
 * <p>
 * The parent only orchestrates: it knows experiments by id and figures by key, nothing more.
 */
public final class AbRounds {

    /**
     * Duet mode: side A on {@code cpuA}, side B on {@code cpuB}, {@code repetitions} synchronized
     * repetitions per child.
     */
    public record Duet(int cpuA, int cpuB, int repetitions) {

        public Duet {
            if (cpuA < 0 || cpuB < 0 || cpuA == cpuB) {
                throw new IllegalArgumentException("duet needs two different CPUs >= 0, got " + cpuA + " and " + cpuB);
            }
            if (repetitions < 1) {
                throw new IllegalArgumentException("duet repetitions must be >= 1, got " + repetitions);
            }
        }
    }

    /**
     * What to run.
     *
     * @param experiments experiment ids
     * @param rounds      rounds (each: every experiment from A and from B)
     * @param duet        duet mode, or {@code null} for sequential randomized rounds
     * @param timeout     the longest one child may take
     */
    public record Plan(List<String> experiments, String profile, long seed, List<String> strategies,
                       List<String> disciplines, boolean fork, int rounds, Duet duet, Duration timeout) {

        public Plan {
            experiments = List.copyOf(experiments);
            strategies = List.copyOf(strategies);
            disciplines = List.copyOf(disciplines);
            if (experiments.isEmpty()) {
                throw new IllegalArgumentException("no experiment to run");
            }
            if (rounds < 1) {
                throw new IllegalArgumentException("rounds must be >= 1, got " + rounds);
            }
        }

        ExperimentTask task(String experiment, Path barrier, String side) {
            return new ExperimentTask(experiment, profile, seed, strategies, disciplines, fork,
                    duet == null ? 1 : duet.repetitions(), barrier == null ? null : barrier.toString(), side);
        }
    }

    /**
     * One experiment of one round: the order its sides ran in ({@code ["B", "A"]}, or
     * {@code ["A+B"]} for a duet) and what each side's child sent back.
     */
    public record RoundRun(int round, String experiment, List<String> order, ExperimentTask.Figures a,
                           ExperimentTask.Figures b) {

        public RoundRun {
            order = List.copyOf(order);
        }
    }

    /** How a child is run: {@link Fork#runOn} in the command, something cheaper in a test. */
    @FunctionalInterface
    public interface Launcher {
        ExperimentTask.Figures run(BuildUnderTest build, ExperimentTask task, List<String> wrapper,
                                   Consumer<String> output);
    }

    /** The launcher of the command: a child JVM of the build. */
    public static Launcher forked(Duration timeout) {
        return (build, task, wrapper, output) -> Fork.runOn(task, build.classPath(), wrapper, timeout, output);
    }

    private AbRounds() {
    }

    /**
     * Runs {@code plan}; each child's output goes to a log in {@code logs}
     * ({@code round-2-history-B.log}); one line per child to {@code progress}.
     */
    public static List<RoundRun> run(Plan plan, BuildUnderTest a, BuildUnderTest b, Launcher launcher, Path logs,
                                     Consumer<String> progress) {
        try {
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the log directory " + logs, e);
        }
        List<RoundRun> out = new ArrayList<>();
        for (int round = 0; round < plan.rounds(); round++) {
            for (String experiment : RoundOrder.permute(plan.seed(), "ab", round, plan.experiments())) {
                String where = "round " + (round + 1) + " of " + plan.rounds() + ", " + experiment;
                if (plan.duet() != null) {
                    progress.accept(where + ": A and B together (duet, CPUs " + plan.duet().cpuA() + " and "
                            + plan.duet().cpuB() + ")");
                    ExperimentTask.Figures[] both = duet(plan, a, b, launcher, logs, round, experiment);
                    out.add(new RoundRun(round, experiment, List.of("A+B"), both[0], both[1]));
                    continue;
                }
                List<String> order = RoundOrder.permute(plan.seed(), "ab " + experiment, round, List.of("A", "B"));
                ExperimentTask.Figures fa = null;
                ExperimentTask.Figures fb = null;
                for (String side : order) {
                    progress.accept(where + ": " + side);
                    ExperimentTask.Figures f = runLogged(launcher, side.equals("A") ? a : b,
                            plan.task(experiment, null, null), List.of(), log(logs, round, experiment, side));
                    if (side.equals("A")) {
                        fa = f;
                    } else {
                        fb = f;
                    }
                }
                out.add(new RoundRun(round, experiment, order, fa, fb));
            }
        }
        return out;
    }

    /** Both sides at once, each pinned to its CPU, meeting at a barrier before each repetition. */
    private static ExperimentTask.Figures[] duet(Plan plan, BuildUnderTest a, BuildUnderTest b, Launcher launcher,
                                                 Path logs, int round, String experiment) {
        Path barrier;
        try {
            barrier = Files.createTempDirectory("ringlab-duet");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the duet's barrier", e);
        }
        ExperimentTask.Figures[] result = new ExperimentTask.Figures[2];
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        List<Thread> sides = new ArrayList<>();
        try {
            for (int s = 0; s < 2; s++) {
                int side = s;
                String name = side == 0 ? "A" : "B";
                int cpu = side == 0 ? plan.duet().cpuA() : plan.duet().cpuB();
                sides.add(Thread.ofPlatform().name("ringlab-duet-" + name).start(() -> {
                    try {
                        result[side] = runLogged(launcher, side == 0 ? a : b, plan.task(experiment, barrier, name),
                                List.of("taskset", "-c", Integer.toString(cpu)), log(logs, round, experiment, name));
                    } catch (RuntimeException e) {
                        failed.compareAndSet(null, e);
                        DuetBarrier.abort(barrier);
                    }
                }));
            }
            for (Thread t : sides) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            DuetBarrier.abort(barrier);
            throw new IllegalStateException("interrupted while the duet of " + experiment + " ran", e);
        } finally {
            deleteTree(barrier);
        }
        if (failed.get() != null) {
            throw failed.get();
        }
        return result;
    }

    private static ExperimentTask.Figures runLogged(Launcher launcher, BuildUnderTest build, ExperimentTask task,
                                                    List<String> wrapper, Path log) {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        try {
            return launcher.run(build, task, wrapper, lines::add);
        } catch (Fork.ForkFailedException e) {
            String older = lines.stream().anyMatch(l -> l.startsWith("bad fork task")) ? "; a build older than"
                    + " 'ringlab ab' has no " + ExperimentTask.class.getSimpleName() + " for it to run" : "";
            throw new IllegalStateException("build " + build.spec() + ": " + e.getMessage() + older + " (log: " + log
                    + ")", e);
        } finally {
            try {
                Files.write(log, lines, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the child's log " + log, e);
            }
        }
    }

    private static Path log(Path logs, int round, String experiment, String side) {
        return logs.resolve("round-" + (round + 1) + "-" + experiment + "-" + side + ".log");
    }

    private static void deleteTree(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a barrier directory left in the temp folder is harmless
        }
    }
}
