package org.ringlab.heap;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.CopyCounters;

/**
 * A plain modulo ring of N bytes. A write crossing the seam is copied in two parts; a claim
 * crossing it is staged in writer scratch and copied in on commit ({@code stagingBytes}); a
 * window crossing it is gathered into reader scratch ({@code gatherBytes}), valid until the
 * next window. Writer and reader use separate scratch, so one of each may run concurrently.
 */
final class SplitRing extends ArenaRingMemory implements org.ringlab.api.LapViewMemory {

    private final ThreadSide writer = new ThreadSide();  // claim scratch, staged flag, stagingBytes
    private final ThreadSide reader = new ThreadSide();  // window scratch, gatherBytes

    SplitRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities) {
        super(strategyName, capacity, capacity, capabilities);
    }

    /** Over {@code arena} (tests: a twin that frees at close). */
    SplitRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities,
            java.lang.foreign.Arena arena) {
        super(strategyName, capacity, capacity, capabilities, arena);
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
        long at = ringOffset(position);
        long first = Math.min(length, capacity - at);
        MemorySegment.copy(memory, at, dst, dstOffset, first);
        if (first < length) {
            MemorySegment.copy(memory, 0, dst, dstOffset + first, length - first);
        }
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        long at = ringOffset(position);
        MemorySegment base = memory;
        if (at + length > capacity) {
            ThreadSide r = reader;
            if (r.scratch == null) {
                r.scratch = newScratch();
            }
            long first = capacity - at;
            MemorySegment.copy(memory, at, r.scratch, 0, first);
            MemorySegment.copy(memory, 0, r.scratch, first, length - first);
            r.bytes += length;
            base = r.scratch;
            at = 0;
        }
        // One slice site for both branches: two would merge at the return, and C2's escape
        // analysis then keeps the slice on the heap on every window, not only the gathered ones.
        return base.asSlice(at, length);
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(0, 0, 0, writer.bytes, reader.bytes);
    }

    // Appended by engineer B (issue 11): LapViewMemory, so that broadcast keeps per-slot segments
    // of the lap instead of a claim or window per record. Both are views of the front arena
    // (DeferredFreeArena), so they throw after close like every segment handed out.

    /** The ring's bytes, {@code capacity} of them: the same segment every lap (see {@link org.ringlab.api.LapViewMemory}). */
    @Override
    public MemorySegment lapView() {
        ensureOpen();
        return memory;
    }

    /** {@code position}'s offset in the lap view: the ring offset. */
    @Override
    public long lapOffset(long position) {
        ensureOpen();
        org.ringlab.api.RingChecks.checkPosition(position, 0);
        return physical(position);
    }
}
