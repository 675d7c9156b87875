package org.ringlab.queues.baseline;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.spsc.SpscRingQueue;

/**
 * The deliberately broken twin of {@link CopyPerConsumerQueue}: its fit check looks at sub-ring 0
 * only (as if every consumer were as far as the first), so an offer goes ahead while a slower
 * consumer's sub-ring is full and that consumer's spsc queue refuses the record the others took.
 * {@code CopyPerConsumerConcurrencyTest} must catch it.
 */
final class FirstRingOnlyCopyPerConsumerQueue extends CopyPerConsumerQueue {

    FirstRingOnlyCopyPerConsumerQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec);
    }

    @Override
    boolean fits(long[] ends, int length) {
        // BROKEN on purpose: the other sub-rings are not asked.
        long end = subRing(0).fitAfter(ends[0], length);
        if (end == SpscRingQueue.NO_FIT) {
            return false;
        }
        ends[0] = end;
        return true;
    }
}
