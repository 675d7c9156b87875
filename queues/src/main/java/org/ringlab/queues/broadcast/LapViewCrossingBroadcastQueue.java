package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@link SeamCrossingBroadcastQueue} on a {@link LapViewMemory} without concurrent reads
 * (linearize), seam placement {@link SeamPlacement#CROSS}: claims, writes and windows are the
 * strategy's own, so a window over a straddling record rotates the ring (its mechanism), except
 * while another consumer holds a record from {@code peek}. The rotation would move that record
 * from under its consumer, whose view must stay valid until its {@code release}; so then the
 * straddling record is read in its two parts from the lap view, where {@code lapOffset} says they
 * are: into the destination for {@code poll}, into this queue's scratch for a window
 * ({@code peek}, {@code drain}), a copy the strategy's counters do not see. The next straddling
 * read with no other record held rotates again. Claims need nothing: the strategy never rotates
 * from under a claim it handed out. One thread only, as the superclass says.
 */
final class LapViewCrossingBroadcastQueue extends SeamCrossingBroadcastQueue {

    private final LapViewMemory memory;
    private final MemorySegment lap;
    private final long capacity;
    /** Straddling records read while another is held: one at a time (only one can span the seam). */
    private final MemorySegment scratch;
    private final MemorySegment scratchView;

    LapViewCrossingBroadcastQueue(String disciplineName, LapViewMemory memory, QueueSpec spec, BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        this.memory = memory;
        this.lap = memory.lapView().asReadOnly();
        this.capacity = memory.capacity();
        this.scratch = MemorySegment.ofArray(new byte[spec.recordSize()]);
        this.scratchView = scratch.asReadOnly();
    }

    /** Where the record's bytes start in the lap view when they straddle its seam and may not be rotated; else -1. */
    private long notRotated(long position, int length) {
        long at = memory.lapOffset(position);
        return at + length > capacity && anotherRecordHeld(position) ? at : -1;
    }

    private void copyParts(long at, MemorySegment dst, int length) {
        long first = capacity - at;
        MemorySegment.copy(lap, at, dst, 0, first);
        MemorySegment.copy(lap, 0, dst, first, length - first);
    }

    @Override
    MemorySegment window(int slot, long position, int length) {
        long at = notRotated(position, length);
        if (at < 0) {
            return memory.window(position, length);
        }
        copyParts(at, scratch, length);
        return scratchView.asSlice(0, length);
    }

    @Override
    void readSlot(int slot, long position, int length, MemorySegment dst) {
        long at = notRotated(position, length);
        if (at < 0) {
            memory.read(position, dst, 0, length);
        } else {
            copyParts(at, dst, length);
        }
    }
}
