package org.ringlab.queues.broadcast;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * A deliberately broken twin of {@link SegmentPathBroadcastQueue}: the sequence is published,
 * and waiters woken, before the pending counts are set, so a consumer may see a record its slot
 * does not count (the queue's own check, or a release underflow, that
 * {@code BroadcastPublicationStressTest} must catch).
 */
final class CountAfterPublishBroadcastQueue extends SegmentPathBroadcastQueue {

    CountAfterPublishBroadcastQueue(SegmentPathMemory memory, QueueSpec spec, BroadcastOptions options) {
        super("broadcast", memory, spec, options);
    }

    @Override
    void countAndPublish(long from, long to, int count, int slot, int slotsInUse) {
        svPublished(to); // BROKEN on purpose: publish and wake, then count; a consumer may hold the record already
        wakeWaiters();
        setPendingCounts(from, to, count, slot, slotsInUse);
    }
}
