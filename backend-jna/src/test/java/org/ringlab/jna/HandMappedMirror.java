package org.ringlab.jna;

import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.linux.Libc;

/**
 * What the close-race broken twins share: mirrored-memfd's layout (a header page, then the
 * N-byte file mapped twice) mapped by hand through {@link JnaLibc}, not through
 * {@code MirrorMapping}, so that each twin can own and unmap the range the wrong way its test
 * must catch ({@link #wrap}).
 */
abstract class HandMappedMirror implements MemoryStrategy {

    /** The H + 2N range at {@code base}: header {@code h} bytes, then the 2N mirror view. */
    abstract RingMemory wrap(Libc libc, long base, long h, long n);

    @Override
    public final Set<Capability> capabilities() {
        return Set.of(Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM, Capability.MIRRORED,
                Capability.CONCURRENT_READ, Capability.NATIVE);
    }

    @Override
    public final long granularity() {
        return JnaLibc.INSTANCE.pageSize();
    }

    @Override
    public final Availability availability() {
        return new JnaMirroredMemory().availability();
    }

    @Override
    public final RingMemory allocate(RingSpec spec) {
        long n = spec.capacity();
        Libc libc = JnaLibc.INSTANCE;
        long h = libc.pageSize();
        int fd = libc.memfdCreate("ringlab-" + name(), Libc.MFD_CLOEXEC);
        libc.ftruncate(fd, h + n);
        long base = libc.mmap("mmap(reserve)", 0, h + 2 * n, Libc.PROT_NONE,
                Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS | Libc.MAP_NORESERVE, -1, 0);
        int rw = Libc.PROT_READ | Libc.PROT_WRITE;
        libc.mmap("mmap(view 1)", base, h + n, rw, Libc.MAP_SHARED | Libc.MAP_FIXED, fd, 0);
        libc.mmap("mmap(view 2)", base + h + n, n, rw, Libc.MAP_SHARED | Libc.MAP_FIXED, fd, h);
        libc.close(fd);
        return wrap(libc, base, h, n);
    }
}
