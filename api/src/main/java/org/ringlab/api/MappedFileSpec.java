package org.ringlab.api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@link MappedFileStrategy#open} opens: a file laid out as a header region then
 * fixed-size chunks, each mapped when it is first needed.
 *
 * @param path             the file; any directory ({@link #defaultDirectory()} is tmpfs)
 * @param mode             create a new file, or open an existing one for writing or reading
 * @param chunkBytes       size of every chunk; positive and a multiple of the strategy's
 *                         granularity (the page size). The file grows a chunk at a time.
 * @param policies         prefault steps applied, in order, to every chunk this process maps
 * @param backgroundWindow bytes the {@link PrefaultPolicy#BACKGROUND} prefaulter keeps
 *                         populated ahead of the position reported by
 *                         {@link MappedFile#reportPosition(long)}; ignored by other policies
 */
public record MappedFileSpec(Path path, Mode mode, long chunkBytes, List<PrefaultPolicy> policies,
                             long backgroundWindow) {

    /** 4 MiB ahead of the writer unless told otherwise. */
    public static final long DEFAULT_BACKGROUND_WINDOW = 4L << 20;
    /** 1 MiB chunks unless told otherwise. */
    public static final long DEFAULT_CHUNK_BYTES = 1L << 20;

    /** How the file is opened. */
    public enum Mode {
        /** A new file ({@code O_EXCL}: an existing one is refused), sized to the header alone. */
        CREATE,
        /** An existing file, read-write: chunks past its end are added by growing it. */
        OPEN_WRITE,
        /** An existing file, read-only: only chunks that already exist can be mapped. */
        OPEN_READ
    }

    public MappedFileSpec {
        if (path == null) {
            throw new IllegalArgumentException("a file path is required");
        }
        if (mode == null) {
            throw new IllegalArgumentException("an open mode is required (CREATE, OPEN_WRITE or OPEN_READ)");
        }
        if (chunkBytes <= 0) {
            throw new IllegalArgumentException("chunk size must be positive, got " + chunkBytes);
        }
        policies = PrefaultPolicy.checkList(policies);
        if (backgroundWindow <= 0) {
            throw new IllegalArgumentException("background window must be positive, got " + backgroundWindow);
        }
        if (mode == Mode.OPEN_READ && policies.contains(PrefaultPolicy.PREALLOC)) {
            throw new IllegalArgumentException("'prealloc' allocates file blocks and needs write access; "
                    + path + " is opened read-only");
        }
    }

    public static MappedFileSpec create(Path path, long chunkBytes) {
        return new MappedFileSpec(path, Mode.CREATE, chunkBytes, List.of(PrefaultPolicy.NONE), DEFAULT_BACKGROUND_WINDOW);
    }

    public static MappedFileSpec openWrite(Path path, long chunkBytes) {
        return new MappedFileSpec(path, Mode.OPEN_WRITE, chunkBytes, List.of(PrefaultPolicy.NONE),
                DEFAULT_BACKGROUND_WINDOW);
    }

    public static MappedFileSpec openRead(Path path, long chunkBytes) {
        return new MappedFileSpec(path, Mode.OPEN_READ, chunkBytes, List.of(PrefaultPolicy.NONE),
                DEFAULT_BACKGROUND_WINDOW);
    }

    public MappedFileSpec withPolicies(List<PrefaultPolicy> list) {
        return new MappedFileSpec(path, mode, chunkBytes, list, backgroundWindow);
    }

    public MappedFileSpec withBackgroundWindow(long bytes) {
        return new MappedFileSpec(path, mode, chunkBytes, policies, bytes);
    }

    public boolean writable() {
        return mode != Mode.OPEN_READ;
    }

    /** {@code /dev/shm} (tmpfs: seed 004's fast case) when writable, else {@code java.io.tmpdir}. */
    public static Path defaultDirectory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }
}
