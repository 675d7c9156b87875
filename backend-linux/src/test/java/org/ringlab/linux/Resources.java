package org.ringlab.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.ringlab.api.ProcSelf;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * What this process holds (mapping lines, descriptors, ringlab entries in /dev/shm), to check
 * that an operation leaves nothing behind. Comparison is exact; it re-reads a few times first
 * because JVM threads (JIT, GC) may change /proc/self/maps for a moment while we look, and it
 * tells the JVM's own lasting changes (code heap, malloc heaps) apart from ours.
 */
record Resources(List<String> maps, long descriptors, List<String> devShm) {

    static final Path DEV_SHM = Path.of("/dev/shm");

    static Resources take() {
        return new Resources(ProcSelf.mappings(), ProcSelf.openDescriptorCount(), list(DEV_SHM, "ringlab-"));
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
            List<String> nowMaps = now.maps;
            if (descriptors == now.descriptors && devShm.equals(now.devShm)
                    && added.stream().allMatch(l -> jvmOwn(l, nowMaps) || resplit(l, removed))
                    // A mapping that went away and was anonymous is the JVM freeing memory of its own
                    // (a large malloc, a committed range): our code never unmaps what it did not map.
                    && removed.stream().allMatch(l -> l.trim().split("\\s+").length <= 5 || jvmOwn(l, maps))) {
                return; // only the JVM's own memory changed meanwhile
            }
            fail(context + ": resources changed: maps " + maps.size() + " -> " + now.maps.size()
                    + ", descriptors " + descriptors + " -> " + now.descriptors
                    + ", /dev/shm " + devShm + " -> " + now.devShm
                    + "\n  maps added: " + added + "\n  maps removed: " + removed);
        }
    }

    static final long MALLOC_HEAP = 64L << 20;

    /**
     * A mapping line that is the JVM's, not ours, while a test runs: anonymous executable code
     * (the JIT's code heap growing), or a piece of a glibc malloc heap — those are reserved as
     * 64 MiB-aligned blocks, the rest of the block {@code ---p}, so some line of the block ends
     * exactly on its 64 MiB boundary. Our mappings are named (memfd, /dev/shm, files) or a
     * small reservation that ends on such a boundary only by a one-in-millions chance.
     */
    static boolean jvmOwn(String line, List<String> all) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 5) {
            // [heap], [stack], [anon:…] are the process's own; a file, memfd or /dev/shm name is what we map
            return f[5].startsWith("[");
        }
        if (f[1].contains("x")) {
            return true;
        }
        long block = Long.parseUnsignedLong(f[0].substring(0, f[0].indexOf('-')), 16) & -MALLOC_HEAP;
        return all.stream().anyMatch(other -> {
            String range = other.trim().split("\\s+")[0];
            long start = Long.parseUnsignedLong(range.substring(0, range.indexOf('-')), 16);
            long end = Long.parseUnsignedLong(range.substring(range.indexOf('-') + 1), 16);
            return (start & -MALLOC_HEAP) == block && end == block + MALLOC_HEAP && other.trim().split("\\s+").length <= 5;
        });
    }

    /**
     * An anonymous line that only re-splits an anonymous range of the other side: the JVM
     * committing or uncommitting part of a reservation of its own (metaspace commits 64 KiB
     * granules of its reserved range). What we map is always a range of its own.
     */
    static boolean resplit(String line, List<String> others) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 5) {
            return false;
        }
        long[] r = range(f[0]);
        return others.stream().anyMatch(other -> {
            String[] g = other.trim().split("\\s+");
            if (g.length > 5) {
                return false;
            }
            long[] o = range(g[0]);
            return r[0] < o[1] && o[0] < r[1]; // overlapping address ranges
        });
    }

    private static long[] range(String field) {
        int dash = field.indexOf('-');
        return new long[] {Long.parseUnsignedLong(field.substring(0, dash), 16), Long.parseUnsignedLong(field.substring(dash + 1), 16)};
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
        long grown = now.mappedBytes() - mappedBytes();
        if (grown >= cycles * bytesPerCycle / 8) {
            fail(context + ": the address space grew by " + grown + " bytes over " + cycles + " cycles of "
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
