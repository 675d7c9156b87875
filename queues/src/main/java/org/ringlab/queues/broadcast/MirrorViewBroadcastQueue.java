package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@code broadcast} on a {@link MirrorViewMemory}: slots are written and read in place in the
 * memory's mirror view, with no claim, commit or window call per record (nothing to commit on
 * a mirror: same pages). Slot {@code s} is always at offset {@code s * stride}, so each slot
 * keeps the segments it hands out: the read-only record consumers get and the writable claim
 * the producer gets, re-sliced only when the slot's record length changes (never with
 * fixed-size records). The producer sets them before it publishes the record; consumers take
 * them after the acquire of the published sequence. So no hot path allocates, whether or not
 * escape analysis removes a slice.
 */
final class MirrorViewBroadcastQueue extends RefCountedBroadcastQueue {

    private final MemorySegment view;
    private final MemorySegment readView;
    private final long stride;
    /** Per slot, the read-only segment of its current record; written by the producer only. */
    private final MemorySegment[] records;
    /** Per slot, the producer's last claim segment. */
    private final MemorySegment[] claims;

    MirrorViewBroadcastQueue(String disciplineName, MirrorViewMemory memory, QueueSpec spec, BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        this.view = memory.mirrorView();
        this.readView = view.asReadOnly();
        this.stride = stride();
        this.records = new MemorySegment[physicalSlots()];
        this.claims = new MemorySegment[physicalSlots()];
    }

    @Override
    void writeSlot(int slot, long position, MemorySegment record) {
        long length = record.byteSize();
        MemorySegment.copy(record, 0, view, slot * stride, length);
        recordSegment(slot, length);
    }

    @Override
    MemorySegment claimSlot(int slot, long position, int length) {
        MemorySegment c = claims[slot];
        if (c == null || c.byteSize() != length) {
            claims[slot] = c = view.asSlice(slot * stride, length);
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
            records[slot] = readView.asSlice(slot * stride, length);
        }
    }

    @Override
    MemorySegment window(int slot, long position, int length) {
        return records[slot];
    }
}
