package org.ringlab.bench.util;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a fresh JVM like this one (same java, same flags, same class or module path) running
 * {@code RinglabMain} (or another main class of this module) with other arguments. The
 * history, growth, driver and anchors experiments measure in such children, as JMH forks: JIT
 * profiles from one strategy's segments must not slow the next one's loops, and a fresh
 * process gives a clean Pss and peak-RSS baseline.
 */
public final class ChildJvm {

    private static final String MAIN = "org.ringlab.bench.RinglabMain";

    /** Captured output of a finished child. */
    public record Outcome(int exitCode, List<String> stdout, List<String> stderr, boolean timedOut) {
    }

    private ChildJvm() {
    }

    /** The command line: java, this JVM's flags minus path and debug options, the path, main, args. */
    public static List<String> command(List<String> args) {
        return command(MAIN, args);
    }

    /** As {@link #command(List)}, starting {@code mainClass} (a class of this module) instead of RinglabMain. */
    public static List<String> command(String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!isPathOrDebugFlag(flag)) {
                cmd.add(flag);
            }
        }
        Module module = ChildJvm.class.getModule();
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

    /** Runs a child to completion, collecting stdout and stderr; kills it after {@code timeoutSeconds}. */
    public static Outcome run(List<String> args, long timeoutSeconds) {
        return run(MAIN, args, timeoutSeconds);
    }

    /** As {@link #run(List, long)}, starting {@code mainClass} instead of RinglabMain. */
    public static Outcome run(String mainClass, List<String> args, long timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(command(mainClass, args));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a child JVM: " + pb.command(), e);
        }
        List<String> err = new ArrayList<>();
        Thread errReader = Thread.ofVirtual().start(() -> drain(p, err));
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            p.getOutputStream().close();
            for (String line; (line = r.readLine()) != null; ) {
                out.add(line);
            }
            boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly().waitFor();
            }
            errReader.join();
            return new Outcome(finished ? p.exitValue() : -1, out, err, !finished);
        } catch (IOException e) {
            p.destroyForcibly();
            throw new UncheckedIOException("reading a child JVM's output failed", e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a child JVM", e);
        }
    }

    /** Collects the child's stderr (the list is read only after this thread has ended). */
    private static void drain(Process p, List<String> into) {
        try {
            into.addAll(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        } catch (IOException e) {
            into.add("(cannot read the child's stderr: " + e.getMessage() + ")");
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
