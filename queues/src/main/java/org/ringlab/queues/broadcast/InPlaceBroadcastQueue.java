package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * {@code broadcast} with its slots read and written in place in one segment of the memory, with
 * no claim, commit or window call per record: a mirror view ({@link MirrorViewBroadcastQueue})
 * or the lap view of split and linearize with seam placement pad ({@link LapViewBroadcastQueue}).
 * Slot {@code s} is always at offset {@code s * stride} of that segment, so each slot keeps the
 * segments it hands out: the read-only record consumers get and the writable claim the producer
 * gets, one per record length the slot has seen ({@link SlotSegments}: sliced the first time a
 * length appears there, taken again after). The producer sets the record's before it publishes
 * the record; consumers take it after the acquire of the published sequence. So no hot path
 * allocates, with fixed or variable-length records, whether or not escape analysis removes a
 * slice. The segments are slices of the memory's own, so they throw once it is closed.
 */
abstract sealed class InPlaceBroadcastQueue extends RefCountedBroadcastQueue
        permits MirrorViewBroadcastQueue, LapViewBroadcastQueue {

    /** The segment slot {@code s} is at offset {@code s * stride} of, writable. */
    private final MemorySegment view;
    private final MemorySegment readView;
    private final long stride;
    /** Per slot, the read-only segment of its current record; written by the producer only. */
    private final MemorySegment[] records;
    /** Per slot, its read-only segments by length; the producer's. */
    private final SlotSegments recordSegments;
    /** Per slot, its claim segments by length; the producer's. */
    private final SlotSegments claims;
    /** Per slot, the last claim segment handed out (the one a fixed-size or steady length takes again). */
    private final MemorySegment[] lastClaims;

    InPlaceBroadcastQueue(String disciplineName, RingMemory memory, MemorySegment view, QueueSpec spec,
                          BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        this.view = view;
        this.readView = view.asReadOnly();
        this.stride = stride();
        this.records = new MemorySegment[physicalSlots()];
        this.recordSegments = new SlotSegments(physicalSlots());
        this.claims = new SlotSegments(physicalSlots());
        this.lastClaims = new MemorySegment[physicalSlots()];
    }

    @Override
    final void writeSlot(int slot, long position, MemorySegment record) {
        long length = record.byteSize();
        MemorySegment.copy(record, 0, view, slot * stride, length);
        recordSegment(slot, length);
    }

    @Override
    final MemorySegment claimSlot(int slot, long position, int length) {
        MemorySegment c = lastClaims[slot];
        if (c == null || c.byteSize() != length) {
            c = claims.find(slot, length);
            lastClaims[slot] = c = c != null ? c : claims.put(slot, view.asSlice(slot * stride, length));
        }
        return c;
    }

    @Override
    final void commitSlot(int slot, long position, int length) {
        recordSegment(slot, length); // the bytes are in place already
    }

    /** Keeps slot {@code slot}'s read-only segment at {@code length} bytes (plain store: published with the record). */
    private void recordSegment(int slot, long length) {
        MemorySegment r = records[slot];
        if (r == null || r.byteSize() != length) {
            MemorySegment k = recordSegments.find(slot, length);
            records[slot] = k != null ? k : recordSegments.put(slot, readView.asSlice(slot * stride, length));
        }
    }

    @Override
    final MemorySegment window(int slot, long position, int length) {
        return records[slot];
    }

    /** poll's copy, straight out of the segment: no segment of the record is made. */
    @Override
    final void readSlot(int slot, long position, int length, MemorySegment dst) {
        MemorySegment.copy(view, slot * stride, dst, 0, length);
    }
}
