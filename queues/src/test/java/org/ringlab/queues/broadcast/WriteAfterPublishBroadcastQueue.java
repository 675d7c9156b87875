package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * A deliberately broken twin of {@link SegmentPathBroadcastQueue}: the record is published
 * before it is written, so a consumer may read the slot's previous bytes (the torn record
 * {@code BroadcastPublicationStressTest} must catch).
 */
final class WriteAfterPublishBroadcastQueue extends SegmentPathBroadcastQueue {

    WriteAfterPublishBroadcastQueue(SegmentPathMemory memory, QueueSpec spec, BroadcastOptions options) {
        super("broadcast", memory, spec, options);
    }

    @Override
    void writeAndPublish(int slot, long position, MemorySegment record, int length) {
        stageAndPublish(position, length);
        writeSlot(slot, position, record); // BROKEN on purpose: the record is visible before it is written
    }
}
