package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.QueueSpec;

/**
 * The off-heap format of a {@code broadcast} queue: a descriptor and the published sequence in
 * {@code RingMemory.header()}, and the slots in the ring.
 *
 * <pre>
 * Header
 *   0       8          16       24         28        32     36       40          44       48      56        128         136
 *   +-------+----------+--------+----------+---------+------+--------+-----------+--------+-------+- - - - -+-----------+
 *   | magic | capacity | stride | physical | slots   | mode | record | consumers | adjust | mem   | (pad)   | published |
 *   |       |          |        | slots    | in use  |      | size   | (max)     | after K| cap C |         | sequence  |
 *   +-------+----------+--------+----------+---------+------+--------+-----------+--------+-------+- - - - -+-----------+
 *   "slots in use" is the physical count until the adjustment, then C / M clamped (release store).
 *   The published sequence (records 0 .. n-1 are readable) is on its own 128-byte span.
 *
 * Ring: every lap (positions L * capacity ..) is cut into the same slots
 *   0          stride     2 stride                 physical * stride          capacity
 *   +----------+----------+--------- … ------------+------------------ … -------+
 *   | slot 0   | slot 1   |                        | (unused tail, < stride)    |
 *   +----------+----------+--------- … ------------+------------------ … -------+
 *   A slot holds one record's bytes from its start; stride = align64(record size), so a
 *   record never crosses the seam and two slots never share a cache line.
 *
 * Ring with seam placement cross on split / linearize: records packed back to back
 *   0    stride/2                                           capacity (seam)
 *   +----+---------+-------+------- … ------+---------------+--+
 *   |tail| rec 0   | rec 1 |                | rec k …       |… | rec k's tail bytes wrap to 0
 *   +----+---------+-------+------- … ------+---------------+--+
 *   rec q+1 starts at align8(end of rec q); a record takes at most a stride, so the records in
 *   flight (at most the slots in use) never span more than the ring.
 * </pre>
 *
 * <p>What the consumers write (each slot's pending count, their cursors, the waiting bits) is
 * not here but on the Java heap: a broadcast queue's consumers are threads of one JVM (they
 * park, join and leave with handles), so nothing in this format is meant to be attached to
 * from another process, and {@link #checkFresh} refuses a header another queue has written.
 */
final class BroadcastDescriptor {

    /** "RLBCST" and format version 1. */
    static final long MAGIC = 0x524C_4243_5354_0001L;

    static final long MAGIC_OFFSET = 0;
    static final long CAPACITY_OFFSET = 8;
    static final long STRIDE_OFFSET = 16;
    static final long PHYSICAL_SLOTS_OFFSET = 24;
    static final long SLOTS_IN_USE_OFFSET = 28;
    static final long MODE_OFFSET = 32;
    static final long RECORD_SIZE_OFFSET = 36;
    static final long CONSUMERS_OFFSET = 40;
    static final long ADJUST_AFTER_OFFSET = 44;
    static final long MEMORY_CAP_OFFSET = 48;
    static final long PUBLISHED_OFFSET = 128;
    static final long HEADER_LENGTH = 256;

    /** Slots start on cache-line boundaries. */
    static final int SLOT_ALIGNMENT = 64;
    /** Consumers are bits of a {@code long}: the joined and the waiting masks. */
    static final int MAX_CONSUMERS = 64;
    /** The per-slot table on the heap takes 64 bytes a slot: 2^18 slots is 16 MiB. */
    static final int MAX_SLOTS = 1 << 18;

    private BroadcastDescriptor() {
    }

    /** Bytes between slot starts for records of up to {@code recordSize} bytes. */
    static long stride(int recordSize) {
        return Math.max(SLOT_ALIGNMENT, ((long) recordSize + SLOT_ALIGNMENT - 1) & -SLOT_ALIGNMENT);
    }

    /** Slots a ring of {@code capacity} holds at {@code stride}, at most {@link #MAX_SLOTS}; at least 1 or it throws. */
    static int physicalSlots(long capacity, long stride, int recordSize) {
        long slots = capacity / stride;
        if (slots < 1) {
            throw new IllegalArgumentException("a slot for records of " + recordSize + " bytes takes " + stride
                    + " bytes; the ring of " + capacity + " bytes holds none");
        }
        return (int) Math.min(slots, MAX_SLOTS);
    }

    static void checkConsumers(int consumers) {
        if (consumers > MAX_CONSUMERS) {
            throw new IllegalArgumentException("too many consumers: " + consumers + " were asked for, broadcast allows at most "
                    + MAX_CONSUMERS + " (one bit each in the joined and waiting masks)");
        }
    }

    static void checkHeaderFits(MemorySegment header) {
        if (header.byteSize() < HEADER_LENGTH) {
            throw new IllegalArgumentException("the memory's header has " + header.byteSize()
                    + " bytes, a broadcast queue needs " + HEADER_LENGTH);
        }
    }

    /** The header must be unused: a broadcast queue never attaches to another's (see the class comment). */
    static void checkFresh(MemorySegment header) {
        long magic = header.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET);
        if (magic != 0) {
            throw new IllegalArgumentException("the memory's header already holds a queue (magic 0x" + Long.toHexString(magic)
                    + (magic == MAGIC ? ", a broadcast queue" : "") + "); a broadcast queue needs memory no queue has used");
        }
    }

    /** Writes the descriptive fields; the magic goes last, with a release store, by the caller. */
    static void writeFields(MemorySegment header, long capacity, long stride, int physicalSlots, QueueSpec spec,
                            BroadcastOptions options) {
        header.set(ValueLayout.JAVA_LONG, CAPACITY_OFFSET, capacity);
        header.set(ValueLayout.JAVA_LONG, STRIDE_OFFSET, stride);
        header.set(ValueLayout.JAVA_INT, PHYSICAL_SLOTS_OFFSET, physicalSlots);
        header.set(ValueLayout.JAVA_INT, SLOTS_IN_USE_OFFSET, physicalSlots);
        header.set(ValueLayout.JAVA_INT, MODE_OFFSET, spec.mode().ordinal());
        header.set(ValueLayout.JAVA_INT, RECORD_SIZE_OFFSET, spec.recordSize());
        header.set(ValueLayout.JAVA_INT, CONSUMERS_OFFSET, spec.consumers());
        header.set(ValueLayout.JAVA_INT, ADJUST_AFTER_OFFSET, options.adjustAfter());
        header.set(ValueLayout.JAVA_LONG, MEMORY_CAP_OFFSET, options.memoryCap());
    }
}
