package org.ringlab.jna;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.AbstractRingMemory;
import org.ringlab.api.CopyCounters;

/**
 * A ring on a {@link JnaMirrorMapping}: every range of up to N bytes starting in the first
 * view is contiguous, so claims and windows are plain slices and nothing is ever copied.
 */
final class JnaMirroredRing extends AbstractRingMemory {

    private final JnaMirrorMapping mapping;
    private final MemorySegment mirror;

    JnaMirroredRing(String strategyName, long capacity, JnaMirrorMapping mapping) {
        super(strategyName, capacity);
        this.mapping = mapping;
        this.mirror = mapping.segment();
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return mirror.asSlice(position % capacity, length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        // The bytes are already in both views: same pages.
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        return mirror.asSlice(position % capacity, length);
    }

    @Override
    protected MemorySegment headerSegment() {
        return mapping.header();
    }

    @Override
    public CopyCounters copyCounters() {
        return CopyCounters.ZERO;
    }

    @Override
    protected void release() {
        mapping.close();
    }
}
