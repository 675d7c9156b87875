package org.ringlab.queues.broadcast;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@code broadcast} on a {@link MirrorViewMemory}: the slots in place in the memory's mirror view
 * ({@link InPlaceBroadcastQueue}); nothing to commit on a mirror (same pages), and seam
 * placement pad and cross mean the same (a slot is contiguous in the 2N view anyway).
 */
final class MirrorViewBroadcastQueue extends InPlaceBroadcastQueue {

    MirrorViewBroadcastQueue(String disciplineName, MirrorViewMemory memory, QueueSpec spec, BroadcastOptions options) {
        super(disciplineName, memory, memory.mirrorView(), spec, options);
    }
}
