package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.Capability;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * The slots of {@code SeamCrossingBroadcastQueue}: {@link SeamPlacement#CROSS} on segment-path
 * memory whose claims or windows copy at the seam, without {@link Capability#CONCURRENT_READ}
 * (a third party's; linearize has {@link LapViewCrossingSlots}). Records are packed
 * ({@link RecordPlacement#packedAfter}), so they straddle the seam, and go through the
 * strategy's staging ({@code claim}/{@code commit}; {@code write} copies in two parts) and each
 * consumer's own window: the first window over a straddling record rotates or gathers, as the
 * strategy does.
 *
 * <p>Threads: as {@link SeamPlacement#CROSS} says for memory without concurrent reads, one
 * thread only (the producer and every consumer on one thread). The memory's windows are valid
 * until its next window, so a record a consumer holds from {@code peek} is valid until another
 * consumer's next window; {@code poll} and {@code drain} use their record within the call.
 */
final class SeamCrossingSlots {

    private final SegmentPathMemory memory;
    private final long stride;

    SeamCrossingSlots(SegmentPathMemory memory, RefCountedBroadcastQueue queue) {
        this.memory = memory;
        this.stride = queue.table.stride;
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

    void seal(int slot, long position, int length) {
        // each consumer takes its own window
    }

    MemorySegment window(int slot, long position, int length) {
        return memory.window(position, length);
    }

    void read(int slot, long position, int length, MemorySegment dst) {
        memory.read(position, dst, 0, length);
    }
}
