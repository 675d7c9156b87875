package org.ringlab.queues.spsc;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with fixed-size records and seam placement pad on memory whose claims and
 * windows are not contiguous across the seam (split, linearize): a slot that would cross it
 * starts at the next lap, and the consumer skips by the same rule (no padding is written).
 */
final class PaddedFixedSlotSpscQueue extends FixedSlotsSpscQueue {

    PaddedFixedSlotSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec, true, memory.capacity() / 2);
    }

    @Override
    long place(long from, long frame) {
        long offset = offset(from);
        return offset + frame > capacity ? from + capacity - offset : from;
    }

    @Override
    void writePadding(long at, long length) {
        // Nothing to write: the consumer skips by the same rule.
    }

    @Override
    long skip(Consumer c, long from) {
        long offset = offset(from);
        return offset + recordSize > capacity ? from + capacity - offset : from;
    }
}
