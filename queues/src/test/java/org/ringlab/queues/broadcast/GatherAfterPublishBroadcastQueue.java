package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.LapViewMemory;

/**
 * A deliberately broken twin of {@link LapViewGatherBroadcastQueue} (split): a straddling record is
 * published before the producer gathers its window, so a consumer may read the slot's previous
 * gathered segment (another record's bytes, or none) — what {@code BroadcastSeamStressTest}
 * must catch. The yield between the two only widens the window the bug always has.
 */
final class GatherAfterPublishBroadcastQueue extends LapViewGatherBroadcastQueue {

    GatherAfterPublishBroadcastQueue(LapViewMemory memory, QueueSpec spec, BroadcastOptions options) {
        super("broadcast", memory, spec, options);
        java.util.Arrays.fill(gathered, MemorySegment.ofArray(new byte[0])); // a stale segment, not a null
    }

    @Override
    void writeAndPublish(int slot, long position, MemorySegment record, int length) {
        writeBytesOnly(slot, position, record);
        stageAndPublish(position, length);
        Thread.yield();
        gather(slot, position, length); // BROKEN on purpose: the record is visible before its window is gathered
    }

    private void writeBytesOnly(int slot, long position, MemorySegment record) {
        skipGather = true;
        try {
            writeSlot(slot, position, record);
        } finally {
            skipGather = false;
        }
    }

    private boolean skipGather;

    @Override
    void gather(int slot, long position, int length) {
        if (!skipGather) {
            super.gather(slot, position, length);
        }
    }
}
