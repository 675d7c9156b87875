package org.ringlab.jna;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.linux.Libc;

/**
 * BROKEN ON PURPOSE, the twin {@link CloseUnderRunningThreadsTest} must catch: a mirror whose
 * segments are made in the global scope ({@code ofAddress(a).reinterpret(n)}, no arena), so
 * closing it unmaps memory that running threads still reach without any handshake. It breaks
 * the rule of docs/native-access.md ("memory is unmapped only as the cleanup of the shared
 * arena that owns every segment over it"); the race must end its child JVM by SIGSEGV.
 */
@SuppressWarnings("restricted")
public final class GlobalScopeMirroredMemory extends HandMappedMirror {

    @Override
    public String name() {
        return "broken-global-scope-mirror";
    }

    @Override
    public String description() {
        return "mirrored-jna's mapping behind global-scope segments (test twin: unmaps under running threads)";
    }

    @Override
    RingMemory wrap(Libc libc, long base, long h, long n) {
        // No arena owns the range: global-scope segments, and close unmaps at once (the bug).
        MemorySegment header = MemorySegment.ofAddress(base).reinterpret(h);
        MemorySegment mirror = MemorySegment.ofAddress(base + h).reinterpret(2 * n);
        return new MirroredRingMemory(name(), n, capabilities(), granularity(), header, mirror,
                () -> libc.munmap("munmap(H+2N)", base, h + 2 * n));
    }
}
