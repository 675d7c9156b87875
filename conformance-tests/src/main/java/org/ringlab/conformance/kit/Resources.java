package org.ringlab.conformance.kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.ringlab.growth.ProcSelf;

/**
 * What the process holds that a ring could leak: its mappings ({@code /proc/self/maps}), its
 * descriptors ({@code /proc/self/fd}), the files of the directories a ring may create files
 * in, and its shared memory objects in {@code /dev/shm}. Taken before, compared after; the JVM's own mapping churn is set aside by
 * {@link ProcSelf#unexplainedMappingChanges}.
 */
final class Resources {

    private final List<String> mappings;
    private final long descriptors;
    /** What each descriptor refers to ({@code /proc/self/fd/N -> /dev/shm/x}), so a leak names its file. */
    private final List<String> descriptorTargets;
    private final List<Path> directories;
    private final List<List<String>> files;
    private final List<String> sharedMemory;

    private Resources(List<Path> directories) {
        this.mappings = ProcSelf.mappings();
        this.descriptors = ProcSelf.openDescriptorCount();
        this.descriptorTargets = descriptorTargets();
        this.directories = directories;
        this.files = directories.stream().map(Resources::list).toList();
        this.sharedMemory = ourSharedMemory();
    }

    /**
     * This process's POSIX shared memory objects: ringlab names them {@code /ringlab-PID-N}. Only
     * ours, because other processes on the machine create and remove theirs while we run.
     */
    private static List<String> ourSharedMemory() {
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm)) {
            return List.of();
        }
        String prefix = "ringlab-" + ProcessHandle.current().pid() + "-";
        return list(shm).stream().filter(name -> name.startsWith(prefix)).toList();
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
            List<String> now = new java.util.ArrayList<>(descriptorTargets());
            List<String> gone = new java.util.ArrayList<>(descriptorTargets);
            for (String t : descriptorTargets) {
                now.remove(t);
            }
            for (String t : descriptorTargets()) {
                gone.remove(t);
            }
            leaks.append("\n  descriptors: ").append(descriptors).append(" before, ").append(fds).append(" after; open now and not before: ")
                    .append(now.isEmpty() ? "(none by name)" : now)
                    .append(gone.isEmpty() ? "" : "; closed since: " + gone);
        }
        List<String> shmNow = ourSharedMemory();
        if (!shmNow.equals(sharedMemory)) {
            leaks.append("\n  /dev/shm: ").append(sharedMemory).append(" before, ").append(shmNow).append(" after");
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

    /** The targets of {@code /proc/self/fd}, sorted (a descriptor's number is reused, its target says what it is). */
    private static List<String> descriptorTargets() {
        Path fd = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fd)) {
            return List.of();
        }
        List<String> targets = new java.util.ArrayList<>();
        for (String n : list(fd)) {
            try {
                targets.add(Files.readSymbolicLink(fd.resolve(n)).toString());
            } catch (IOException | UnsupportedOperationException e) {
                // the descriptor the listing itself used is gone already
            }
        }
        java.util.Collections.sort(targets);
        return targets;
    }

    static List<String> list(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
