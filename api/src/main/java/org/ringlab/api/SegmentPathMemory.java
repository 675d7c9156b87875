package org.ringlab.api;

/**
 * A {@link RingMemory} reached only through {@link #claim}, {@link #commit} and
 * {@link #window}: the strategy does its mechanism there (writes a mirror copy, stages a claim
 * across the seam and copies it in, gathers a window across the seam into scratch, rotates
 * the ring). A queue on such memory writes only between a claim and its commit, from one
 * thread, and reads only through windows; with {@link Capability#CONCURRENT_READ} one other
 * thread may read windows meanwhile.
 *
 * <p>Third-party strategies are of this kind: extend {@link AbstractRingMemory}.
 */
public non-sealed interface SegmentPathMemory extends RingMemory {
}
