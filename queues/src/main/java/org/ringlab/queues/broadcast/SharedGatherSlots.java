package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.Capability;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * The slots of {@code SharedGatherBroadcastQueue}: {@link SeamPlacement#CROSS} on segment-path
 * memory whose windows gather at the seam into scratch and that allows
 * {@link Capability#CONCURRENT_READ} (a third party's; split has {@link LapViewGatherSlots}).
 * Records are packed as in {@link SeamCrossingSlots}; sealing a straddling record gathers its
 * window once for every consumer ({@link GatheredRecords}), while the consumers' own windows
 * (records that do not straddle) are the strategy's plain views, many threads at once.
 */
final class SharedGatherSlots {

    private final SegmentPathMemory memory;
    private final long stride;
    final GatheredRecords gathered;

    SharedGatherSlots(SegmentPathMemory memory, RefCountedBroadcastQueue queue) {
        this.memory = memory;
        this.stride = queue.table.stride;
        this.gathered = new GatheredRecords(memory, queue.table.physicalSlots);
    }

    long firstPosition() {
        return RecordPlacement.packedFirst(stride);
    }

    long positionAfter(long position, int length, int nextSlot, long lap) {
        return RecordPlacement.packedAfter(position, length);
    }

    void write(int slot, long position, MemorySegment record) {
        memory.write(position, record);
    }

    MemorySegment claim(int slot, long position, int length) {
        return memory.claim(position, length);
    }

    void commit(int slot, long position, int length) {
        memory.commit(position, length);
    }

    /** A straddling record's window, gathered once by the producer before it publishes the record. */
    void seal(int slot, long position, int length) {
        gathered.gather(slot, position, length);
    }

    MemorySegment window(int slot, long position, int length) {
        return gathered.window(slot, position, length);
    }

    void read(int slot, long position, int length, MemorySegment dst) {
        gathered.read(slot, position, length, dst);
    }
}
