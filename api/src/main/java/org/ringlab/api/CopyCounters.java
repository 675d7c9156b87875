package org.ringlab.api;

/**
 * Exact count of the bytes a {@link RingMemory} moved beyond the one copy of the caller's
 * data, so that copy amplification is reported, not only timed. What each strategy adds:
 *
 * <table>
 *   <caption>Extra bytes per strategy</caption>
 *   <tr><th>strategy</th><th>mirrorBytes</th><th>rotationBytes</th><th>stagingBytes</th><th>gatherBytes</th><th>growthBytes</th></tr>
 *   <tr><td>mirrored</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td></tr>
 *   <tr><td>mirrored, growable</td><td>0</td><td>0</td><td>0</td><td>0</td><td>the smaller part of a wrapped live range that fits, per grow</td></tr>
 *   <tr><td>doubled</td><td>every committed byte (the second insertion)</td><td>0</td><td>0</td><td>0</td><td>0</td></tr>
 *   <tr><td>linearize</td><td>0</td><td>capacity plus the part parked per rotation</td><td>claims crossing the seam</td><td>windows crossing the seam while a claim is held in place (no rotation then)</td><td>0</td></tr>
 *   <tr><td>split</td><td>0</td><td>0</td><td>claims crossing the seam</td><td>windows crossing the seam</td><td>0</td></tr>
 * </table>
 *
 * @param mirrorBytes   bytes written a second time into a mirror copy
 * @param rotationBytes bytes rewritten in place by rotations that linearize the ring
 * @param rotations     number of such rotations
 * @param stagingBytes  bytes claimed in scratch memory and copied into the ring on commit
 * @param gatherBytes   bytes copied out of the ring into scratch memory to make a window contiguous
 * @param growthBytes   bytes relocated by {@link GrowableRingMemory#grow} to keep the logical order
 * @param grows         number of such grows
 */
public record CopyCounters(long mirrorBytes, long rotationBytes, long rotations,
                           long stagingBytes, long gatherBytes, long growthBytes, long grows) {

    public static final CopyCounters ZERO = new CopyCounters(0, 0, 0, 0, 0);

    /** Counters of a ring that never grows. */
    public CopyCounters(long mirrorBytes, long rotationBytes, long rotations, long stagingBytes, long gatherBytes) {
        this(mirrorBytes, rotationBytes, rotations, stagingBytes, gatherBytes, 0, 0);
    }

    /** All bytes moved beyond the single copy of the caller's data. */
    public long extraBytes() {
        return mirrorBytes + rotationBytes + stagingBytes + gatherBytes + growthBytes;
    }

    /** Counters accumulated since {@code earlier}. */
    public CopyCounters minus(CopyCounters earlier) {
        return new CopyCounters(mirrorBytes - earlier.mirrorBytes, rotationBytes - earlier.rotationBytes,
                rotations - earlier.rotations, stagingBytes - earlier.stagingBytes,
                gatherBytes - earlier.gatherBytes, growthBytes - earlier.growthBytes, grows - earlier.grows);
    }
}
