package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * spsc's deliberately broken publication twin (of {@link SegmentSpscQueue}, variable records
 * on a segment path, published through the length word): the word is release-stored
 * <em>before</em> the payload (and, on doubled, its twin copy) and the terminator after it are
 * written, so the consumer may read payload bytes that are not there yet, or an earlier lap's
 * bytes as the next word. SpscConcurrencyTest must see torn or phantom records from it.
 */
final class PublishBeforeWriteSpscQueue extends SegmentSpscQueue {

    PublishBeforeWriteSpscQueue(RingMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writeRecord(long at, MemorySegment record, long end) {
        soWord(at, SpscDescriptor.recordWord(record.byteSize())); // BROKEN on purpose: publishes unwritten bytes
        super.writeRecord(at, record, end);
    }
}
