package org.ringlab.queues.napi;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * The deliberately broken twin of {@link NapiAdaptiveQueue}: the poller announces and parks on
 * the poll's earlier look alone, without re-checking the ring, so a record published in between
 * is missed by both sides (the lost wake-up {@code LostWakeUpStressTest} must catch).
 */
final class NoRecheckNapiQueue extends NapiAdaptiveQueue {

    NoRecheckNapiQueue(RingMemory memory, QueueSpec spec, NapiConfig config) {
        super("napi", memory, spec, config);
    }

    @Override
    boolean recordArrivedBeforeParking() {
        return false; // BROKEN on purpose: no re-check after the announcement
    }
}
