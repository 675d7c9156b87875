package org.ringlab.queues.spsc;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * spsc's deliberately broken grow-handshake twin: the producer grows (unmapping the old ring
 * and header) without waiting for the consumer to leave them. SpscGrowthConcurrencyTest must
 * catch it, or it cannot catch a handshake bug.
 */
final class GrowUnderConsumerSpscQueue extends GrowableSpscQueue {

    GrowUnderConsumerSpscQueue(RingMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    boolean consumerLeft(GrowHandshake handshake) {
        return true; // BROKEN on purpose: never waits for the consumer
    }
}
