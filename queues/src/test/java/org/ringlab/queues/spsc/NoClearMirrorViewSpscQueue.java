package org.ringlab.queues.spsc;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * The length-word protocol's deliberately broken reuse twin: the consumer frees frames without
 * zeroing them, so a later lap's unpublished word can land on an old payload byte and read as a
 * record. SpscLengthWordReuseTest must see phantom records from it.
 */
final class NoClearMirrorViewSpscQueue extends MirrorViewSpscQueue {

    NoClearMirrorViewSpscQueue(MirrorViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void clearFrame(long offset, long frame) {
        // BROKEN on purpose: consumed frames keep their bytes
    }
}
