package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.SegmentPathMemory;

/**
 * The slots of {@link SegmentPathBroadcastQueue}: every record goes through the strategy's own
 * {@code write}, {@code claim}/{@code commit}, {@code window} and {@code read} (a doubled ring
 * writes its mirror copy there), slotted ({@link RecordPlacement#slotted}): a slot never
 * crosses the seam, so no strategy stages, gathers or rotates, and many consumer threads may
 * take windows at once. Nothing to seal: the strategy's window is the record.
 *
 * <p>The slots classes share no supertype and each repeats its one-line calls into the strategy
 * on purpose: every call site is its shape's own, so the JIT's receiver profile there sees only
 * the strategies that shape runs on, and no call a record makes can be overridden.
 */
final class SegmentPathSlots {

    private final SegmentPathMemory memory;
    private final long stride;

    SegmentPathSlots(SegmentPathMemory memory, RefCountedBroadcastQueue queue) {
        this.memory = memory;
        this.stride = queue.table.stride;
    }

    long firstPosition() {
        return 0;
    }

    long positionAfter(long position, int length, int nextSlot, long lap) {
        return RecordPlacement.slotted(lap, nextSlot, stride);
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
        // the strategy's window over the ring is the record: nothing kept for the consumers
    }

    MemorySegment window(int slot, long position, int length) {
        return memory.window(position, length);
    }

    /** The strategy's own read: no window segment. */
    void read(int slot, long position, int length, MemorySegment dst) {
        memory.read(position, dst, 0, length);
    }
}
