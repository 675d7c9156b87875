package org.ringlab.linux;

import java.nio.file.Path;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingSpec;

/**
 * {@code mirrored-tmpfile}: the seed's fallback for kernels before 3.17 (no memfd). A file
 * made by {@code mkstemp} in {@link RingSpec#directory()} (default {@code java.io.tmpdir}),
 * unlinked at once, mapped twice back to back. On a disk file system the kernel may write
 * the pages back to disk; use a tmpfs directory to avoid that.
 */
public final class TmpfileMirroredMemory extends MirroredStrategy {

    public TmpfileMirroredMemory() {
        this(Libc.ffm());
    }

    TmpfileMirroredMemory(Libc libc) {
        super("mirrored-tmpfile", "mkstemp file, unlinked at once, mapped twice back to back (pre-3.17 fallback)", libc);
    }

    @Override
    public MemoryStrategy over(Libc other) {
        return new TmpfileMirroredMemory(other);
    }

    @Override
    long open(RingSpec spec, long fileSize, Acquired acquired) {
        createTemporary(directory(spec, Path.of(System.getProperty("java.io.tmpdir"))), acquired);
        libc.unlink(acquired.file);
        acquired.file = null;
        return 0;
    }
}
