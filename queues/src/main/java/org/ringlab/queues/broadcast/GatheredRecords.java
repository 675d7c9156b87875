package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.SegmentPathMemory;

/**
 * The producer's gathered windows of packed records that straddle the seam, one per slot, on
 * memory that allows a concurrent reader (split): the window of a straddling record is taken
 * once, by the producer, before it publishes the record, and every consumer reads that one
 * segment. So one gather per straddling record (single copy, however many consumers), and the
 * strategy's one reader scratch is written by one thread only.
 *
 * <p>The gathered segment stays valid while consumers hold the record: the strategy overwrites
 * its scratch at the next straddling window, the next lap's, and that record's bytes overlap
 * this one's, so the producer writes it only once every consumer released this one. A window
 * someone else takes across the seam of the same memory reuses that scratch (the memory's
 * windows that copy are valid until its next window): the queue owns its memory's windows.
 */
final class GatheredRecords {

    private final SegmentPathMemory memory;
    private final long capacity;
    /** {@code capacity - 1} for a power-of-two ring, else -1 (a division then). */
    private final long mask;
    /** Per slot, the gathered window of its record when it straddles the seam; written by the producer only. */
    final MemorySegment[] gathered;

    GatheredRecords(SegmentPathMemory memory, int slots) {
        this.memory = memory;
        this.capacity = memory.capacity();
        this.mask = Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
        this.gathered = new MemorySegment[slots];
    }

    /** Whether {@code [position, position + length)} runs over the seam. */
    boolean straddles(long position, int length) {
        long offset = mask >= 0 ? position & mask : position % capacity;
        return offset + length > capacity;
    }

    /** The producer's window over a straddling record, kept for the consumers (a plain store, published with the record). */
    void gather(int slot, long position, int length) {
        if (straddles(position, length)) {
            gathered[slot] = memory.window(position, length);
        }
    }

    /** A straddling record's gathered window, else the strategy's own window. */
    MemorySegment window(int slot, long position, int length) {
        return straddles(position, length) ? gathered[slot] : memory.window(position, length);
    }

    /** A straddling record from the producer's gathered window (the strategy's scratch is the producer's), else the strategy's read. */
    void read(int slot, long position, int length, MemorySegment dst) {
        if (straddles(position, length)) {
            MemorySegment.copy(gathered[slot], 0, dst, 0, length);
        } else {
            memory.read(position, dst, 0, length);
        }
    }
}
