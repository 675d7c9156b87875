package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.module.ResolvedModule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The module descriptors work: {@code java -m org.ringlab.bench/...} on a module path finds
 * the same providers (declared with {@code provides ... with}) as the class path finds through
 * META-INF/services, and the JVM prints no warning.
 */
class ModulePathTest {

    private static final String BENCH = "org.ringlab.bench";

    @Test
    void listOnTheModulePathFindsTheSameProvidersWithoutWarnings() throws IOException, InterruptedException {
        Map<String, Path> modules = modulesOnTheClassPath();
        assertTrue(modules.containsKey(BENCH), "the bench module is not on the test class path: " + modules);

        // Exactly what 'java -m' will resolve (requires plus service providers): naming a module
        // that is not resolved in --enable-native-access would itself print a warning.
        List<Path> modulePath = modules.entrySet().stream()
                .filter(e -> !e.getKey().startsWith("java.") && !e.getKey().startsWith("jdk."))
                .map(Map.Entry::getValue).distinct().toList();
        Configuration cf = ModuleLayer.boot().configuration().resolveAndBind(
                ModuleFinder.of(modulePath.toArray(Path[]::new)), ModuleFinder.of(), Set.of(BENCH));
        Set<String> resolved = new TreeSet<>();
        for (ResolvedModule m : cf.modules()) {
            resolved.add(m.name());
        }

        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("--enable-native-access=" + String.join(",", resolved));
        cmd.add("--module-path");
        cmd.add(String.join(File.pathSeparator, modulePath.stream().map(Path::toString).toList()));
        cmd.add("-m");
        cmd.add(BENCH + "/org.ringlab.bench.RinglabMain");
        cmd.add("list");
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        // Both pipes are small; read stderr on another thread so neither can block the child.
        StringBuilder err = new StringBuilder();
        Thread errReader = Thread.ofVirtual().start(() -> {
            try {
                err.append(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                err.append("cannot read stderr: ").append(e);
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the module-path JVM did not finish");
        errReader.join();

        String context = "command: " + cmd + "\nstdout:\n" + out + "\nstderr:\n" + err;
        assertEquals(0, p.exitValue(), context);
        assertFalse(err.toString().contains("WARNING"), context);
        assertFalse(Cli.realNames().isEmpty(), "no provider on the class path to compare with");
        assertEquals(Cli.realNames(), memoryStrategyNames(out), context);
        assertTrue(resolved.contains("org.ringlab.api"), resolved.toString());
    }

    /**
     * Class-path entries that are named modules, by module name: our modules (target/classes
     * directories or ringlab-*.jar) and their dependencies such as picocli. Only the modules the
     * org.ringlab.* modules need, transitively, are kept, so test frameworks stay out.
     */
    private static Map<String, Path> modulesOnTheClassPath() {
        Map<String, Path> byName = new LinkedHashMap<>();
        Map<String, ModuleDescriptor> descriptors = new LinkedHashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            boolean dirModule = Files.isDirectory(path) && Files.exists(path.resolve("module-info.class"));
            boolean jar = Files.isRegularFile(path) && entry.endsWith(".jar");
            if (!dirModule && !jar) {
                continue; // test-classes and the like: not a module
            }
            try {
                for (ModuleReference ref : ModuleFinder.of(path).findAll()) {
                    byName.putIfAbsent(ref.descriptor().name(), path);
                    descriptors.putIfAbsent(ref.descriptor().name(), ref.descriptor());
                }
            } catch (RuntimeException e) {
                // not usable as a module (e.g. an automatic name that cannot be derived): not ours
            }
        }
        Set<String> needed = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>(byName.keySet().stream().filter(n -> n.startsWith("org.ringlab.")).toList());
        while (!todo.isEmpty()) {
            String name = todo.removeLast();
            if (!needed.add(name) || !descriptors.containsKey(name)) {
                continue;
            }
            for (ModuleDescriptor.Requires r : descriptors.get(name).requires()) {
                if (!r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC) && byName.containsKey(r.name())) {
                    todo.add(r.name());
                }
            }
        }
        Map<String, Path> kept = new LinkedHashMap<>();
        for (String name : needed) {
            if (byName.containsKey(name)) {
                kept.put(name, byName.get(name));
            }
        }
        return kept;
    }

    /** Names in the "Memory strategies" section of 'ringlab list'. */
    private static Set<String> memoryStrategyNames(String listOutput) {
        int end = listOutput.indexOf("\n\n");
        String section = end < 0 ? listOutput : listOutput.substring(0, end);
        Matcher m = Pattern.compile("(?m)^  ([a-z0-9]+(?:-[a-z0-9]+)*) +(?:available|unavailable)\\b").matcher(section);
        Set<String> names = new TreeSet<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
