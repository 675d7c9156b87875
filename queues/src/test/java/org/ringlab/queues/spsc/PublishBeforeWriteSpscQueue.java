package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * spsc's deliberately broken publication twin (of {@link SegmentSpscQueue}, variable records on a segment path): the producer position is release-stored
 * <em>before</em> the frame is written, so the consumer may read bytes that are not there yet.
 * SpscConcurrencyTest must see torn records from it, or its checks prove nothing.
 */
final class PublishBeforeWriteSpscQueue extends SegmentSpscQueue {

    PublishBeforeWriteSpscQueue(RingMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void write(long at, MemorySegment record, long length) {
        soPosition(SpscDescriptor.PRODUCER_POSITION_OFFSET, at + frameLength(length)); // BROKEN on purpose: publishes unwritten bytes
        super.write(at, record, length);
    }
}
