package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.linux.Libc;
import org.ringlab.api.support.DeferredUnmap;

/**
 * BROKEN ON PURPOSE, the twin {@link DeferredUnmapTest} must catch: mirrored-jna's mapping,
 * owned by a shared arena as it should be, but its cleanup unmaps right after the arena's
 * close handshake, ignoring the queue handles' in-flight sequences (no {@code DeferredUnmap}):
 * the range is gone while a handle is still inside an operation.
 */
@SuppressWarnings("restricted")
public final class EagerUnmapMirroredMemory extends HandMappedMirror {

    @Override
    public String name() {
        return "broken-eager-unmap-mirror";
    }

    @Override
    public String description() {
        return "mirrored-jna's mapping unmapped at once on close (test twin: ignores handles in flight)";
    }

    @Override
    RingMemory wrap(Libc libc, long base, long h, long n) {
        long size = h + 2 * n;
        Arena arena = Arena.ofShared();
        MemorySegment whole = MemorySegment.ofAddress(base).reinterpret(size, arena,
                ignored -> libc.munmap("munmap", base, size)); // the bug: no wait for handles in flight
        return new MirroredRingMemory(name(), n, capabilities(), granularity(), whole.asSlice(0, h),
                whole.asSlice(h, 2 * n), arena::close);
    }
}
