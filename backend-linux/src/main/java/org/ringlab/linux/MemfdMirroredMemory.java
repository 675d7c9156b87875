package org.ringlab.linux;

import org.ringlab.api.RingSpec;

/**
 * {@code mirrored-memfd}: the seed's Linux ring. An anonymous {@code memfd_create} file of N
 * bytes mapped twice, back to back; N resident bytes, H + 2N of address space (H: the header page). Linux 3.17 and later.
 */
public final class MemfdMirroredMemory extends MirroredStrategy {

    public MemfdMirroredMemory() {
        super("mirrored-memfd", "memfd_create file mapped twice back to back (MAP_FIXED) in a 2N PROT_NONE reservation");
    }

    @Override
    long open(RingSpec spec, long fileSize, Acquired acquired) {
        return openMemfd(acquired);
    }

    /** A new, empty memfd, recorded in {@code acquired}; also the growable variant's file. */
    static long openMemfd(Acquired acquired) {
        acquired.fd = LinuxLibc.memfdCreate("ringlab", LinuxLibc.MFD_CLOEXEC);
        return 0;
    }
}
