package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@code broadcast} on a {@link MirrorViewMemory}: slots are written and read in place in the
 * memory's mirror view, with no claim, commit or window call per record (nothing to commit on
 * a mirror: same pages). Slot {@code s} is always at offset {@code s * stride}, so each slot
 * keeps the segments it hands out: the read-only record consumers get and the writable claim
 * the producer gets, one per record length the slot has seen ({@link SlotSegments}: sliced the
 * first time a length appears there, taken again after). The producer sets the record's before
 * it publishes the record; consumers take it after the acquire of the published sequence. So no
 * hot path allocates, with fixed or variable-length records, whether or not escape analysis
 * removes a slice.
 */
final class MirrorViewBroadcastQueue extends RefCountedBroadcastQueue {

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

    MirrorViewBroadcastQueue(String disciplineName, MirrorViewMemory memory, QueueSpec spec, BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        this.view = memory.mirrorView();
        this.readView = view.asReadOnly();
        this.stride = stride();
        this.records = new MemorySegment[physicalSlots()];
        this.recordSegments = new SlotSegments(physicalSlots());
        this.claims = new SlotSegments(physicalSlots());
        this.lastClaims = new MemorySegment[physicalSlots()];
    }

    @Override
    void writeSlot(int slot, long position, MemorySegment record) {
        long length = record.byteSize();
        MemorySegment.copy(record, 0, view, slot * stride, length);
        recordSegment(slot, length);
    }

    @Override
    MemorySegment claimSlot(int slot, long position, int length) {
        MemorySegment c = lastClaims[slot];
        if (c == null || c.byteSize() != length) {
            c = claims.find(slot, length);
            lastClaims[slot] = c = c != null ? c : claims.put(slot, view.asSlice(slot * stride, length));
        }
        return c;
    }

    @Override
    void commitSlot(int slot, long position, int length) {
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
    MemorySegment window(int slot, long position, int length) {
        return records[slot];
    }
}
