package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.SeamPlacement;

/**
 * The slots of {@code LapViewCrossingBroadcastQueue}: {@link SeamPlacement#CROSS} on a
 * {@link LapViewMemory} without concurrent reads (linearize). Records packed; claims, writes
 * and windows are the strategy's own, so a window over a straddling record rotates the ring
 * (its mechanism), except while another consumer holds a record from {@code peek}. The rotation
 * would move that record from under its consumer, whose view must stay valid until its
 * {@code release}; so then the straddling record is read in its two parts from the lap view,
 * where {@code lapOffset} says they are: into the destination for {@code poll}, into this
 * queue's scratch for a window ({@code peek}, {@code drain}), a copy the strategy's counters do
 * not see. The next straddling read with no other record held rotates again. Claims need
 * nothing: the strategy never rotates from under a claim it handed out. One thread only, as
 * {@link SeamCrossingSlots} says.
 */
final class LapViewCrossingSlots {

    private final LapViewMemory memory;
    private final RefCountedBroadcastQueue queue;
    private final MemorySegment lap;
    private final long capacity;
    private final long stride;
    /** Straddling records read while another is held: one at a time (only one can span the seam). */
    private final MemorySegment scratch;
    private final MemorySegment scratchView;

    LapViewCrossingSlots(LapViewMemory memory, RefCountedBroadcastQueue queue) {
        this.memory = memory;
        this.queue = queue;
        this.lap = memory.lapView().asReadOnly();
        this.capacity = memory.capacity();
        this.stride = queue.table.stride;
        this.scratch = MemorySegment.ofArray(new byte[queue.lifecycle.spec.recordSize()]);
        this.scratchView = scratch.asReadOnly();
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

    /** Where the record's bytes start in the lap view when they straddle its seam and may not be rotated; else -1. */
    private long notRotated(long position, int length) {
        long at = memory.lapOffset(position);
        return at + length > capacity && queue.anotherRecordHeld(position) ? at : -1;
    }

    private void copyParts(long at, MemorySegment dst, int length) {
        long first = capacity - at;
        MemorySegment.copy(lap, at, dst, 0, first);
        MemorySegment.copy(lap, 0, dst, first, length - first);
    }

    MemorySegment window(int slot, long position, int length) {
        long at = notRotated(position, length);
        if (at < 0) {
            return memory.window(position, length);
        }
        copyParts(at, scratch, length);
        return scratchView.asSlice(0, length);
    }

    void read(int slot, long position, int length, MemorySegment dst) {
        long at = notRotated(position, length);
        if (at < 0) {
            memory.read(position, dst, 0, length);
        } else {
            copyParts(at, dst, length);
        }
    }
}
