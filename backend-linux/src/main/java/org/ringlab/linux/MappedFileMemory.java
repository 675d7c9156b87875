package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.Availability;
import org.ringlab.api.support.ProbedAvailability;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;

/**
 * {@code mapped-file}: seed 004's growing shared file, as a {@link MappedFileStrategy}. A file
 * in any directory (default {@code /dev/shm}, i.e. tmpfs; a disk directory works the same,
 * with page-cache write-back behind it) laid out as a header page and fixed-size chunks, each
 * chunk mapped {@code MAP_SHARED} when first used and prefaulted by the
 * {@link PrefaultPolicy policy} list, in order.
 *
 * <p>Not a {@code MemoryStrategy}: a {@code RingMemory} is a ring of fixed capacity whose
 * positions wrap, while this memory is an append-only file that grows and never wraps; forcing
 * it into the ring contract would need a mirror (that is {@code mirrored-file}) or copies at
 * the seam. Queues reach it through {@link org.ringlab.api.Registries#mappedFiles()}.
 */
public final class MappedFileMemory implements MappedFileStrategy, BoundToLibc<MappedFileStrategy> {

    public static final String NAME = "mapped-file";

    /** The FFM binding in production; tests rebuild the strategy over a decorated one ({@link #over}). */
    private final Libc libc;
    private final ProbedAvailability availability = new ProbedAvailability(NAME, this::probe);
    private final Map<Path, Availability> prealloc = new ConcurrentHashMap<>();

    public MappedFileMemory() {
        this(Libc.ffm());
    }

    private MappedFileMemory(Libc libc) {
        this.libc = libc;
    }

    @Override
    public Libc libc() {
        return libc;
    }

    /** The same strategy over {@code other}: every file it opens and every chunk it maps call it. */
    @Override
    public MappedFileStrategy over(Libc other) {
        return new MappedFileMemory(other);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "file in any directory (default /dev/shm) mapped in chunks as it grows; prefault policies "
                + String.join(", ", List.of(PrefaultPolicy.values()).stream().map(PrefaultPolicy::id).toList());
    }

    @Override
    public Availability availability() {
        return availability.get();
    }

    @Override
    public long granularity() {
        availability().ensureAvailable(NAME);
        return libc.pageSize();
    }

    @Override
    public Availability policyAvailability(PrefaultPolicy policy, Path directory) {
        Availability base = availability();
        if (!base.isAvailable()) {
            return base;
        }
        Path dir = directory.toAbsolutePath();
        if (!Files.isDirectory(dir)) {
            return Availability.unavailable(policy.id() + ": directory " + dir + " does not exist");
        }
        return switch (policy) {
            case HUGE -> HugePages.availability(dir);
            case PREALLOC -> prealloc.computeIfAbsent(dir, this::probePrealloc);
            default -> Availability.available();
        };
    }

    @Override
    public MappedFile open(MappedFileSpec spec) {
        availability().ensureAvailable(NAME);
        return ChunkedFile.open(libc, NAME, spec);
    }

    @Override
    public String toString() {
        return NAME;
    }

    /** fallocate needs file-system support (tmpfs, ext4, xfs have it; some do not). */
    private Availability probePrealloc(Path dir) {
        return LinuxFaults.withoutFaults(() -> Availability.probe("prealloc probe (fallocate one page in " + dir + ")",
                () -> {
                    Libc.TempFile temp = libc.mkstemp(dir.resolve("ringlab-probe-XXXXXX").toString());
                    Cleanup.runAll(null, () -> libc.unlink(temp.path()),
                            () -> libc.fallocate(temp.fd(), 0, 0, libc.pageSize()),
                            () -> libc.close(temp.fd()));
                }));
    }

    /** Real calls, never a test fault: create a file, map two chunks, write and read back, remove it. */
    private Availability probe() {
        String os = System.getProperty("os.name", "");
        if (!os.startsWith("Linux")) {
            return Availability.unavailable(NAME + " needs Linux (mmap, fallocate, madvise), this is " + os);
        }
        return LinuxFaults.withoutFaults(() -> Availability.probe(NAME + " probe (create a file in "
                + MappedFileSpec.defaultDirectory() + ", map two chunks, write, read back)", () -> {
                    Path path = MappedFileSpec.defaultDirectory().resolve("ringlab-probe-" + ProcessHandle.current().pid()
                            + "-" + System.nanoTime());
                    long page = libc.pageSize();
                    try (MappedFile file = ChunkedFile.open(libc, NAME, MappedFileSpec.create(path, page))) {
                        file.chunk(1).set(ValueLayout.JAVA_LONG, 0, 0x5A5AL);
                        MemorySegment again = file.chunk(1);
                        if (again.get(ValueLayout.JAVA_LONG, 0) != 0x5A5AL || file.fileSize() != page * 3) {
                            throw new IllegalStateException("chunk 1 reads back wrong or the file is " + file.fileSize()
                                    + " bytes instead of " + page * 3);
                        }
                    } finally {
                        if (Files.exists(path)) { // a failed create removed it already
                            libc.unlink(path.toString());
                        }
                    }
                }));
    }
}
