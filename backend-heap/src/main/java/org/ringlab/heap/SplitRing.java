package org.ringlab.heap;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.CopyCounters;

/**
 * A plain modulo ring of N bytes. A write crossing the seam is copied in two parts; a claim
 * crossing it is staged in writer scratch and copied in on commit ({@code stagingBytes}); a
 * window crossing it is gathered into reader scratch ({@code gatherBytes}), valid until the
 * next window. Writer and reader use separate scratch, so one of each may run concurrently.
 */
final class SplitRing extends LapViewArenaRing {

    private final ThreadSide writer = new ThreadSide();  // claim scratch, staged flag, stagingBytes
    private final ThreadSide reader = new ThreadSide();  // window scratch, gatherBytes

    SplitRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities) {
        super(strategyName, capacity, capabilities);
    }

    /** Over {@code arena} (tests: a twin that frees at close). */
    SplitRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities,
            java.lang.foreign.Arena arena) {
        super(strategyName, capacity, capabilities, arena);
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return claimAt(writer, ringOffset(position), length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        commitStaged(writer, ringOffset(position), length);
    }

    /** An int across the seam is read in two parts, as {@link #readDirect} copies: no gather, no window. */
    @Override
    protected int readIntDirect(long position) {
        long at = ringOffset(position);
        return at + Integer.BYTES <= capacity ? memory.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, at)
                : readIntAcrossSeam(at);
    }

    /** A copy out needs no gather: the two parts at the seam go straight to the destination. */
    @Override
    protected void readDirect(long position, MemorySegment dst, long dstOffset, long length) {
        copyOut(ringOffset(position), dst, dstOffset, length);
    }

    /**
     * A slice of the read-only view, or across the seam of the reader's scratch after the gather
     * (a method of its own: the path inlined into a drain is the same before and after the first
     * gather). One slice site for both branches: two would merge at the return, and C2's escape
     * analysis then keeps the slice on the heap on every window, not only the gathered ones.
     */
    @Override
    protected MemorySegment windowSegment(long position, long length) {
        long at = ringOffset(position);
        MemorySegment base = readView;
        if (at + length > capacity) {
            base = gather(reader, at, length);
            at = 0;
        }
        return base.asSlice(at, length);
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(0, 0, 0, writer.bytes, reader.bytes);
    }
}
