package org.ringlab.bench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One class-data-sharing archive for every child JVM of this run: the first child writes it at
 * exit ({@code -XX:+AutoCreateSharedArchive}), the others map it, so a child starts with its
 * classes already parsed and verified. A quick run forks well over a hundred children, and on two
 * cores loading Jackson, picocli and every backend took about as long as most cells measure.
 * <p>
 * Only class loading changes: the archive holds no compiled code and no profiles, so the JIT
 * starts each child from nothing as before and the measured loops see the same code. The JVM's
 * archive messages are switched off: an archive it cannot use is ignored silently and costs
 * only the start-up time it would have saved. Off with {@code -Dringlab.fork.cds=false}, and
 * whenever the parent's flags already choose a sharing mode or an archive, or a path holds a
 * directory (see {@link #onlyJars}).
 */
final class ClassArchive {

    private static Path archive;

    private ClassArchive() {
    }

    /**
     * The flags a child gets, given the parent's JVM flags: empty when sharing is off or chosen by
     * the user. A child that may not write the archive gets it only once it exists (to read).
     */
    static synchronized List<String> flags(List<String> parentFlags, boolean mayWrite) {
        if (!Boolean.parseBoolean(System.getProperty("ringlab.fork.cds", "true"))
                || parentFlags.stream().anyMatch(ClassArchive::choosesSharing)
                || !onlyJars(System.getProperty("java.class.path", "")) || !onlyJars(System.getProperty("jdk.module.path", ""))) {
            return List.of();
        }
        if (archive == null) {
            try {
                Path dir = Files.createTempDirectory("ringlab-cds");
                archive = dir.resolve("children.jsa");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    deleteQuietly(archive);
                    deleteQuietly(dir);
                }, "ringlab-cds-cleanup"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a directory for the children's class archive", e);
            }
        }
        if (mayWrite) {
            return List.of("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + archive, "-Xlog:cds*=off",
                    "-Xlog:aot*=off");
        }
        return Files.isRegularFile(archive)
                ? List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds*=off", "-Xlog:aot*=off") : List.of();
    }

    /** The archive's path once a child was given it, else {@code null}. */
    static synchronized Path path() {
        return archive;
    }

    /**
     * Whether every entry of a class or module path is a file: the JVM refuses to start (rather
     * than ignore the archive) when a path holds a non-empty directory, as a build's
     * {@code target/classes} does; {@code ./ringlab} runs from jars.
     */
    static boolean onlyJars(String path) {
        for (String entry : path.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty() && Files.isDirectory(Path.of(entry))) {
                return false;
            }
        }
        return true;
    }

    static boolean choosesSharing(String flag) {
        return flag.startsWith("-Xshare") || flag.startsWith("-XX:SharedArchiveFile") || flag.startsWith("-XX:AOTCache")
                || flag.startsWith("-XX:AOTMode") || flag.contains("AutoCreateSharedArchive")
                || flag.startsWith("-XX:ArchiveClassesAtExit");
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a temp file left behind is harmless
        }
    }
}
