package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.ringlab.heapaccess.HeapNativeAccessMain;

/**
 * The heap strategies under the JDK 25 native-access configurations (docs/native-access.md's
 * matrix), each in a child JVM running {@link HeapNativeAccessMain}. They make one restricted
 * call ({@code MemorySegment.reinterpret}, the deferred free's front views): granted, the close
 * defers the free; refused ({@code --illegal-native-access=deny} without a grant for their
 * module), they still work, freeing at close, and say so (description, log) with the flag that
 * grants it; never silently, never unavailable.
 */
class HeapNativeAccessTest {

    private static final Set<String> MODULES = Set.of("org.ringlab.api", "org.ringlab.growth", "org.ringlab.heap");

    /** What a child printed: per strategy, works and degraded, and its description. */
    private record Outcome(Map<String, String[]> lines, String stderr, List<String> command) {
        void allWork(boolean degraded) {
            assertEquals(Set.of("doubled", "split", "linearize"), lines.keySet(), context());
            for (String[] f : lines.values()) {
                assertEquals("true", f[1], f[0] + " did not work: " + context());
                assertEquals(String.valueOf(degraded), f[2], f[0] + ": " + f[3] + "\n" + context());
            }
        }

        String context() {
            return "command: " + command + "\nstderr:\n" + stderr + "\nlines: "
                    + lines.values().stream().map(f -> String.join("|", f)).toList();
        }
    }

    @Test
    void theJdk25DefaultWarnsAndDefersTheFree() {
        Outcome o = onClassPath();
        o.allWork(false);
        assertTrue(o.stderr.contains("WARNING: A restricted method"), o.context());
    }

    @Test
    void grantedOnTheClassPathTheFreeIsDeferredWithoutAWarning() {
        Outcome o = onClassPath("--illegal-native-access=deny", "--enable-native-access=ALL-UNNAMED");
        o.allWork(false);
        assertFalse(o.stderr.contains("WARNING"), o.context());
    }

    @Test
    void deniedOnTheClassPathTheyWorkDegradedAndSaySo() {
        Outcome o = onClassPath("--illegal-native-access=deny");
        o.allWork(true);
        for (String[] f : o.lines.values()) {
            assertTrue(f[3].contains("Illegal native access from an unnamed module")
                    && f[3].contains("--enable-native-access=ALL-UNNAMED"), f[0] + ": " + f[3]);
        }
        assertTrue(o.stderr.contains("free their memory at close()"), "the log says it: " + o.context());
    }

    @Test
    void onTheModulePathGrantingTheHeapModuleDefersTheFree() {
        Outcome o = onModulePath("--illegal-native-access=deny", "--enable-native-access=org.ringlab.heap");
        o.allWork(false);
        assertFalse(o.stderr.contains("WARNING"), o.context());
    }

    @Test
    void onTheModulePathWithoutTheHeapModulesGrantTheyWorkDegradedAndNameTheFlag() {
        Outcome o = onModulePath("--illegal-native-access=deny", "--enable-native-access=org.ringlab.api");
        o.allWork(true);
        for (String[] f : o.lines.values()) {
            assertTrue(f[3].contains("Illegal native access from module org.ringlab.heap")
                    && f[3].contains("--enable-native-access=org.ringlab.heap"), f[0] + ": " + f[3]);
        }
    }

    private static Outcome onClassPath(String... flags) {
        List<String> command = new ArrayList<>(List.of(flags));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), HeapNativeAccessMain.class.getName()));
        return run(command);
    }

    private static Outcome onModulePath(String... flags) {
        Map<String, Path> modules = new TreeMap<>();
        List<String> rest = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String found = null;
            try {
                for (ModuleReference ref : ModuleFinder.of(Path.of(entry)).findAll()) {
                    if (MODULES.contains(ref.descriptor().name())) {
                        found = ref.descriptor().name();
                    }
                }
            } catch (FindException e) {
                // not usable as a module: not one of ours
            }
            if (found != null) {
                modules.putIfAbsent(found, Path.of(entry));
            } else if (entry.contains("test-classes")) {
                rest.add(entry); // HeapNativeAccessMain, in the unnamed module
            }
        }
        assertEquals(MODULES, modules.keySet(), "modules found on the test class path");
        List<String> command = new ArrayList<>(List.of(flags));
        command.addAll(List.of("--module-path", String.join(File.pathSeparator, modules.values().stream().map(Path::toString).toList()),
                "--add-modules", "ALL-MODULE-PATH", "-cp", String.join(File.pathSeparator, rest),
                HeapNativeAccessMain.class.getName()));
        return run(command);
    }

    private static Outcome run(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.addAll(args);
        try {
            Process p = new ProcessBuilder(command).start();
            p.getOutputStream().close();
            StringBuilder err = new StringBuilder();
            Thread errReader = Thread.ofVirtual().start(() -> {
                try {
                    err.append(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    err.append("cannot read stderr: ").append(e);
                }
            });
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish: " + command);
            errReader.join();
            assertEquals(0, p.exitValue(), "command: " + command + "\nstdout:\n" + out + "\nstderr:\n" + err);
            Map<String, String[]> lines = new TreeMap<>();
            for (String line : out.lines().toList()) {
                String[] f = line.split("\\|", 4);
                if (f.length == 4) {
                    lines.put(f[0], f);
                }
            }
            return new Outcome(lines, err.toString(), command);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
