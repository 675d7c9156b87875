package org.ringlab.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.ringlab.growth.ProcSelf;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * What this process holds (mapping lines, descriptors, its ringlab entries in /dev/shm), to check
 * that an operation leaves nothing behind. Comparison is exact; it re-reads a few times first
 * because JVM threads (JIT, GC) may change /proc/self/maps for a moment while we look, and it
 * tells the JVM's own lasting changes (code heap, malloc heaps) apart from ours.
 */
record Resources(List<String> maps, long descriptors, List<String> devShm) {

    static final Path DEV_SHM = Path.of("/dev/shm");
    /**
     * The prefix of this process's entries in /dev/shm (shm names and mkstemp files carry the
     * pid): other processes' ringlab files come and go there and are not our leaks.
     */
    static final String OURS = "ringlab-" + ProcessHandle.current().pid() + "-";

    static Resources take() {
        return new Resources(ProcSelf.mappings(), ProcSelf.openDescriptorCount(), list(DEV_SHM, OURS));
    }

    void assertUnchanged(String context) {
        Resources now = take();
        for (int retry = 0; retry < 20 && !sameCounts(now); retry++) {
            sleep();
            now = take();
        }
        if (!sameCounts(now)) {
            List<String> added = new ArrayList<>(now.maps);
            added.removeAll(maps);
            List<String> removed = new ArrayList<>(maps);
            removed.removeAll(now.maps);
            if (descriptors == now.descriptors && devShm.equals(now.devShm)
                    && ProcSelf.unexplainedMappingChanges(maps, now.maps).isEmpty()) {
                return; // only the JVM's own memory changed meanwhile
            }
            fail(context + ": resources changed: maps " + maps.size() + " -> " + now.maps.size()
                    + ", descriptors " + descriptors + " -> " + now.descriptors
                    + ", /dev/shm " + devShm + " -> " + now.devShm
                    + "\n  maps added: " + added + "\n  maps removed: " + removed);
        }
    }

    /**
     * After {@code cycles} repetitions of an operation that maps {@code bytesPerCycle}: the
     * descriptors and /dev/shm exactly as before, /proc/self/maps within {@link #JVM_DRIFT} lines
     * (the JVM grows its own heap, code cache and malloc arenas meanwhile) and the address space
     * not grown by anything like one leaked mapping per cycle.
     */
    void assertNoLeak(String context, int cycles, long bytesPerCycle) {
        Resources now = take();
        for (int retry = 0; retry < 20 && (now.descriptors != descriptors || !now.devShm.equals(devShm)); retry++) {
            sleep();
            now = take();
        }
        if (now.descriptors != descriptors || !now.devShm.equals(devShm)
                || Math.abs(now.maps.size() - maps.size()) > JVM_DRIFT) {
            fail(context + ": descriptors " + descriptors + " -> " + now.descriptors + ", /dev/shm " + devShm + " -> "
                    + now.devShm + ", maps " + maps.size() + " -> " + now.maps.size());
        }
        // Bytes of the mappings that appeared and that the JVM's own activity does not explain
        // (its malloc heaps and code cache grow by megabytes while thousands of cycles run).
        long grown = ProcSelf.unexplainedMappingChanges(maps, now.maps).stream()
                .filter(line -> line.startsWith("+ "))
                .mapToLong(line -> {
                    String range = line.substring(2).trim().split("\\s+")[0];
                    int dash = range.indexOf('-');
                    return Long.parseUnsignedLong(range.substring(dash + 1), 16)
                            - Long.parseUnsignedLong(range.substring(0, dash), 16);
                })
                .sum();
        if (grown >= cycles * bytesPerCycle / 8) {
            fail(context + ": new mappings of " + grown + " bytes over " + cycles + " cycles of "
                    + bytesPerCycle + " bytes");
        }
    }

    /** Lines of /proc/self/maps the JVM may add or merge by itself while a test runs. */
    static final int JVM_DRIFT = 16;

    private boolean sameCounts(Resources now) {
        return now.maps.size() == maps.size() && now.descriptors == descriptors && now.devShm.equals(devShm);
    }

    /** Bytes of address space mapped: the sum of every {@code /proc/self/maps} range. */
    long mappedBytes() {
        long sum = 0;
        for (String line : maps) {
            String range = line.substring(0, line.indexOf(' '));
            int dash = range.indexOf('-');
            sum += Long.parseUnsignedLong(range.substring(dash + 1), 16) - Long.parseUnsignedLong(range.substring(0, dash), 16);
        }
        return sum;
    }

    /** Names in {@code dir} starting with {@code prefix}, sorted. */
    static List<String> list(Path dir, String prefix) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(25);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
