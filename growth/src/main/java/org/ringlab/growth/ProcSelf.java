package org.ringlab.growth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.ringlab.api.support.DeferredUnmap;

/**
 * What {@code /proc/self} says about this process: mappings and descriptors (for leak
 * checks) and resident memory (for the physical-memory figures). The project's RSS
 * accounting: plain Java reading of files; on a system without {@code /proc} every method
 * throws {@link UnsupportedOperationException}.
 *
 * <h2>Current and peak</h2>
 * {@link #vmRssBytes()} is the resident memory now, {@link #vmHwmBytes()} its peak ("high
 * water mark"). The kernel keeps one peak per process, from its start, so a measurement that
 * wants the peak of one operation must bracket it:
 * <ol>
 *   <li>in this process: {@link #bracketPeak()} writes {@code 5} to
 *       {@code /proc/self/clear_refs} (Linux 4.0+, allowed for one's own process, no root
 *       needed), which resets the peak to the current RSS, and remembers that RSS as the
 *       baseline; {@link PeakBracket#peakGrowthBytes()} is then the peak of the operation
 *       above it. Where the reset is refused, {@link PeakBracket#peakReset()} is false and the
 *       figure is only an upper bound (it may be the JVM's own start-up peak);</li>
 *   <li>in a fresh process: run the operation in a child JVM that does nothing else, so that
 *       the peaks of different measurements cannot mix (what {@code ringlab compare
 *       --experiment growth} does, and it still brackets inside the child to leave the JVM's
 *       start-up peak out).</li>
 * </ol>
 * The kernel samples the peak when pages are unmapped or zapped, and reports the larger of
 * that and the current RSS, so a copy-then-free peak is caught although it lasts a moment.
 *
 * <h2>Pages mapped twice</h2>
 * {@code VmRSS} (and {@code Rss}) count a page once per mapping, so a page mapped twice counts
 * twice. {@code Pss} divides each page by the number of times it is mapped, so a mirrored page
 * counts once: {@link #pssBytes()} is the figure that tells physical memory held.
 *
 * <h2>One mapping</h2>
 * {@link #mappingAt(long)} and {@link #residentBytes(long, long)} read
 * {@code /proc/self/smaps}: the resident size of the kernel's mapping(s) (VMAs) around an
 * address. A VMA is the unit: an address range split by different permissions (a reservation
 * partly committed) is several VMAs, and adjacent compatible ranges may be merged into one.
 */
public final class ProcSelf {

    private static final Path PROC_SELF = Path.of("/proc/self");
    /** {@code clear_refs} value that resets the peak RSS ({@code VmHWM}) to the current RSS. */
    private static final String RESET_PEAK = "5";

    private ProcSelf() {
    }

    public static boolean isSupported() {
        return Files.isReadable(PROC_SELF.resolve("maps"));
    }

    /**
     * Number of lines of {@code /proc/self/maps}: one per mapping. Like {@link #mappings()},
     * read once no unmap is deferred for a queue handle still inside an operation.
     */
    public static long mappingCount() {
        awaitDeferredUnmaps();
        return readLines("maps").size();
    }

    /**
     * Lines of {@code /proc/self/maps}, read once no unmap is deferred ({@link DeferredUnmap}:
     * memory closed while a queue handle was inside an operation is unmapped when the handle
     * leaves, a fraction of a millisecond later), waiting at most 10 s for that, so that leak
     * checks compare settled address spaces.
     */
    public static List<String> mappings() {
        awaitDeferredUnmaps();
        return readLines("maps");
    }

    private static void awaitDeferredUnmaps() {
        try {
            DeferredUnmap.awaitAll(java.time.Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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

    /** {@code VmRSS}: resident memory now, a page mapped twice counted twice. */
    public static long vmRssBytes() {
        return kibField("status", "VmRSS:");
    }

    /** {@code VmHWM}: the peak of {@code VmRSS} since the process started or since {@link #resetPeak()}. */
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

    /**
     * Resets the peak ({@code VmHWM}) to the current RSS by writing {@code 5} to
     * {@code /proc/self/clear_refs}. Returns false when the kernel refuses (no such file, no
     * permission, a kernel before 4.0); the peak is then the process's peak since its start.
     */
    public static boolean resetPeak() {
        requireSupported();
        try {
            Files.writeString(PROC_SELF.resolve("clear_refs"), RESET_PEAK);
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /**
     * Starts bracketing a measurement's peak: resets the peak where allowed and records the
     * current RSS as the baseline. Take it right before the operation; read
     * {@link PeakBracket#peakGrowthBytes()} right after it, before freeing what it built.
     */
    public static PeakBracket bracketPeak() {
        boolean reset = resetPeak();
        return new PeakBracket(vmRssBytes(), reset);
    }

    /**
     * The baseline of one peak measurement.
     *
     * @param baselineBytes {@code VmRSS} when the bracket was opened
     * @param peakReset     whether {@code VmHWM} was reset then; if not, {@link #peakGrowthBytes()}
     *                      is only an upper bound
     */
    public record PeakBracket(long baselineBytes, boolean peakReset) {

        /** {@code VmHWM} now: the peak since the bracket opened (since the process started if not reset). */
        public long peakBytes() {
            return vmHwmBytes();
        }

        /** How far the peak rose above the baseline. */
        public long peakGrowthBytes() {
            return peakBytes() - baselineBytes;
        }
    }

    /**
     * One mapping (VMA) of {@code /proc/self/smaps}.
     *
     * @param start       first address
     * @param end         address after the last byte
     * @param permissions {@code rwxp}-style, e.g. {@code rw-p} or {@code ---p}
     * @param name        the path, {@code [heap]}, {@code /memfd:ringlab (deleted)}, or "" for anonymous memory
     * @param rssBytes    resident bytes of this mapping
     * @param pssBytes    its proportional share (a page mapped k times counts 1/k)
     */
    public record Mapping(long start, long end, String permissions, String name, long rssBytes, long pssBytes) {

        public long sizeBytes() {
            return end - start;
        }

        public boolean contains(long address) {
            return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
        }

        boolean overlaps(long from, long to) {
            return Long.compareUnsigned(start, to) < 0 && Long.compareUnsigned(from, end) < 0;
        }
    }

    /** Every mapping with its resident size, in address order. */
    public static List<Mapping> smaps() {
        List<Mapping> result = new ArrayList<>();
        String[] header = null;
        long rss = 0;
        long pss = 0;
        for (String line : readLines("smaps")) {
            if (isMappingHeader(line)) {
                if (header != null) {
                    result.add(mapping(header, rss, pss));
                }
                header = line.split("\\s+", 6);
                rss = 0;
                pss = 0;
            } else if (line.startsWith("Rss:")) {
                rss = kib(line, "Rss:");
            } else if (line.startsWith("Pss:")) {
                pss = kib(line, "Pss:");
            }
        }
        if (header != null) {
            result.add(mapping(header, rss, pss));
        }
        return result;
    }

    /** The mapping that contains {@code address}, if any. */
    public static Optional<Mapping> mappingAt(long address) {
        return smaps().stream().filter(m -> m.contains(address)).findFirst();
    }

    /**
     * Resident bytes ({@code Rss}) of every mapping that overlaps {@code [address, address + length)},
     * whole mappings counted (the kernel gives no finer figure here). A range that is exactly
     * one's own mappings (a mirrored ring, a reservation) gives their exact resident size.
     */
    public static long residentBytes(long address, long length) {
        if (length <= 0) {
            throw new IllegalArgumentException("length must be positive, got " + length);
        }
        long end = address + length;
        return smaps().stream().filter(m -> m.overlaps(address, end)).mapToLong(Mapping::rssBytes).sum();
    }

    // "7f0e2c000000-7f0e2c021000 rw-p 00000000 00:00 0    [name]": the only lines starting with a hex range.
    private static boolean isMappingHeader(String line) {
        int dash = line.indexOf('-');
        int space = line.indexOf(' ');
        return dash > 0 && space > dash && Character.digit(line.charAt(0), 16) >= 0
                && line.chars().limit(dash).allMatch(c -> Character.digit(c, 16) >= 0);
    }

    private static Mapping mapping(String[] header, long rss, long pss) {
        String range = header[0];
        int dash = range.indexOf('-');
        return new Mapping(Long.parseUnsignedLong(range.substring(0, dash), 16),
                Long.parseUnsignedLong(range.substring(dash + 1), 16), header[1],
                header.length > 5 ? header[5].trim() : "", rss, pss);
    }

    /** glibc reserves each malloc heap as a 64 MiB-aligned block. */
    private static final long MALLOC_HEAP = 64L << 20;

    /**
     * The lines of {@code /proc/self/maps} that changed between {@code before} and {@code after}
     * and that the JVM's own activity does not explain: what a leak check must look at. The JVM
     * maps and unmaps while any test runs, so these are set aside: anonymous executable code
     * (the JIT's code heap), pieces of a glibc malloc heap (a 64 MiB-aligned block, some line of
     * which ends on the block boundary), anonymous lines that only re-split an anonymous range
     * that was already there (metaspace committing granules of its reservation), the process's
     * own {@code [heap]}, {@code [stack]} and {@code [anon:…]}, and anonymous lines that went
     * away (the JVM freeing memory of its own: a leak check's code never unmaps what it did not
     * map). A named mapping (a file, memfd, /dev/shm) or a new anonymous range is reported.
     */
    public static List<String> unexplainedMappingChanges(List<String> before, List<String> after) {
        List<String> added = new java.util.ArrayList<>(after);
        added.removeAll(before);
        List<String> removed = new java.util.ArrayList<>(before);
        removed.removeAll(after);
        List<String> unexplained = new java.util.ArrayList<>();
        for (String line : added) {
            if (!processOwn(line, after) && !overlapsAnonymous(line, removed)) {
                unexplained.add("+ " + line);
            }
        }
        for (String line : removed) {
            if (fields(line).length > 5 && !processOwn(line, before)) {
                unexplained.add("- " + line);
            }
        }
        return unexplained;
    }

    private static String[] fields(String line) {
        return line.trim().split("\\s+");
    }

    private static long[] range(String line) {
        String field = fields(line)[0];
        int dash = field.indexOf('-');
        return new long[] {Long.parseUnsignedLong(field.substring(0, dash), 16),
                Long.parseUnsignedLong(field.substring(dash + 1), 16)};
    }

    private static boolean processOwn(String line, List<String> all) {
        String[] f = fields(line);
        if (f.length > 5) {
            return f[5].startsWith("[");
        }
        if (f[1].contains("x")) {
            return true;
        }
        long block = range(line)[0] & -MALLOC_HEAP;
        return all.stream().anyMatch(other -> fields(other).length <= 5
                && (range(other)[0] & -MALLOC_HEAP) == block && range(other)[1] == block + MALLOC_HEAP);
    }

    private static boolean overlapsAnonymous(String line, List<String> others) {
        if (fields(line).length > 5) {
            return false;
        }
        long[] r = range(line);
        return others.stream().anyMatch(other -> {
            if (fields(other).length > 5) {
                return false;
            }
            long[] o = range(other);
            return r[0] < o[1] && o[0] < r[1];
        });
    }

    private static long kibField(String file, String field) {
        for (String line : readLines(file)) {
            if (line.startsWith(field)) {
                return kib(line, field);
            }
        }
        throw new IllegalStateException("/proc/self/" + file + " has no " + field + " line");
    }

    private static long kib(String line, String field) {
        String[] parts = line.substring(field.length()).trim().split("\\s+");
        return Long.parseLong(parts[0]) * 1024;
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
