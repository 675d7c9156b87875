package org.ringlab.queues.broadcast;

import static org.ringlab.queues.broadcast.BroadcastDescriptor.MAGIC;
import static org.ringlab.queues.broadcast.BroadcastDescriptor.MAGIC_OFFSET;
import static org.ringlab.queues.broadcast.BroadcastDescriptor.PUBLISHED_OFFSET;
import static org.ringlab.queues.broadcast.BroadcastDescriptor.SLOTS_IN_USE_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.ringlab.api.QueueSpec;

/**
 * The slots of a broadcast queue: one 64-byte row per slot on the heap (its pending count, the
 * length, position and sequence of its record, the high-water mark of its storage), the
 * geometry ({@code stride}, slots the ring holds, the one-time adjustment), and the published
 * sequence in the memory's header ({@link BroadcastDescriptor}). A final class whose accessors
 * name their memory ordering, called by every shape's record path.
 */
final class SlotTable {

    private static final VarHandle HEADER_LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle HEADER_INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    /** A sequence no slot holds: a slot not written yet, a consumer holding no record. */
    static final long NONE = -1;

    // One row per slot (after one row of padding), so the pending counts of neighbouring slots
    // never share a cache line.
    private static final int ROW = 8;
    private static final int PENDING = 0;
    private static final int LENGTH = 1;
    private static final int POSITION = 2;
    private static final int SEQUENCE = 3;
    private static final int HIGH_WATER = 4;

    final MemorySegment header;
    final long capacity;
    final long stride;
    final int physicalSlots;
    /** The sequence from which the adjusted slot count is in force. */
    final long adjustAt;
    private final long[] table;

    /**
     * Slots in use from sequence {@code adjustAt} on. Written by the producer before it
     * publishes record {@code adjustAt - 1}; read by a consumer only once it holds that record.
     */
    int adjustedSlots;
    volatile SlotAdjustment adjustment;

    SlotTable(MemorySegment header, long capacity, int recordSize, long adjustAt) {
        this.header = header;
        this.capacity = capacity;
        this.stride = BroadcastDescriptor.stride(recordSize);
        this.physicalSlots = BroadcastDescriptor.physicalSlots(capacity, stride, recordSize);
        this.adjustAt = adjustAt;
        BroadcastDescriptor.checkHeaderFits(header);
        BroadcastDescriptor.checkFresh(header);
        this.table = new long[(physicalSlots + 1) * ROW];
        for (int s = 0; s < physicalSlots; s++) {
            table[row(s) + SEQUENCE] = NONE;
        }
        this.adjustedSlots = physicalSlots;
    }

    /** Writes the header's descriptive fields and sequence 0, then the magic that publishes them. */
    void writeHeader(QueueSpec spec, BroadcastOptions options) {
        BroadcastDescriptor.writeFields(header, capacity, stride, physicalSlots, spec, options);
        HEADER_LONG.set(header, PUBLISHED_OFFSET, 0L);
        // Publishes the descriptive fields to anyone reading the header.
        HEADER_LONG.setRelease(header, MAGIC_OFFSET, MAGIC);
    }

    private static int row(int slot) {
        return (slot + 1) * ROW;
    }

    // Memory ordering, named: lv = load with acquire, lvv = volatile load, sv = volatile
    // (sequentially consistent) store, sp = plain store, so = store with release,
    // gaa = atomic get-and-add.

    long lvPublished() {
        return (long) HEADER_LONG.getAcquire(header, PUBLISHED_OFFSET);
    }

    /** Volatile load: the half of the parking handshake that must not move above the waiting bit's store. */
    long lvvPublished() {
        return (long) HEADER_LONG.getVolatile(header, PUBLISHED_OFFSET);
    }

    /**
     * Publishes the staged records, their rows and pending counts (and the adjusted slot count).
     * Volatile, not only release: the waiting-mask load after it must not move above it (the
     * other half of a parking consumer's handshake).
     */
    void svPublished(long sequence) {
        HEADER_LONG.setVolatile(header, PUBLISHED_OFFSET, sequence);
    }

    long lvPending(int slot) {
        return (long) LONGS.getAcquire(table, row(slot) + PENDING);
    }

    long lvvPending(int slot) {
        return (long) LONGS.getVolatile(table, row(slot) + PENDING);
    }

    /** Releases the caller's reads of the slot to the producer: it may overwrite the slot once the count is 0. */
    long gaaPending(int slot, long delta) {
        return (long) LONGS.getAndAdd(table, row(slot) + PENDING, delta);
    }

    int length(int slot) {
        return (int) table[row(slot) + LENGTH];
    }

    long position(int slot) {
        return table[row(slot) + POSITION];
    }

    /** The sequence of the record slot {@code slot} holds (or last held), {@link #NONE} before its first. */
    long sequence(int slot) {
        return table[row(slot) + SEQUENCE];
    }

    /**
     * Records the slot's new record (plain stores, published by the next publish); returns by
     * how many bytes the slot's high-water mark grew.
     */
    long stageRow(int slot, int length, long position, long sequence) {
        int r = row(slot);
        table[r + LENGTH] = length;
        table[r + POSITION] = position;
        table[r + SEQUENCE] = sequence;
        long grew = length - table[r + HIGH_WATER];
        if (grew > 0) {
            table[r + HIGH_WATER] = length;
            return grew;
        }
        return 0;
    }

    /**
     * Sets the pending count of the slots of records {@code [from, to)} (plain stores, published
     * by the sequence), walking the slots from {@code slot} (of record {@code from}) as the write
     * cursor did.
     */
    void setPendingCounts(long from, long to, int count, int slot, int slotsInUse) {
        int s = slot;
        int inUse = slotsInUse;
        for (long q = from; q < to; q++) {
            table[row(s) + PENDING] = count;
            s++;
            if (q + 1 == adjustAt) {
                inUse = adjustedSlots;
            }
            if (s >= inUse) {
                s = 0;
            }
        }
    }

    /** After K records: the slot count from then on, published to readers of the header. */
    void adjustTo(int slots) {
        adjustedSlots = slots;
        HEADER_INT.setRelease(header, SLOTS_IN_USE_OFFSET, slots);
    }

    int slotsInUseInHeader() {
        return (int) HEADER_INT.getAcquire(header, SLOTS_IN_USE_OFFSET);
    }
}
