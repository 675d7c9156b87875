package org.ringlab.queues.broadcast;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * A deliberately broken twin of {@link SegmentPathBroadcastQueue}: a consumer sets its waiting
 * bit and parks without re-checking the published sequence, so a record published just before
 * is slept on (the lost wake-up {@code BroadcastLostWakeUpStressTest} must catch).
 */
final class NoRecheckBroadcastQueue extends SegmentPathBroadcastQueue {

    NoRecheckBroadcastQueue(SegmentPathMemory memory, QueueSpec spec, BroadcastOptions options) {
        super("broadcast", memory, spec, options);
    }

    @Override
    boolean nothingPublishedSince(long cursor) {
        return true; // BROKEN on purpose: no re-check after the waiting bit is set
    }
}
