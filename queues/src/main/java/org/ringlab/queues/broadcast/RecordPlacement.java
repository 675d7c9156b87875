package org.ringlab.queues.broadcast;

/**
 * Where broadcast's records go in the ring, as static steps every shape's slots class calls.
 * Slotted (seam placement pad, and cross where nothing copies at the seam): slot {@code s} of
 * lap {@code L} is at {@code L * capacity + s * stride}, so a record never crosses the seam.
 * Packed (cross on memory that copies at the seam): record 0 starts half a stride into the
 * ring, each next one at the end of the last, 8-byte aligned ({@link #FRAME_ALIGNMENT}). A
 * record takes at most a stride, so the records in flight (at most the slots in use) never span
 * more than the ring, and the byte range the next record needs is free once its slot's pending
 * count is 0. Half a stride in, records the size of a slot straddle the seam once a lap, split
 * in half; other lengths straddle where they fall, as spsc's frames do.
 */
final class RecordPlacement {

    /** Records start on 8-byte boundaries, as spsc's frames do. */
    static final int FRAME_ALIGNMENT = 8;

    private RecordPlacement() {
    }

    /** Slotted: the start of slot {@code nextSlot} in the lap starting at {@code lap}. */
    static long slotted(long lap, int nextSlot, long stride) {
        return lap + nextSlot * stride;
    }

    /** Packed: record 0 half a stride into the ring. */
    static long packedFirst(long stride) {
        return stride / 2;
    }

    /** Packed: the end of the record of {@code length} bytes at {@code position}, aligned. */
    static long packedAfter(long position, int length) {
        return position + ((length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT);
    }
}
