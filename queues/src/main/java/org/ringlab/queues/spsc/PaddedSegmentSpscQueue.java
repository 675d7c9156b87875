package org.ringlab.queues.spsc;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with variable-length records and seam placement pad on memory whose claims and
 * windows are not contiguous across the seam (split, linearize): a record that would cross it
 * starts at the next lap instead, behind a padding frame (word {@code -k}), so the strategy
 * never stages, gathers or rotates. A record may take at most half the ring, so an empty queue
 * always takes the largest one.
 */
final class PaddedSegmentSpscQueue extends VariableSegmentSpscQueue {

    PaddedSegmentSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec, true, memory.capacity() / 2);
    }

    @Override
    long place(long from, long frame) {
        long offset = offset(from);
        return offset + frame > capacity ? from + capacity - offset : from;
    }

    @Override
    void writePadding(long at, long length) {
        memory.writeInt(at, (int) -length); // the rest of the padding is never read
    }

    /** Reads the word once: padding is skipped, a record's length is kept for {@link #recordLength}. */
    @Override
    long skip(Consumer c, long from) {
        int word = memory.readInt(from);
        if (word < 0) {
            from -= word; // padding up to the seam; the record after it starts a lap, never padded
            word = memory.readInt(from);
        }
        c.nextLength = SpscDescriptor.recordLength(word);
        return from;
    }

    @Override
    int recordLength(Consumer c, long at) {
        return c.nextLength;
    }
}
