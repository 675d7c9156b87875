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
        super("spsc", new ForwardingSegmentMemory(memory) {
            @Override
            public void writeThenZeroInt(long position, MemorySegment payload, long zeroPosition) {
                // BROKEN on purpose: publishes unwritten bytes (the word sits just before the payload)
                delegate.writeIntRelease(position - SpscDescriptor.RECORD_HEADER_LENGTH,
                        SpscDescriptor.recordWord(payload.byteSize()));
                delegate.writeThenZeroInt(position, payload, zeroPosition);
            }
        }, spec);
    }
}
