package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.Capability;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * {@code broadcast} with {@link SeamPlacement#CROSS} on segment-path memory whose windows
 * gather at the seam into scratch and that allows {@link Capability#CONCURRENT_READ} (split):
 * records are packed as in {@link SeamCrossingBroadcastQueue}, and the window of a record
 * that straddles the seam is taken once, by the producer, before it publishes the record; every
 * consumer reads that one gathered segment. So one gather per straddling record (single copy,
 * however many consumers), and the strategy's one reader scratch is written by one thread only,
 * while the consumers' own windows (records that do not straddle) are plain views that many
 * threads may take at once, as on pad.
 *
 * <p>The gathered segment stays valid while consumers hold the record: the strategy overwrites
 * its scratch at the next straddling window, the next lap's, and that record's bytes overlap
 * this one's, so the producer writes it only once every consumer released this one. A window
 * someone else takes across the seam of the same memory reuses that scratch (the memory's
 * windows that copy are valid until its next window): the queue owns its memory's windows.
 */
// Not final: the gather-after-publish twin in src/test overrides writeAndPublish.
class SharedGatherBroadcastQueue extends SeamCrossingBroadcastQueue {

    private final long capacity;
    /** {@code capacity - 1} for a power-of-two ring, else -1 (a division then). */
    private final long mask;
    /** Per slot, the gathered window of its record when it straddles the seam; written by the producer only. */
    final MemorySegment[] gathered;

    SharedGatherBroadcastQueue(String disciplineName, SegmentPathMemory memory, QueueSpec spec,
                               BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        this.capacity = memory.capacity();
        this.mask = Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
        this.gathered = new MemorySegment[physicalSlots()];
    }

    /** Whether {@code [position, position + length)} runs over the seam. */
    final boolean straddles(long position, int length) {
        long offset = mask >= 0 ? position & mask : position % capacity;
        return offset + length > capacity;
    }

    @Override
    void writeSlot(int slot, long position, MemorySegment record) {
        super.writeSlot(slot, position, record);
        gather(slot, position, (int) record.byteSize());
    }

    @Override
    void commitSlot(int slot, long position, int length) {
        super.commitSlot(slot, position, length);
        gather(slot, position, length);
    }

    /**
     * The producer's window over a straddling record, kept for the consumers (a plain store,
     * published with the record). The one step the gather-after-publish twin moves.
     */
    void gather(int slot, long position, int length) {
        if (straddles(position, length)) {
            gathered[slot] = super.window(slot, position, length);
        }
    }

    @Override
    MemorySegment window(int slot, long position, int length) {
        return straddles(position, length) ? gathered[slot] : super.window(slot, position, length);
    }

    /** A straddling record from the producer's gathered window (the strategy's scratch is the producer's). */
    @Override
    void readSlot(int slot, long position, int length, MemorySegment dst) {
        if (straddles(position, length)) {
            MemorySegment.copy(gathered[slot], 0, dst, 0, length);
        } else {
            super.readSlot(slot, position, length, dst);
        }
    }
}
