package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * The slots of {@code MirrorViewBroadcastQueue} and {@code LapViewBroadcastQueue}: read and
 * written in place in one segment of the memory, with no claim, commit or window call per
 * record. On a {@link MirrorViewMemory} the mirror view (nothing to commit on a mirror, same
 * pages; seam placement pad and cross mean the same, a slot is contiguous in the 2N view
 * anyway); on a {@link LapViewMemory} (split, linearize) with {@link SeamPlacement#PAD} the lap
 * view from {@code lapOffset(0)}: a slot never crosses the seam, so the strategy never stages,
 * gathers or rotates (the only places its claim, commit and window differ from a plain view) and
 * that mapping holds for the queue's life. The discipline picks the lap view only where every
 * slot is in place ({@link #slotsInPlace}); a linearizing ring rotated before the queue was
 * built gets the segment path instead.
 *
 * <p>Slot {@code s} is always at offset {@code s * stride} of that segment, so each slot keeps
 * the segments it hands out: the read-only record consumers get and the writable claim the
 * producer gets, one per record length the slot has seen ({@link SlotSegments}: sliced the first
 * time a length appears there, taken again after). The producer seals the record's segment before
 * it publishes the record; consumers take it after the acquire of the published sequence. So no
 * hot path allocates, with fixed or variable-length records, whether or not escape analysis
 * removes a slice. The segments are slices of the memory's own, so they throw once it is closed.
 */
final class InPlaceSlots {

    /** The segment slot {@code s} is at offset {@code s * stride} of, writable. */
    private final MemorySegment view;
    private final MemorySegment readView;
    private final long stride;
    /** Per slot, the read-only segment of its current record; written by the producer only. */
    final MemorySegment[] records;
    /** Per slot, its read-only segments by length; the producer's. */
    private final SlotSegments recordSegments;
    /** Per slot, its claim segments by length; the producer's. */
    private final SlotSegments claims;
    /** Per slot, the last claim segment handed out (the one a fixed-size or steady length takes again). */
    private final MemorySegment[] lastClaims;

    /** In the mirror view. */
    InPlaceSlots(MirrorViewMemory memory, RefCountedBroadcastQueue queue) {
        this(memory.mirrorView(), queue);
    }

    /** In the lap view, slot 0 at {@code lapOffset(0)}. */
    InPlaceSlots(LapViewMemory memory, RefCountedBroadcastQueue queue) {
        this(memory.lapView().asSlice(memory.lapOffset(0)), queue);
    }

    private InPlaceSlots(MemorySegment view, RefCountedBroadcastQueue queue) {
        int slots = queue.table.physicalSlots;
        this.view = view;
        this.readView = view.asReadOnly();
        this.stride = queue.table.stride;
        this.records = new MemorySegment[slots];
        this.recordSegments = new SlotSegments(slots);
        this.claims = new SlotSegments(slots);
        this.lastClaims = new MemorySegment[slots];
    }

    /** Whether every slot {@code spec}'s queue would have on {@code memory} is in its lap view. */
    static boolean slotsInPlace(LapViewMemory memory, QueueSpec spec) {
        long capacity = memory.capacity();
        long stride = BroadcastDescriptor.stride(spec.recordSize());
        return memory.lapOffset(0) + BroadcastDescriptor.physicalSlots(capacity, stride, spec.recordSize()) * stride
                <= capacity;
    }

    long firstPosition() {
        return 0;
    }

    long positionAfter(long position, int length, int nextSlot, long lap) {
        return RecordPlacement.slotted(lap, nextSlot, stride);
    }

    void write(int slot, long position, MemorySegment record) {
        MemorySegment.copy(record, 0, view, slot * stride, record.byteSize());
    }

    MemorySegment claim(int slot, long position, int length) {
        MemorySegment c = lastClaims[slot];
        if (c == null || c.byteSize() != length) {
            c = claims.find(slot, length);
            lastClaims[slot] = c = c != null ? c : claims.put(slot, view.asSlice(slot * stride, length));
        }
        return c;
    }

    void commit(int slot, long position, int length) {
        // the bytes are in place already
    }

    /** Keeps slot {@code slot}'s read-only segment at {@code length} bytes (plain store: published with the record). */
    void seal(int slot, long position, int length) {
        MemorySegment r = records[slot];
        if (r == null || r.byteSize() != length) {
            MemorySegment k = recordSegments.find(slot, length);
            records[slot] = k != null ? k : recordSegments.put(slot, readView.asSlice(slot * stride, length));
        }
    }

    MemorySegment window(int slot, long position, int length) {
        return records[slot];
    }

    /** poll's copy, straight out of the segment: no segment of the record is made. */
    void read(int slot, long position, int length, MemorySegment dst) {
        MemorySegment.copy(view, slot * stride, dst, 0, length);
    }
}
