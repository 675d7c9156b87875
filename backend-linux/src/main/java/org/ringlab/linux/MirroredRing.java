package org.ringlab.linux;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.AbstractRingMemory;
import org.ringlab.api.CopyCounters;

/**
 * A ring on a {@link MirrorMapping}: every range of up to N bytes starting anywhere in the
 * first view is contiguous, so claims and windows are plain slices and nothing is ever copied.
 * Capacity is any page multiple (no power-of-two mask).
 */
final class MirroredRing extends AbstractRingMemory {

    private final MirrorMapping mapping;
    private final MemorySegment mirror;
    private final String removeOnClose;

    /** {@code removeOnClose}: a file this ring created and must delete on close, or null. */
    MirroredRing(String strategyName, long capacity, MirrorMapping mapping, String removeOnClose) {
        super(strategyName, capacity);
        this.mapping = mapping;
        this.mirror = mapping.segment();
        this.removeOnClose = removeOnClose;
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
    protected void writeDirect(long position, MemorySegment src) {
        // Straight into the mirror: no slice object on the write path.
        MemorySegment.copy(src, 0, mirror, position % capacity, src.byteSize());
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
        Cleanup.runAll(null, mapping::close, () -> {
            if (removeOnClose != null) {
                LinuxLibc.unlink(removeOnClose);
            }
        });
    }
}
