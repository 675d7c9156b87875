package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.Capability;
import org.ringlab.api.SegmentPathMemory;

/**
 * The slots of {@code ZeroCopySegmentBroadcastQueue}: segment-path memory whose claims and
 * windows are views of the ring ({@link Capability#ZERO_COPY_CLAIM} and
 * {@link Capability#ZERO_COPY_WINDOW}: doubled, the growable mirror), slotted. A slot's window
 * and claim are the same bytes every lap, and such a view stays valid until the bytes are
 * overwritten, so each slot keeps the read-only segment its consumers get and the writable claim
 * segment, one per record length the slot has seen ({@link SlotSegments}: taken from the strategy
 * the first time a length appears there). So {@code peek} and {@code claim} hand out no fresh
 * segment, whether or not escape analysis removes one, as on a mirror view. The strategy's
 * mechanism still runs where it lives: {@code write} and {@code commit} (doubled's mirror copy).
 *
 * <p>A claim still calls the strategy's {@code claim} (it registers the claim its
 * {@code commit} checks); the segment it returns is dropped unless the slot needs a new one,
 * and escape analysis removes a dropped one.
 */
final class ZeroCopySegmentSlots {

    private final SegmentPathMemory memory;
    private final long stride;
    /** Per slot, the read-only window of its current record; written by the producer only, before it publishes. */
    final MemorySegment[] records;
    /** Per slot, its read-only windows by length; the producer's. */
    private final SlotSegments windows;
    /** Per slot, its claim segments by length; the producer's. */
    private final SlotSegments claims;
    /** Per slot, the last claim segment handed out (the one a fixed-size or steady length takes again). */
    private final MemorySegment[] lastClaims;

    ZeroCopySegmentSlots(SegmentPathMemory memory, RefCountedBroadcastQueue queue) {
        int slots = queue.table.physicalSlots;
        this.memory = memory;
        this.stride = queue.table.stride;
        this.records = new MemorySegment[slots];
        this.windows = new SlotSegments(slots);
        this.claims = new SlotSegments(slots);
        this.lastClaims = new MemorySegment[slots];
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
        MemorySegment c = lastClaims[slot];
        if (c == null || c.byteSize() != length) {
            c = claims.find(slot, length);
        }
        if (c == null) {
            lastClaims[slot] = c = claims.put(slot, memory.claim(position, length));
        } else {
            lastClaims[slot] = c;
            // Registers the claim the commit checks. Its segment is the same bytes as c; never
            // stored (one store on the other branch would make escape analysis keep it on both).
            memory.claim(position, length);
        }
        return c;
    }

    void commit(int slot, long position, int length) {
        memory.commit(position, length);
    }

    /** Keeps slot {@code slot}'s read-only window at {@code length} bytes (plain store: published with the record). */
    void seal(int slot, long position, int length) {
        MemorySegment r = records[slot];
        if (r == null || r.byteSize() != length) {
            MemorySegment w = windows.find(slot, length);
            records[slot] = w != null ? w : windows.put(slot, memory.window(position, length));
        }
    }

    MemorySegment window(int slot, long position, int length) {
        return records[slot];
    }

    void read(int slot, long position, int length, MemorySegment dst) {
        memory.read(position, dst, 0, length);
    }
}
