package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.DoubledViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@link PublishBeforeWriteMirrorViewSpscQueue}'s twin in a doubled ring's 2N array: the record's
 * word is release-stored <em>before</em> its payload and the payload's second copy are written,
 * so the consumer may read payload bytes that are not there yet. SpscConcurrencyTest must see
 * torn records from it, or its checks prove nothing about {@link DoubledViewSpscQueue}.
 */
final class PublishBeforeWriteDoubledViewSpscQueue extends DoubledViewSpscQueue {

    PublishBeforeWriteDoubledViewSpscQueue(DoubledViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writePayload(long offset, MemorySegment record, long length) {
        // BROKEN on purpose: publishes unwritten bytes
        publish(offset, SpscDescriptor.recordWord(length), offset(offset + SpscDescriptor.variableFrameLength(length)));
        super.writePayload(offset, record, length);
    }
}
