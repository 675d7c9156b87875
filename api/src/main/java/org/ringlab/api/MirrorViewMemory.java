package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * A {@link RingMemory} on a mirror mapping: the same N physical bytes appear twice back to
 * back, so a queue may keep its own positions and read and write the 2N
 * {@link #mirrorView() view} in place, with no claim, commit or window per record.
 * {@link MirroredRingMemory} is the implementation every mirrored backend hands its mapping to;
 * a growable ring is never one (a grow would unmap the view).
 */
public non-sealed interface MirrorViewMemory extends RingMemory {

    /**
     * The whole ring as one segment of {@code 2 × capacity()} bytes in which the bytes of
     * position {@code p} start at offset {@code p mod capacity()} and run on contiguously for up
     * to {@code capacity()} bytes, written and read in place with nothing to commit. Writes
     * through it are visible through every view and every window: same pages. The segment
     * belongs to the ring, so it throws after {@link #close()}, and so does this method.
     */
    MemorySegment mirrorView();
}
