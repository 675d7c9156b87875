package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.ringlab.linux.Libc.MAP_ANONYMOUS;
import static org.ringlab.linux.Libc.MAP_FIXED;
import static org.ringlab.linux.Libc.MAP_NORESERVE;
import static org.ringlab.linux.Libc.MAP_PRIVATE;
import static org.ringlab.linux.Libc.MAP_SHARED;
import static org.ringlab.linux.Libc.PROT_NONE;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

/**
 * BROKEN ON PURPOSE, the twin {@link DeferredUnmapTest} must catch: mirrored-jna's mapping,
 * owned by a shared arena as it should be, but its cleanup unmaps right after the arena's
 * close handshake, ignoring the queue handles' in-flight sequences (no {@code DeferredUnmap}):
 * the range is gone while a handle is still inside an operation.
 */
@SuppressWarnings("restricted")
public final class EagerUnmapMirroredMemory implements MemoryStrategy {

    @Override
    public String name() {
        return "broken-eager-unmap-mirror";
    }

    @Override
    public String description() {
        return "mirrored-jna's mapping unmapped at once on close (test twin: ignores handles in flight)";
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
        long h = JnaLibc.INSTANCE.pageSize();
        long size = h + 2 * n;
        int fd = JnaLibc.INSTANCE.memfdCreate("ringlab-eager", org.ringlab.linux.Libc.MFD_CLOEXEC);
        JnaLibc.INSTANCE.ftruncate(fd, h + n);
        long base = JnaLibc.INSTANCE.mmap("reserve", 0, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        JnaLibc.INSTANCE.mmap("view 1", base, h + n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
        JnaLibc.INSTANCE.mmap("view 2", base + h + n, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, h);
        JnaLibc.INSTANCE.close(fd);
        Arena arena = Arena.ofShared();
        MemorySegment whole = MemorySegment.ofAddress(base).reinterpret(size, arena,
                ignored -> JnaLibc.INSTANCE.munmap("munmap", base, size)); // the bug: no wait for handles in flight
        return new MirroredRingMemory(name(), n, capabilities(), granularity(), whole.asSlice(0, h),
                whole.asSlice(h, 2 * n), arena::close);
    }
}
