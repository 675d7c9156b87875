package org.ringlab.conformance.kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.ringlab.api.ProcSelf;

/**
 * What the process holds that a ring could leak: its mappings ({@code /proc/self/maps}), its
 * descriptors ({@code /proc/self/fd}) and the files of the directories a ring may create files
 * in. Taken before, compared after; the JVM's own mapping churn is set aside by
 * {@link ProcSelf#unexplainedMappingChanges}.
 */
final class Resources {

    private final List<String> mappings;
    private final long descriptors;
    private final List<Path> directories;
    private final List<List<String>> files;

    private Resources(List<Path> directories) {
        this.mappings = ProcSelf.mappings();
        this.descriptors = ProcSelf.openDescriptorCount();
        this.directories = directories;
        this.files = directories.stream().map(Resources::list).toList();
    }

    /** A snapshot now; {@code directories} that do not exist are skipped. */
    static Resources take(List<Path> directories) {
        return new Resources(directories.stream().filter(Files::isDirectory).toList());
    }

    /** Throws naming every leaked mapping, descriptor count and file. */
    void assertUnchanged(String after) {
        List<String> unexplained = ProcSelf.unexplainedMappingChanges(mappings, ProcSelf.mappings());
        long fds = ProcSelf.openDescriptorCount();
        StringBuilder leaks = new StringBuilder();
        if (!unexplained.isEmpty()) {
            leaks.append("\n  mappings: ").append(String.join("\n            ", unexplained));
        }
        if (fds != descriptors) {
            leaks.append("\n  descriptors: ").append(descriptors).append(" before, ").append(fds).append(" after");
        }
        for (int i = 0; i < directories.size(); i++) {
            List<String> now = list(directories.get(i));
            if (!now.equals(files.get(i))) {
                leaks.append("\n  files in ").append(directories.get(i)).append(": ").append(files.get(i))
                        .append(" before, ").append(now).append(" after");
            }
        }
        if (!leaks.isEmpty()) {
            throw new AssertionError("leaked after " + after + ":" + leaks);
        }
    }

    static List<String> list(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
