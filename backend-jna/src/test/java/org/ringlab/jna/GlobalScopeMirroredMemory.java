package org.ringlab.jna;

import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.linux.Libc;

/**
 * BROKEN ON PURPOSE, the twin {@link CloseUnderRunningThreadsTest} must catch: a mirror whose
 * segments are made in the global scope ({@code ofAddress(a).reinterpret(n)}, no arena), so
 * closing it unmaps memory that running threads still reach without any handshake. It breaks
 * the rule of docs/native-access.md ("memory is unmapped only as the cleanup of the shared
 * arena that owns every segment over it"); the race must end its child JVM by SIGSEGV.
 */
@SuppressWarnings("restricted")
public final class GlobalScopeMirroredMemory implements MemoryStrategy {

    @Override
    public String name() {
        return "broken-global-scope-mirror";
    }

    @Override
    public String description() {
        return "mirrored-jna's mapping behind global-scope segments (test twin: unmaps under running threads)";
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM, Capability.MIRRORED,
                Capability.CONCURRENT_READ, Capability.NATIVE);
    }

    @Override
    public long granularity() {
        return JnaLibc.INSTANCE.pageSize();
    }

    @Override
    public Availability availability() {
        return new JnaMirroredMemory().availability();
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        long n = spec.capacity();
        Libc libc = JnaLibc.INSTANCE;
        long h = libc.pageSize();
        int fd = libc.memfdCreate("ringlab-broken", Libc.MFD_CLOEXEC);
        libc.ftruncate(fd, h + n);
        // mirrored-memfd's layout, mapped by hand: no arena owns it, close unmaps at once.
        long base = libc.mmap("mmap(reserve)", 0, h + 2 * n, Libc.PROT_NONE,
                Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS | Libc.MAP_NORESERVE, -1, 0);
        int rw = Libc.PROT_READ | Libc.PROT_WRITE;
        libc.mmap("mmap(view 1)", base, h + n, rw, Libc.MAP_SHARED | Libc.MAP_FIXED, fd, 0);
        libc.mmap("mmap(view 2)", base + h + n, n, rw, Libc.MAP_SHARED | Libc.MAP_FIXED, fd, h);
        libc.close(fd);
        MemorySegment header = MemorySegment.ofAddress(base).reinterpret(h);
        MemorySegment mirror = MemorySegment.ofAddress(base + h).reinterpret(2 * n);
        return new MirroredRingMemory(name(), n, capabilities(), granularity(), header, mirror,
                () -> libc.munmap("munmap(H+2N)", base, h + 2 * n));
    }
}
