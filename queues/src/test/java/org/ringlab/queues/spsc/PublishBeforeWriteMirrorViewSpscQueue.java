package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * The length-word protocol's deliberately broken publication twin: the record's word is
 * release-stored <em>before</em> its payload is written, so the consumer may read payload bytes
 * that are not there yet (or an earlier lap's bytes). SpscConcurrencyTest must see torn
 * records from it, or its checks prove nothing about {@link MirrorViewSpscQueue}.
 */
final class PublishBeforeWriteMirrorViewSpscQueue extends MirrorViewSpscQueue {

    PublishBeforeWriteMirrorViewSpscQueue(MirrorViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writeRecord(long offset, MemorySegment record, long length, long terminator) {
        publish(offset, SpscDescriptor.recordWord(length), terminator); // BROKEN on purpose: publishes unwritten bytes
        writePayload(offset, record, length);
    }
}
