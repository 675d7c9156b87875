package org.ringlab.queues.spsc;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with fixed-size records on a segment path where a slot runs on across the seam:
 * in place (doubled, a growable ring without a growth policy) or through the strategy's
 * staging and gather (seam placement cross on split, linearize).
 */
final class FixedSlotSpscQueue extends FixedSlotsSpscQueue {

    FixedSlotSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec, seamCopies(memory), memory.capacity());
    }
}
