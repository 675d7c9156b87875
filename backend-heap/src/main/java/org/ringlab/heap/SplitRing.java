package org.ringlab.heap;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.CopyCounters;

/**
 * A plain modulo ring of N bytes. A write crossing the seam is copied in two parts; a claim
 * crossing it is staged in writer scratch and copied in on commit ({@code stagingBytes}); a
 * window crossing it is gathered into reader scratch ({@code gatherBytes}), valid until the
 * next window. Writer and reader use separate scratch, so one of each may run concurrently.
 */
final class SplitRing extends ArenaRingMemory {

    private MemorySegment claimScratch;   // writer thread only
    private boolean claimStaged;
    private long stagingBytes;

    private MemorySegment windowScratch;  // reader thread only
    private long gatherBytes;

    SplitRing(String strategyName, long capacity) {
        super(strategyName, capacity, capacity);
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        long at = offset(position);
        claimStaged = at + length > capacity;
        if (!claimStaged) {
            return memory.asSlice(at, length);
        }
        if (claimScratch == null) {
            claimScratch = newScratch();
        }
        return claimScratch.asSlice(0, length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        if (claimStaged) {
            copyIn(claimScratch, 0, offset(position), length);
            stagingBytes += length;
            claimStaged = false;
        }
    }

    @Override
    protected void writeDirect(long position, MemorySegment src) {
        copyIn(src, 0, offset(position), src.byteSize());
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        long at = offset(position);
        if (at + length <= capacity) {
            return memory.asSlice(at, length);
        }
        if (windowScratch == null) {
            windowScratch = newScratch();
        }
        long first = capacity - at;
        MemorySegment.copy(memory, at, windowScratch, 0, first);
        MemorySegment.copy(memory, 0, windowScratch, first, length - first);
        gatherBytes += length;
        return windowScratch.asSlice(0, length);
    }

    @Override
    public CopyCounters copyCounters() {
        return new CopyCounters(0, 0, 0, stagingBytes, gatherBytes);
    }
}
