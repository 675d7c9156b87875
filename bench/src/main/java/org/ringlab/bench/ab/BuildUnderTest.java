package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One side of {@code ringlab ab}: a build's jars as a class path. Typed as a checkout directory
 * (its {@code bench/target}), a folder holding the bench jar and its {@code lib/} (what
 * {@code ./ringlab} runs), any folder of jars, or a git revision of the current repository,
 * which is checked out into a temporary worktree and packaged there ({@code mvn package}: the
 * worktree's own {@code bench/target}, nothing installed into the local Maven repository, whose
 * snapshots stay those of the working copy). {@link #close} removes such a worktree.
 *
 * @param spec        as typed
 * @param description what it resolved to, for the report
 * @param classPath   the jars, joined with the path separator
 * @param revision    the full commit id when typed as a revision, else {@code null}
 * @param worktree    the temporary worktree to remove, or {@code null}
 * @param repository  the repository the worktree belongs to, or {@code null}
 */
public record BuildUnderTest(String spec, String description, String classPath, String revision, Path worktree,
                             Path repository) implements AutoCloseable {

    /** A build given directly as a class path (tests; a caller that resolved it itself). */
    public static BuildUnderTest ofClassPath(String spec, String classPath) {
        if (classPath.isBlank()) {
            throw new IllegalArgumentException("build '" + spec + "': empty class path");
        }
        return new BuildUnderTest(spec, "class path " + classPath, classPath, null, null, null);
    }

    /**
     * {@code spec} as a directory or, failing that, a revision of the git repository around
     * {@code cwd}, built now; {@code role} ("A", "B") names it in errors. {@code log} gets one
     * line per step; the build's own output goes to {@code buildLog}.
     */
    public static BuildUnderTest resolve(String role, String spec, Path cwd, Path buildLog, Consumer<String> log) {
        return resolve(role, spec, cwd, buildLog, log, null);
    }

    /**
     * {@link #resolve}, reusing {@code built} (the other side, or null) when {@code spec} names
     * the same revision: one build, one worktree (owned by {@code built}).
     */
    public static BuildUnderTest resolve(String role, String spec, Path cwd, Path buildLog, Consumer<String> log,
                                         BuildUnderTest built) {
        Path dir = cwd.resolve(spec);
        if (Files.isDirectory(dir)) {
            return ofDirectory(role, spec, dir);
        }
        Path repository = repository(cwd);
        if (repository == null) {
            throw new IllegalArgumentException(role + " '" + spec + "' is not a directory, and " + cwd
                    + " is in no git repository to look it up as a revision");
        }
        Exec sha = exec(repository, List.of("git", "rev-parse", "--verify", "--quiet", spec + "^{commit}"));
        if (sha.code() != 0 || sha.output().isBlank()) {
            throw new IllegalArgumentException(role + " '" + spec + "' is neither a directory nor a git revision of "
                    + repository);
        }
        String commit = sha.output().strip();
        if (built != null && commit.equals(built.revision())) {
            log.accept(role + ": " + spec + " is the same revision as the other side (" + commit.substring(0, 12)
                    + "): its build is reused");
            return new BuildUnderTest(spec, built.description(), built.classPath(), commit, null, null);
        }
        return build(role, spec, commit, repository, buildLog, log);
    }

    static BuildUnderTest ofDirectory(String role, String spec, Path dir) {
        Path target = dir.resolve("bench").resolve("target");
        if (Files.isDirectory(target) && benchJar(target) != null) {
            return launcherJars(spec, target);
        }
        if (benchJar(dir) != null) {
            return launcherJars(spec, dir);
        }
        List<Path> jars = jars(dir);
        if (jars.isEmpty()) {
            throw new IllegalArgumentException(role + " '" + spec + "' is a directory without a build: no"
                    + " bench/target/ringlab-bench-*.jar (a checkout: build it with 'mvn -q -B -DskipTests package'),"
                    + " no ringlab-bench-*.jar and no other *.jar in it");
        }
        return new BuildUnderTest(spec, jars.size() + " jars in " + dir, join(jars), null, null, null);
    }

    /** The bench jar of {@code target} and every jar of its {@code lib/}: {@code ./ringlab}'s class path. */
    private static BuildUnderTest launcherJars(String spec, Path target) {
        List<Path> cp = new ArrayList<>();
        cp.add(benchJar(target));
        cp.addAll(jars(target.resolve("lib")));
        return new BuildUnderTest(spec, cp.getFirst() + " + " + (cp.size() - 1) + " jars of its lib/", join(cp), null,
                null, null);
    }

    private static BuildUnderTest build(String role, String spec, String sha, Path repository, Path buildLog,
                                        Consumer<String> log) {
        Path worktree;
        try {
            worktree = Files.createTempDirectory("ringlab-ab-" + sha.substring(0, 12) + "-");
            Files.delete(worktree); // git creates it
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary worktree for " + role + " '" + spec + "'", e);
        }
        log.accept(role + ": checking out " + spec + " (" + sha.substring(0, 12) + ") into " + worktree);
        Exec add = exec(repository, List.of("git", "worktree", "add", "--detach", worktree.toString(), sha));
        if (add.code() != 0) {
            throw new IllegalStateException("git worktree add for " + role + " '" + spec + "' failed: " + add.output());
        }
        BuildUnderTest half = new BuildUnderTest(spec, "", "", sha, worktree, repository);
        try {
            List<String> mvn = new ArrayList<>();
            mvn.add(System.getenv().getOrDefault("RINGLAB_MVN", "mvn"));
            mvn.addAll(List.of("-q", "-B"));
            String extra = System.getenv("RINGLAB_MVN_ARGS");
            if (extra != null && !extra.isBlank()) {
                mvn.addAll(List.of(extra.trim().split("\\s+")));
            }
            mvn.addAll(List.of("-DskipTests", "package"));
            log.accept(role + ": building it: " + String.join(" ", mvn) + " (log: " + buildLog + ")");
            Exec built = exec(worktree, mvn, buildLog);
            if (built.code() != 0) {
                throw new IllegalStateException("building " + role + " '" + spec + "' (" + sha.substring(0, 12)
                        + ") failed with exit " + built.code() + "; see " + buildLog);
            }
            BuildUnderTest jars = launcherJars(spec, worktree.resolve("bench").resolve("target"));
            return new BuildUnderTest(spec, "revision " + sha.substring(0, 12) + " built in a temporary worktree",
                    jars.classPath(), sha, worktree, repository);
        } catch (RuntimeException e) {
            half.close();
            throw e;
        }
    }

    /** Removes the temporary worktree, if this build made one. */
    @Override
    public void close() {
        if (worktree != null) {
            Exec removed = exec(repository, List.of("git", "worktree", "remove", "--force", worktree.toString()));
            if (removed.code() != 0 && Files.exists(worktree)) {
                throw new IllegalStateException("cannot remove the worktree " + worktree + ": " + removed.output());
            }
        }
    }

    private static Path repository(Path cwd) {
        Exec top = exec(cwd, List.of("git", "rev-parse", "--show-toplevel"));
        return top.code() == 0 && !top.output().isBlank() ? Path.of(top.output().strip()) : null;
    }

    private static Path benchJar(Path dir) {
        return jars(dir).stream().filter(p -> {
            String n = p.getFileName().toString();
            return n.startsWith("ringlab-bench-") && !n.endsWith("-sources.jar") && !n.endsWith("-tests.jar")
                    && !n.endsWith("-javadoc.jar");
        }).findFirst().orElse(null);
    }

    private static List<Path> jars(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p)).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static String join(List<Path> paths) {
        return String.join(File.pathSeparator, paths.stream().map(p -> p.toAbsolutePath().toString()).toList());
    }

    private record Exec(int code, String output) {
    }

    private static Exec exec(Path dir, List<String> command) {
        return exec(dir, command, null);
    }

    /** Runs {@code command} in {@code dir}; its output is returned, or written to {@code log} when given. */
    private static Exec exec(Path dir, List<String> command, Path log) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        if (log != null) {
            pb.redirectOutput(log.toFile());
        }
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            String out = log == null ? new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8) : "";
            return new Exec(p.waitFor(), out);
        } catch (IOException e) {
            return new Exec(-1, "cannot run " + command.getFirst() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }
}
