package org.ringlab.linux;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingSpec;

/**
 * {@code mirrored-memfd}: the seed's Linux ring. An anonymous {@code memfd_create} file of N
 * bytes mapped twice, back to back; N resident bytes, H + 2N of address space (H: the header page). Linux 3.17 and later.
 */
public class MemfdMirroredMemory extends MirroredStrategy {

    public MemfdMirroredMemory() {
        this(Libc.ffm());
    }

    MemfdMirroredMemory(Libc libc) {
        this("mirrored-memfd", "memfd_create file mapped twice back to back (MAP_FIXED) in a 2N PROT_NONE reservation",
                libc);
    }

    /**
     * The same ring under another name through another binding: backend-jna's
     * {@code mirrored-jna} is this class over its JNA {@link Libc}. Not final for that reason only.
     */
    protected MemfdMirroredMemory(String name, String description, Libc libc) {
        super(name, description, libc);
    }

    @Override
    public MemoryStrategy over(Libc other) {
        return new MemfdMirroredMemory(name(), description(), other);
    }

    @Override
    long open(RingSpec spec, long fileSize, Acquired acquired) {
        return openMemfd(acquired);
    }

    /** A new, empty memfd, recorded in {@code acquired}; also the growable variant's file. */
    final long openMemfd(Acquired acquired) {
        acquired.fd = libc.memfdCreate("ringlab", Libc.MFD_CLOEXEC);
        return 0;
    }
}
