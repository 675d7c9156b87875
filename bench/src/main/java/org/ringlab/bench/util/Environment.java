package org.ringlab.bench.util;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the machine and the JVM are, read once for the report header and results.json:
 * every figure is read from the system, with "unknown" when it cannot be.
 */
public final class Environment {

    private static final Path CACHE_DIR = Path.of("/sys/devices/system/cpu/cpu0/cache");
    private static final Pattern BRACKETED = Pattern.compile("\\[([^]]+)]");

    private Environment() {
    }

    /** The size of the last-level cache (the highest {@code level} under cpu0), if the system says. */
    public static Optional<Long> lastLevelCacheBytes() {
        if (!Files.isDirectory(CACHE_DIR)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(CACHE_DIR)) {
            int bestLevel = -1;
            long bestSize = -1;
            for (Path dir : dirs.filter(p -> p.getFileName().toString().startsWith("index")).toList()) {
                Optional<String> level = readFirstLine(dir.resolve("level"));
                Optional<String> size = readFirstLine(dir.resolve("size"));
                Optional<String> type = readFirstLine(dir.resolve("type"));
                if (level.isEmpty() || size.isEmpty() || type.map("Instruction"::equals).orElse(false)) {
                    continue;
                }
                int l = Integer.parseInt(level.get().trim());
                long s = Sizes.parse(size.get().trim());
                if (l > bestLevel || (l == bestLevel && s > bestSize)) {
                    bestLevel = l;
                    bestSize = s;
                }
            }
            return bestSize > 0 ? Optional.of(bestSize) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The kernel's base page size, from the first mapping in /proc/self/smaps. */
    public static Optional<Long> pageSizeBytes() {
        Path smaps = Path.of("/proc/self/smaps");
        if (!Files.isReadable(smaps)) {
            return Optional.empty();
        }
        try (BufferedReader r = Files.newBufferedReader(smaps)) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("KernelPageSize:")) {
                    String[] parts = line.substring("KernelPageSize:".length()).trim().split("\\s+");
                    return Optional.of(Long.parseLong(parts[0]) * 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The transparent-huge-page mode ({@code always}, {@code madvise}, {@code never}). */
    private static String transparentHugePages() {
        return readFirstLine(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")).map(s -> {
            Matcher m = BRACKETED.matcher(s);
            return m.find() ? m.group(1) : s.trim();
        }).orElse("unknown");
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            Optional<String> model = lines.filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst();
            if (model.isPresent()) {
                return model.get();
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the generic answer
        }
        return System.getProperty("os.arch") + " (model unknown)";
    }

    /** The 1, 5 and 15 minute load averages, or "unknown": experiments note them before and after a run. */
    public static String loadAverage() {
        String load = describe().get("loadAverage");
        return load == null ? "unknown" : load;
    }

    /** Ordered key → value pairs for the report header and results.json. */
    public static Map<String, String> describe() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("jdk", Runtime.version() + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vendor") + ")");
        env.put("jvmFlags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        env.put("cpu", cpuModel());
        env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        env.put("lastLevelCache", lastLevelCacheBytes().map(Sizes::format).orElse("unknown"));
        env.put("pageSize", pageSizeBytes().map(Sizes::format).orElse("unknown"));
        env.put("transparentHugePages", transparentHugePages());
        // Other processes on the same cores widen the spread; say how busy the machine was.
        env.put("loadAverage", readFirstLine(Path.of("/proc/loadavg"))
                .map(l -> String.join(" ", List.of(l.split("\\s+")).subList(0, 3))).orElse("unknown"));
        String commit = System.getenv("RINGLAB_GIT_COMMIT");
        env.put("gitCommit", commit == null || commit.isBlank() ? "unknown" : commit.trim());
        return env;
    }

    private static Optional<String> readFirstLine(Path file) {
        try (BufferedReader r = Files.newBufferedReader(file)) {
            return Optional.ofNullable(r.readLine());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
