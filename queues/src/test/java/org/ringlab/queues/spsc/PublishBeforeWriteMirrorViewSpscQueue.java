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
    void writePayload(long offset, MemorySegment record, long length) {
        // BROKEN on purpose: publishes unwritten bytes (the terminator's offset unwrapped: the
        // 2N view shows the same bytes there).
        publish(offset, SpscDescriptor.recordWord(length), offset + SpscDescriptor.variableFrameLength(length));
        super.writePayload(offset, record, length);
    }
}
