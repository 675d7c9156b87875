package org.ringlab.linux;

import java.nio.file.Files;
import java.nio.file.Path;

import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingSpec;

import static org.ringlab.linux.Libc.O_CLOEXEC;
import static org.ringlab.linux.Libc.O_CREAT;
import static org.ringlab.linux.Libc.O_EXCL;
import static org.ringlab.linux.Libc.O_RDWR;

/**
 * {@code mirrored-file}: a named file mapped twice back to back, so another process can map
 * the same bytes by path.
 *
 * <p>With {@link RingSpec#file()}: the file is created (mode 0600) or attached to. A new or
 * empty file is sized to the capacity; an existing file of another size is refused. The file
 * is kept on close (it is the shared, persistent state), but removed if this call created it
 * and the allocation fails. Without it: a unique file in {@link RingSpec#directory()} (default
 * {@code /dev/shm} when writable, else {@code java.io.tmpdir}), deleted on close.
 */
public final class FileMirroredMemory extends MirroredStrategy {

    private static final Path DEV_SHM = Path.of("/dev/shm");

    public FileMirroredMemory() {
        this(Libc.ffm());
    }

    FileMirroredMemory(Libc libc) {
        super("mirrored-file", "named file (shareable by path) mapped twice back to back in a 2N PROT_NONE reservation",
                libc, Capability.SHARED_BETWEEN_PROCESSES, Capability.PERSISTENT);
    }

    @Override
    public MemoryStrategy over(Libc other) {
        return new FileMirroredMemory(other);
    }

    @Override
    long open(RingSpec spec, long fileSize, Acquired acquired) {
        if (spec.file() == null) {
            createTemporary(directory(spec, defaultDirectory()), acquired);
            acquired.removeOnClose = acquired.file;
            return 0;
        }
        Path path = spec.file().toAbsolutePath();
        requireWritableDirectory(path.getParent());
        String file = path.toString();
        try {
            // O_EXCL tells whether this call made the file, and so whether a failure must remove it.
            acquired.fd = libc.open("open(create " + file + ")", file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            acquired.file = file;
            return 0;
        } catch (NativeCallException e) {
            if (e.errno() != Libc.EEXIST) {
                throw e;
            }
        }
        acquired.fd = libc.open("open(existing " + file + ")", file, O_RDWR | O_CLOEXEC, 0);
        long size = libc.fileSize(acquired.fd);
        if (size != 0 && size != fileSize) {
            throw new IllegalArgumentException(name() + ": " + file + " has " + size + " bytes but the ring needs "
                    + fileSize + " (a header page + the capacity); an existing file must be empty or exactly that");
        }
        return size;
    }

    private static Path defaultDirectory() {
        return Files.isDirectory(DEV_SHM) && Files.isWritable(DEV_SHM) ? DEV_SHM
                : Path.of(System.getProperty("java.io.tmpdir"));
    }
}
