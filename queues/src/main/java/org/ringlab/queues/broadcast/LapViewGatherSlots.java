package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.SeamPlacement;

/**
 * The slots of {@code LapViewGatherBroadcastQueue}: {@link SeamPlacement#CROSS} on a
 * {@link LapViewMemory} with concurrent reads (split). Records packed; a straddling record
 * gathered once by the producer through the strategy's {@code window} (its gather, counted as
 * gather bytes, {@link GatheredRecords}), and every other record read in place, a slice of the
 * memory's read-only lap view; claims through {@link LapViewClaims} (in place, or the strategy's
 * staged claim across the seam). Both are cut at one slice site, of the lap view or of the
 * gathered window: a window that is a loaded segment on one branch and a fresh slice on the
 * other merges two objects at the return, and C2's escape analysis then keeps every window on
 * the heap (80 B per record and consumer); one site with a chosen base is removed wherever the
 * caller keeps no segment (a drain's handler). Records change offset every lap, so no segment
 * can be kept per slot as the in-place shapes do.
 */
final class LapViewGatherSlots {

    private final LapViewMemory memory;
    /** The lap view, read-only: consumers' in-place windows are its slices. */
    private final MemorySegment readLap;
    private final long capacity;
    private final long stride;
    private final LapViewClaims claims;
    final GatheredRecords gathered;

    LapViewGatherSlots(LapViewMemory memory, RefCountedBroadcastQueue queue) {
        this.memory = memory;
        this.readLap = memory.lapView().asReadOnly();
        this.capacity = memory.capacity();
        this.stride = queue.table.stride;
        this.claims = new LapViewClaims(memory);
        this.gathered = new GatheredRecords(memory, queue.table.physicalSlots);
    }

    long firstPosition() {
        return RecordPlacement.packedFirst(stride);
    }

    long positionAfter(long position, int length, int nextSlot, long lap) {
        return RecordPlacement.packedAfter(position, length);
    }

    void write(int slot, long position, MemorySegment record) {
        memory.write(position, record);
    }

    MemorySegment claim(int slot, long position, int length) {
        return claims.claim(position, length);
    }

    /** The claim's bytes into the ring: in place already, or the strategy's staged commit. */
    void commit(int slot, long position, int length) {
        claims.commit(position, length);
    }

    /** A straddling record's window, gathered once by the producer before it publishes the record. */
    void seal(int slot, long position, int length) {
        gathered.gather(slot, position, length);
    }

    MemorySegment window(int slot, long position, int length) {
        long at = memory.lapOffset(position);
        long size = length;
        MemorySegment base = readLap;
        if (at + length > capacity) {
            base = gathered.gathered[slot]; // the producer's gather of this record, published with it
            at = 0;
            size = base.byteSize(); // the record's length: the gathered segment is all of it
        }
        return base.asSlice(at, size);
    }

    void read(int slot, long position, int length, MemorySegment dst) {
        gathered.read(slot, position, length, dst);
    }
}
