package org.ringlab.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code /proc/self} says about this process: mappings and descriptors (for leak
 * checks) and resident memory (for the physical-memory figures).
 *
 * <p>Resident memory needs care with mirrored rings: {@code VmRSS} (and {@code Rss}) count a
 * page once per mapping, so a page mapped twice counts twice. {@code Pss} divides each page
 * by the number of times it is mapped, so a mirrored page counts once: {@link #pssBytes()} is
 * the figure that tells physical memory held. Plain Java reading of files; on a system
 * without {@code /proc} every method throws {@link UnsupportedOperationException}.
 */
public final class ProcSelf {

    private static final Path PROC_SELF = Path.of("/proc/self");

    private ProcSelf() {
    }

    public static boolean isSupported() {
        return Files.isReadable(PROC_SELF.resolve("maps"));
    }

    /** Number of lines of {@code /proc/self/maps}: one per mapping. */
    public static long mappingCount() {
        return readLines("maps").size();
    }

    /** Lines of {@code /proc/self/maps}. */
    public static List<String> mappings() {
        return readLines("maps");
    }

    /** Number of open descriptors ({@code /proc/self/fd} entries). */
    public static long openDescriptorCount() {
        requireSupported();
        try (Stream<Path> fds = Files.list(PROC_SELF.resolve("fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code VmRSS}: resident pages, a page mapped twice counted twice. */
    public static long vmRssBytes() {
        return kibField("status", "VmRSS:");
    }

    /** {@code VmHWM}: the peak of {@code VmRSS} since the process started. */
    public static long vmHwmBytes() {
        return kibField("status", "VmHWM:");
    }

    /** {@code Rss} from {@code smaps_rollup}: like VmRSS, a page mapped twice counted twice. */
    public static long rssBytes() {
        return kibField("smaps_rollup", "Rss:");
    }

    /** {@code Pss} from {@code smaps_rollup}: physical memory, a page mapped twice counted once. */
    public static long pssBytes() {
        return kibField("smaps_rollup", "Pss:");
    }

    private static long kibField(String file, String field) {
        for (String line : readLines(file)) {
            if (line.startsWith(field)) {
                String[] parts = line.substring(field.length()).trim().split("\\s+");
                return Long.parseLong(parts[0]) * 1024;
            }
        }
        throw new IllegalStateException("/proc/self/" + file + " has no " + field + " line");
    }

    private static List<String> readLines(String file) {
        requireSupported();
        try {
            return Files.readAllLines(PROC_SELF.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/" + file, e);
        }
    }

    private static void requireSupported() {
        if (!isSupported()) {
            throw new UnsupportedOperationException("/proc/self is not available on " + System.getProperty("os.name"));
        }
    }
}
