package org.ringlab.bench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ringlab.bench.util.SlicedWait;

/**
 * The one way bench starts a child JVM: a fresh JVM like this one (same java, same flags, same
 * class or module path). The history, growth, driver and anchors cells measure in such
 * children, as JMH forks do: JIT profiles of one strategy must not slow the next one's loops,
 * and a fresh process gives a clean Pss and peak-RSS baseline.
 *
 * <p>{@link #run} sends a {@link ForkedTask} record as JSON, the child ({@link #main}) maps it
 * back, measures, and writes ONE result record as JSON to a file the parent names; the parent
 * maps that back with Jackson. After its cell the child runs the {@link ReferenceLoop} and writes
 * that sample too; the parent keeps it in the {@link ReferenceLog} of the running experiment. A
 * file rather than stdout: JVM warnings and a task's own
 * printing cannot corrupt the record. {@link #start} is for children that stream to their
 * parent (the mapped experiment's reader, the broadcast pipe writer).
 */
public final class Fork {

    /** A child that did not finish, exited non-zero or wrote no record: the message says which and why. */
    public static final class ForkFailedException extends RuntimeException {
        ForkFailedException(String message) {
            super(message);
        }
    }

    private Fork() {
    }

    /**
     * Measures {@code task} in a child JVM and returns its result record. The child's output
     * (stdout and stderr merged: JVM warnings included) goes line by line to {@code output},
     * never swallowed.
     */
    public static <R> R run(ForkedTask<R> task, Duration timeout, Consumer<String> output) {
        return run(task, args -> command(Fork.class.getName(), args, true), timeout, output);
    }

    /**
     * {@link #run} in a child JVM of another build: {@code classPath} (that build's jars, on the
     * class path whatever this JVM runs on) and this JVM's flags, the command prefixed by
     * {@code wrapper} (e.g. {@code taskset -c 1}, empty for none). The task's record class must
     * exist in that build with the same components. No class archive: this run's archive holds
     * this build's classes.
     */
    public static <R> R runOn(ForkedTask<R> task, String classPath, List<String> wrapper, Duration timeout,
                              Consumer<String> output) {
        return run(task, args -> {
            List<String> cmd = new ArrayList<>(wrapper);
            cmd.add(javaBinary());
            cmd.addAll(flags());
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(Fork.class.getName());
            cmd.addAll(args);
            return cmd;
        }, timeout, output);
    }

    private static <R> R run(ForkedTask<R> task, java.util.function.Function<List<String>, List<String>> command,
                             Duration timeout, Consumer<String> output) {
        Path dir;
        try {
            dir = Files.createTempDirectory("ringlab-fork");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for a fork's task and result", e);
        }
        Path taskFile = dir.resolve("task.json");
        Path resultFile = dir.resolve("result.json");
        Path referenceFile = reference(resultFile);
        try {
            RecordJson.write(taskFile, task);
            ProcessBuilder pb = new ProcessBuilder(command.apply(
                    List.of(task.getClass().getName(), taskFile.toString(), resultFile.toString())))
                    .redirectErrorStream(true);
            Process p = start(pb);
            List<String> lines = new ArrayList<>();
            Thread reader = Thread.ofVirtual().start(() -> drain(p, lines));
            boolean finished;
            try {
                p.getOutputStream().close();
                finished = SlicedWait.waitFor(p, timeout); // counted in slices: a clock jump must not kill the child
                if (!finished) {
                    p.destroyForcibly().waitFor();
                }
                reader.join();
            } catch (IOException e) {
                p.destroyForcibly();
                throw new UncheckedIOException("talking to the child JVM of " + task.describe() + " failed", e);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the child JVM of " + task.describe(), e);
            }
            lines.forEach(output);
            if (!finished) {
                throw new ForkFailedException("the child JVM of " + task.describe() + " did not finish within "
                        + timeout.toSeconds() + " s and was killed");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(resultFile)) {
                String why = lines.isEmpty() ? "" : ": " + lines.getLast();
                throw new ForkFailedException("the child JVM of " + task.describe() + " exited with " + p.exitValue()
                        + (p.exitValue() == 0 ? " without a result" : "") + why);
            }
            R result = RecordJson.read(resultFile, task.resultType());
            if (Files.isRegularFile(referenceFile)) {
                ReferenceLog.add(RecordJson.read(referenceFile, ReferenceLoop.Sample.class));
            }
            return result;
        } finally {
            deleteQuietly(referenceFile);
            deleteQuietly(resultFile);
            deleteQuietly(taskFile);
            deleteQuietly(dir);
        }
    }

    /** Starts a streaming child: {@code mainClass} (a class of this module) with {@code args}. */
    public static ProcessBuilder streaming(String mainClass, List<String> args) {
        return new ProcessBuilder(command(mainClass, args));
    }

    /** The command line: java, this JVM's flags minus path and debug options, the path, main, args. */
    static List<String> command(String mainClass, List<String> args) {
        return command(mainClass, args, false);
    }

    /**
     * {@code mayWriteArchive}: the child may write the class archive ({@link ClassArchive}); only
     * {@link #run}'s children, one at a time, do, so two JVMs never write it at once.
     */
    static List<String> command(String mainClass, List<String> args, boolean mayWriteArchive) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        cmd.addAll(flags());
        cmd.addAll(ClassArchive.flags(ManagementFactory.getRuntimeMXBean().getInputArguments(), mayWriteArchive));
        Module module = Fork.class.getModule();
        String classPath = System.getProperty("java.class.path", "");
        if (module.isNamed()) {
            cmd.add("--module-path");
            cmd.add(System.getProperty("jdk.module.path", ""));
            if (!classPath.isEmpty()) {
                cmd.add("-cp");
                cmd.add(classPath);
            }
            cmd.add("-m");
            cmd.add(module.getName() + "/" + mainClass);
        } else {
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(mainClass);
        }
        cmd.addAll(args);
        return cmd;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** This JVM's flags minus path and debug options: a child measures under the same settings. */
    private static List<String> flags() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(f -> !isPathOrDebugFlag(f))
                .toList();
    }

    /**
     * The child: {@code Fork TASK-CLASS TASK-FILE RESULT-FILE}. Exit 2 for bad arguments, 1 for
     * a failed measurement (its stack trace on stderr, which the parent shows).
     */
    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: Fork TASK-CLASS TASK-FILE RESULT-FILE, got " + String.join(" ", args));
            System.exit(2);
        }
        ForkedTask<?> task;
        try {
            Class<?> type = Class.forName(args[0], true, Fork.class.getClassLoader());
            if (!ForkedTask.class.isAssignableFrom(type) || !type.isRecord()) {
                throw new IllegalArgumentException(args[0] + " is not a ForkedTask record");
            }
            task = (ForkedTask<?>) RecordJson.read(Path.of(args[1]), type);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            System.err.println("bad fork task: " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            ReferenceLoop.prewarmCore(); // compiled now, while the compile queue is empty (see there)
            Object result = task.measure();
            // Written to a sibling, then moved: the parent never reads half a record.
            Path target = Path.of(args[2]);
            Path partial = target.resolveSibling(target.getFileName() + ".partial");
            RecordJson.write(partial, result);
            Files.move(partial, target);
            // After the cell, never before: its peak RSS and Pss must not see the loop's buffers.
            RecordJson.write(reference(target), ReferenceLoop.measure(task.referenceKernel()));
        } catch (RuntimeException | IOException e) {
            System.err.println(task.describe() + " failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    /** Where the child writes its {@link ReferenceLoop} sample, beside its result. */
    private static Path reference(Path resultFile) {
        return resultFile.resolveSibling("reference.json");
    }

    private static Process start(ProcessBuilder pb) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a child JVM: " + pb.command(), e);
        }
    }

    private static void drain(Process p, List<String> into) {
        try {
            into.addAll(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        } catch (IOException e) {
            into.add("(cannot read the child's output: " + e.getMessage() + ")");
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a temp file left behind is harmless; the measurement's outcome is what matters
        }
    }

    // Paths are re-added explicitly; a debugger or agent would skew the measurement.
    private static boolean isPathOrDebugFlag(String flag) {
        return flag.startsWith("-Djava.class.path=") || flag.startsWith("-Djdk.module.path=")
                || flag.startsWith("-Djdk.module.main") || flag.startsWith("-agentlib:jdwp")
                || flag.startsWith("-javaagent:") || flag.startsWith("-Dsun.java.command=")
                || flag.startsWith("--module-path=");
    }
}
