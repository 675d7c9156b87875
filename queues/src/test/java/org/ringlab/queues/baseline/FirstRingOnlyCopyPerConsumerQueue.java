package org.ringlab.queues.baseline;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

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
    boolean fits(Producer p, long frame) {
        // BROKEN on purpose: the other sub-rings are not checked.
        boolean first = p.reserve(0, frame);
        for (int c = 1; first && c < n; c++) {
            p.starts[c] = p.positions[c]; // where they would start if no padding were needed
        }
        return first;
    }
}
