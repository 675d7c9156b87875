package org.ringlab.queues.mapped;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts test mains in fresh JVMs with the test class path, small and quick to start. */
final class ChildJvms {

    private ChildJvms() {
    }

    static Process start(Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "--enable-native-access=ALL-UNNAMED", "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    /** Reads lines until one starts with {@code prefix}; returns it (null if the child ended first). */
    static String awaitLine(Process p, BufferedReader out, String prefix, StringBuilder transcript) {
        try {
            for (String line; (line = out.readLine()) != null; ) {
                transcript.append(line).append('\n');
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static BufferedReader stdout(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Everything else the child prints, then its exit code (killed after {@code seconds}). */
    static int finish(Process p, BufferedReader out, StringBuilder transcript, long seconds) {
        try {
            for (String line; (line = out.readLine()) != null; ) {
                transcript.append(line).append('\n');
            }
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return -1;
            }
            return p.exitValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
