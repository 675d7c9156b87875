package org.ringlab.queues.spsc;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code spsc} with variable-length records and seam placement pad on memory whose claims and
 * windows are not contiguous across the seam and which offers no lap view to write in place
 * (third parties' segment paths; a linearizing ring rotated before the queue was built; split
 * and linearize otherwise get {@link LapViewSpscQueue}, the same frames in place), published
 * through its length word ({@link WordSegmentSpscQueue}): a record that would cross the seam starts at the next
 * lap instead, behind a padding word ({@code -k}) released over the old terminator, so the
 * strategy never stages, gathers or rotates. A record may take at most half the ring, so an
 * empty queue always takes the largest one (with the terminator's 8 bytes free after it).
 */
final class PaddedSegmentSpscQueue extends WordSegmentSpscQueue {

    PaddedSegmentSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec, true, memory.capacity() / 2);
    }

    @Override
    long place(long from, long frame) {
        return SpscDescriptor.padToLap(from, offset(from), frame, capacity);
    }
}
