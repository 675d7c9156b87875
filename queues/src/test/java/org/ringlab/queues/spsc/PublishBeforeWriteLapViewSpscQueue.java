package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@link PublishBeforeWriteMirrorViewSpscQueue}'s twin in a lap view: the record's word is
 * release-stored <em>before</em> its payload is written (with its terminator, wrapped into the
 * N-byte view), so the consumer may read payload bytes that are not there yet.
 * SpscConcurrencyTest must see torn records from it, or its checks prove nothing about
 * {@link LapViewSpscQueue}.
 */
final class PublishBeforeWriteLapViewSpscQueue extends LapViewSpscQueue {

    PublishBeforeWriteLapViewSpscQueue(LapViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writePayload(long offset, MemorySegment record, long length) {
        // BROKEN on purpose: publishes unwritten bytes
        publish(offset, SpscDescriptor.recordWord(length), offset(offset + SpscDescriptor.variableFrameLength(length)));
        super.writePayload(offset, record, length);
    }
}
