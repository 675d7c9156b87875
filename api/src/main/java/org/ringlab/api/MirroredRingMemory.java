package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * A ring on a mirror mapping, whatever made it (memfd, shm, a file, JNA, Windows placeholders):
 * the same N physical bytes appear twice back to back in a 2N segment, so every range of up to
 * N bytes starting in the first view is contiguous. Claims and windows are plain slices,
 * commit has nothing to do, and no byte is ever copied ({@link CopyCounters#ZERO}).
 *
 * <p>The backend hands over the mapping: the header and mirror segments, which must belong
 * to an arena that {@code release} closes (so stale segments throw), and the release action
 * itself (unmap, delete a file it created…), run once by {@link #close()}.
 */
public final class MirroredRingMemory extends RingProtocol implements MirrorViewMemory {

    private final MemorySegment header;
    private final MemorySegment mirror;
    private final Runnable release;

    /**
     * @param capacity N, the ring's capacity
     * @param capabilities what the memory can do (the strategy's capabilities)
     * @param granularity the unit the capacity is a multiple of (the strategy's granularity)
     * @param header   the header region (at least {@link RingMemory#MIN_HEADER_BYTES})
     * @param mirror   the 2N bytes: byte {@code i} and byte {@code i + N} are the same memory
     * @param release  releases the mapping and everything else the ring owns
     */
    public MirroredRingMemory(String strategyName, long capacity, java.util.Set<Capability> capabilities,
                              long granularity, MemorySegment header, MemorySegment mirror, Runnable release) {
        super(strategyName, capacity, capabilities, granularity);
        if (mirror.byteSize() != 2 * capacity) {
            throw new IllegalArgumentException("a mirror of " + mirror.byteSize() + " bytes for a capacity of "
                    + capacity + ": it must be twice the capacity");
        }
        if (header.byteSize() < MIN_HEADER_BYTES) {
            throw new IllegalArgumentException("a header of " + header.byteSize() + " bytes: at least "
                    + MIN_HEADER_BYTES + " are needed");
        }
        this.header = header;
        this.mirror = mirror;
        this.release = release;
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return mirror.asSlice(ringOffset(position), length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        // The bytes are already in both views: same pages.
    }

    @Override
    protected void writeDirect(long position, MemorySegment src) {
        // Straight into the mirror: no slice object on the write path.
        MemorySegment.copy(src, 0, mirror, ringOffset(position), src.byteSize());
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        return mirror.asSlice(ringOffset(position), length);
    }

    /** An aligned word is one release store in the mirror (the same pages twice: no second copy to write). */
    @Override
    protected void writeIntReleaseDirect(long position, int value) {
        writeIntReleaseAt(mirror, ringOffset(position), true, position, value);
    }

    @Override
    protected int readIntAcquireDirect(long position) {
        return readIntAcquireAt(mirror, ringOffset(position), true, position);
    }

    @Override
    protected MemorySegment headerSegment() {
        return header;
    }

    /** The 2N mirror itself: every backend's mirror mapping is such a view. */
    @Override
    public MemorySegment mirrorView() {
        ensureOpen();
        return mirror;
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return CopyCounters.ZERO;
    }

    @Override
    protected void release() {
        release.run();
    }
}
