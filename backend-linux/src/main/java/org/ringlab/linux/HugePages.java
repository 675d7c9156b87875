package org.ringlab.linux;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.Availability;

import static org.ringlab.linux.Libc.MAP_SHARED;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

/**
 * Whether {@code MADV_HUGEPAGE} gives 2 MiB pages to a shared file mapping in a directory,
 * found the Netty way: by a real call. A 4 MiB file is made there, mapped, advised and
 * touched, and {@code /proc/self/smaps} must then show PMD-mapped pages for it. When it does
 * not, the reason says what the kernel's settings and the mount say (tmpfs needs
 * {@code huge=} on the mount or {@code shmem_enabled} at {@code force}; disk file systems need a
 * kernel that maps their large folios huge, as 6.x does for ext4 and xfs). Results are kept
 * per mount.
 */
final class HugePages {

    /** The FFM binding: no JNA variant of this exists, so it is not made over another. */
    private static final Libc LIBC = Libc.ffm();

    private static final long PROBE_BYTES = 4L << 20;
    private static final Path SHMEM_ENABLED = Path.of("/sys/kernel/mm/transparent_hugepage/shmem_enabled");
    private static final Pattern MAPPING_LINE = Pattern.compile("[0-9a-f]+-[0-9a-f]+ ");
    private static final Map<String, Availability> BY_MOUNT = new ConcurrentHashMap<>();

    private HugePages() {
    }

    static Availability availability(Path directory) {
        Mount mount = Mount.of(directory.toAbsolutePath());
        return BY_MOUNT.computeIfAbsent(mount.point + " " + mount.type, k -> probe(directory, mount));
    }

    private static Availability probe(Path directory, Mount mount) {
        String settings = "file system " + mount.type + " at " + mount.point + " (options " + mount.options
                + "), shmem_enabled " + read(SHMEM_ENABLED);
        try {
            long pmdKib = LinuxFaults.withoutFaults(() -> probeMapping(directory));
            if (pmdKib > 0) {
                return Availability.available();
            }
            String why = mount.type.equals("tmpfs")
                    ? "tmpfs gives huge pages only when mounted with huge=always|within_size|advise or when "
                    + "shmem_enabled is [force]"
                    : mount.type + " pages were not mapped as 2 MiB pages by this kernel (it needs large folios for "
                    + mount.type + " and transparent_hugepage/enabled at madvise or always)";
            return Availability.unavailable("huge: MADV_HUGEPAGE was accepted but no 2 MiB page was mapped "
                    + "(smaps PmdMapped 0 kB): " + why + "; " + settings);
        } catch (RuntimeException e) {
            return Availability.unavailable("huge: probe in " + directory + " failed: " + e.getMessage() + "; "
                    + settings, e);
        }
    }

    /** kB of PMD-mapped pages of a 4 MiB file in {@code directory} after MADV_HUGEPAGE and a touch. */
    @SuppressWarnings("restricted") // a raw mapping address, bounded to the probe's size
    private static long probeMapping(Path directory) {
        Libc.TempFile temp = LIBC.mkstemp(directory.resolve("ringlab-hugeprobe-XXXXXX").toString());
        long address = 0;
        try {
            LIBC.unlink(temp.path());
            LIBC.ftruncate(temp.fd(), PROBE_BYTES);
            address = LIBC.mmap("mmap(huge page probe)", 0, PROBE_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
                    temp.fd(), 0);
            LIBC.madvise("madvise(MADV_HUGEPAGE probe)", address, PROBE_BYTES, Libc.MADV_HUGEPAGE);
            // The probe's segment belongs to an arena closed before the unmap (docs/native-access.md).
            try (Arena touch = Arena.ofConfined()) {
                MemorySegment s = MemorySegment.ofAddress(address).reinterpret(PROBE_BYTES, touch, null);
                for (long off = 0; off < PROBE_BYTES; off += 4096) {
                    s.set(ValueLayout.JAVA_BYTE, off, (byte) 1);
                }
            }
            return pmdMappedKib(address);
        } finally {
            long mapped = address;
            Cleanup.runAll(null, () -> {
                if (mapped != 0) {
                    LIBC.munmap("munmap(huge page probe)", mapped, PROBE_BYTES);
                }
            }, () -> LIBC.close(temp.fd()));
        }
    }

    private static long pmdMappedKib(long address) {
        String start = Long.toHexString(address);
        boolean inMapping = false;
        long kib = 0;
        for (String line : lines(Path.of("/proc/self/smaps"))) {
            if (MAPPING_LINE.matcher(line).lookingAt()) {
                inMapping = line.startsWith(start + "-");
                continue;
            }
            if (inMapping && (line.startsWith("ShmemPmdMapped:") || line.startsWith("FilePmdMapped:"))) {
                kib += Long.parseLong(line.substring(line.indexOf(':') + 1).trim().split("\\s+")[0]);
            }
        }
        return kib;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    /** The mount a path lives on: the longest mount point in /proc/self/mounts that contains it. */
    private record Mount(String point, String type, String options) {
        static Mount of(Path path) {
            Mount best = new Mount("/", "unknown", "unknown");
            String p = path.normalize().toString();
            for (String line : lines(Path.of("/proc/self/mounts"))) {
                String[] f = line.split(" ");
                if (f.length < 4) {
                    continue;
                }
                String point = f[1].replace("\\040", " ");
                boolean contains = p.equals(point) || p.startsWith(point.endsWith("/") ? point : point + "/");
                if (contains && point.length() >= best.point.length()) {
                    best = new Mount(point, f[2], f[3]);
                }
            }
            return best;
        }
    }
}
