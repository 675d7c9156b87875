package org.ringlab.queues.broadcast;

import org.ringlab.api.Capability;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * {@code broadcast} with {@link SeamPlacement#CROSS} on segment-path memory whose claims or
 * windows copy at the seam, without {@link Capability#CONCURRENT_READ} (linearize): records
 * are packed back to back, so they straddle the seam, and each consumer's window is the
 * strategy's own. A window over a straddling record rotates the ring (linearize's mechanism),
 * once: the first consumer's window rotates, the others find it contiguous.
 *
 * <h2>Placement</h2>
 * Record 0 starts half a stride into the ring; each next one at the end of the last, 8-byte
 * aligned ({@link #FRAME_ALIGNMENT}). A record takes at most a stride, so the records in
 * flight (at most the slots in use) never span more than the ring, and the byte range the
 * next record needs is free once its slot's pending count is 0 (the slot's last record, and
 * every record before it, are released by every consumer). Half a stride in, records the size
 * of a slot straddle the seam once a lap, split in half; other lengths straddle where they fall,
 * as spsc's frames do.
 *
 * <h2>Threads</h2>
 * As {@link SeamPlacement#CROSS} says for memory without concurrent reads: one thread only
 * (the producer and every consumer on one thread, as a one-thread benchmark runs). The
 * memory's windows are valid until its next window, so here a record a consumer holds from
 * {@code peek} is valid until another consumer's next window; {@code poll} and {@code drain} use
 * their record within the call. On linearize {@link LapViewCrossingBroadcastQueue} keeps a held
 * record valid until its release (no rotation while one is held). On memory with concurrent
 * reads (split) the producer gathers instead, once for all consumers:
 * {@link SharedGatherBroadcastQueue}.
 */
// Not final: SharedGatherBroadcastQueue and the broken twins in src/test extend it.
class SeamCrossingBroadcastQueue extends SegmentPathBroadcastQueue {

    /** Records start on 8-byte boundaries, as spsc's frames do. */
    static final int FRAME_ALIGNMENT = 8;

    SeamCrossingBroadcastQueue(String disciplineName, SegmentPathMemory memory, QueueSpec spec,
                               BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
    }

    /** Half a stride into the ring (called while the core is built: uses only its fields). */
    @Override
    final long firstPosition() {
        return stride() / 2;
    }

    /** Back to back: the end of the record just staged, aligned. */
    @Override
    final long positionAfter(long position, int length, int nextSlot, long lap) {
        return position + ((length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT);
    }
}
