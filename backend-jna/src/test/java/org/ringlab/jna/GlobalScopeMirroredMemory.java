package org.ringlab.jna;

import java.lang.foreign.MemorySegment;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirroredRingMemory;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

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
        return JnaLibc.pageSize();
    }

    @Override
    public Availability availability() {
        return new JnaMirroredMemory().availability();
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        long n = spec.capacity();
        long h = JnaLibc.pageSize();
        int fd = JnaLibc.memfdCreate("ringlab-broken", JnaLibc.MFD_CLOEXEC);
        JnaLibc.ftruncate(fd, h + n);
        JnaMirrorMapping mapping = JnaMirrorMapping.map(fd, h, n);
        JnaLibc.close(fd);
        MemorySegment header = MemorySegment.ofAddress(mapping.header().address()).reinterpret(h);
        MemorySegment mirror = MemorySegment.ofAddress(mapping.segment().address()).reinterpret(2 * n);
        return new MirroredRingMemory(name(), n, capabilities(), granularity(), header, mirror, mapping::close);
    }
}
