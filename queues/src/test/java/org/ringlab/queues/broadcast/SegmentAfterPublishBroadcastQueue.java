package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * A deliberately broken twin of {@link ZeroCopySegmentBroadcastQueue}: the record is written
 * and published before the slot's kept window is set to its length, so a consumer may take the
 * slot's previous segment (the last record's length) — what {@code BroadcastPublicationStressTest}
 * must catch. The yield only widens the window the bug always has.
 */
final class SegmentAfterPublishBroadcastQueue extends ZeroCopySegmentBroadcastQueue {

    private boolean late;

    SegmentAfterPublishBroadcastQueue(SegmentPathMemory memory, QueueSpec spec, BroadcastOptions options) {
        super("broadcast", memory, spec, options);
        java.util.Arrays.fill(records, MemorySegment.ofArray(new byte[0])); // a stale segment, not a null
    }

    @Override
    void writeAndPublish(int slot, long position, MemorySegment record, int length) {
        late = true;
        try {
            writeSlot(slot, position, record); // the kept window is not touched: see recordSegment
        } finally {
            late = false;
        }
        stageAndPublish(position, length);
        Thread.yield();
        recordSegment(slot, position, length); // BROKEN on purpose: the record is visible before its segment
    }

    @Override
    void recordSegment(int slot, long position, long length) {
        if (!late) {
            super.recordSegment(slot, position, length);
        }
    }
}
