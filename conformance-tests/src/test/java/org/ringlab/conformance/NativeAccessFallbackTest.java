package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The JDK 25 native-access configurations the README documents, each in a child JVM running
 * {@link FallbackMain}: which mirrored strategy the fallback chain chooses, and that the
 * reasons for the skipped ones name the refusal. Linux: the FFM and JNA backends it refuses are Linux ones.
 */
@EnabledOnOs(OS.LINUX)
class NativeAccessFallbackTest {

    private static final Set<String> MODULES = Set.of("org.ringlab.api", "org.ringlab.growth", "org.ringlab.linux", "org.ringlab.jna",
            "org.ringlab.windows", "com.sun.jna");
    private static final String WINDOWS_REASON = "mirrored-windows needs Windows 10 1803+ (VirtualAlloc2/MapViewOfFile3), this is ";

    /** What a child printed. */
    private record Outcome(String chosen, Map<String, String> skipped, String mirrors, String stdout, String stderr,
                           List<String> command) {
        String context() {
            return "command: " + command + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    @Test
    void ffmRefusedOnTheModulePathWithJnaGrantedChoosesMirroredJnaAndSaysWhy() {
        Outcome o = onModulePath("--illegal-native-access=deny", "--enable-native-access=com.sun.jna,org.ringlab.jna");
        assertEquals("mirrored-jna", o.chosen, o.context());
        assertEquals("true", o.mirrors, o.context());
        assertEquals(List.of("mirrored-memfd", "mirrored-shm", "mirrored-tmpfile"), List.copyOf(o.skipped.keySet()),
                o.context());
        for (Map.Entry<String, String> e : o.skipped.entrySet()) {
            assertTrue(e.getValue().startsWith(e.getKey() + " probe") && e.getValue().contains("IllegalCallerException")
                    && e.getValue().contains("Illegal native access from module org.ringlab.linux"),
                    e.getKey() + ": " + e.getValue());
        }
        assertFalse(o.stderr.contains("WARNING: A restricted method"), o.context());
        assertTrue(o.stderr.contains("default mirrored strategy: mirrored-jna; skipped mirrored-memfd: "),
                "the log says why: " + o.context());
    }

    @Test
    void onlyJnaGrantedLeavesMirroredJnaUnavailableBecauseOfReinterpret() {
        Outcome o = onModulePath("--illegal-native-access=deny", "--enable-native-access=com.sun.jna");
        assertEquals("none", o.chosen, o.context());
        String jna = o.skipped.get("mirrored-jna");
        assertTrue(jna.contains("Illegal native access from module org.ringlab.jna")
                && jna.contains("MemorySegment.reinterpret") && jna.contains("--enable-native-access=org.ringlab.jna"),
                jna);
        assertTrue(o.skipped.get("mirrored-windows").startsWith(WINDOWS_REASON), o.context());
    }

    @Test
    void onTheClassPathDenyingNativeAccessRefusesFfmAndJnaAlike() {
        Outcome o = onClassPath("--illegal-native-access=deny");
        assertEquals("none", o.chosen, o.context());
        assertTrue(o.skipped.get("mirrored-memfd").contains("Illegal native access from an unnamed module"), o.context());
        String jna = o.skipped.get("mirrored-jna");
        assertTrue(jna.startsWith("mirrored-jna probe") && jna.contains("IllegalCallerException"), jna);
        assertEquals(5, o.skipped.size(), o.context());
    }

    @Test
    void theJdk25DefaultWarnsAndLetsFfmThrough() {
        Outcome o = onClassPath();
        assertEquals("mirrored-memfd", o.chosen, o.context());
        assertTrue(o.skipped.isEmpty(), o.context());
        assertTrue(o.stderr.contains("WARNING: A restricted method"), o.context());
    }

    private static Outcome onModulePath(String... flags) {
        Map<String, Path> modules = modules();
        assertEquals(MODULES, modules.keySet(), "modules found on the test class path");
        List<String> command = new ArrayList<>(List.of(flags));
        command.addAll(List.of("--module-path", String.join(File.pathSeparator,
                        modules.values().stream().map(Path::toString).toList()),
                "--add-modules", "ALL-MODULE-PATH", "-cp", testClasses().toString(), FallbackMain.class.getName()));
        return run(command);
    }

    private static Outcome onClassPath(String... flags) {
        List<String> command = new ArrayList<>(List.of(flags));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), FallbackMain.class.getName()));
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
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not finish: " + command);
            errReader.join();
            assertEquals(0, p.exitValue(), "command: " + command + "\nstdout:\n" + out + "\nstderr:\n" + err);
            String chosen = null;
            String mirrors = null;
            Map<String, String> skipped = new LinkedHashMap<>();
            for (String line : out.lines().toList()) {
                if (line.startsWith("chosen=")) {
                    chosen = line.substring("chosen=".length());
                } else if (line.startsWith("mirrors=")) {
                    mirrors = line.substring("mirrors=".length());
                } else if (line.startsWith("skipped=")) {
                    String rest = line.substring("skipped=".length());
                    skipped.put(rest.substring(0, rest.indexOf('|')), rest.substring(rest.indexOf('|') + 1));
                }
            }
            return new Outcome(chosen, skipped, mirrors, out, err.toString(), command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The wanted modules among the class path entries (target/classes directories or jars), by name. */
    private static Map<String, Path> modules() {
        Map<String, Path> found = new TreeMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            try {
                for (ModuleReference ref : ModuleFinder.of(Path.of(entry)).findAll()) {
                    if (MODULES.contains(ref.descriptor().name())) {
                        found.putIfAbsent(ref.descriptor().name(), Path.of(entry));
                    }
                }
            } catch (FindException e) {
                // not usable as a module: not one of ours
            }
        }
        return found;
    }

    private static Path testClasses() {
        try {
            return Path.of(FallbackMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
