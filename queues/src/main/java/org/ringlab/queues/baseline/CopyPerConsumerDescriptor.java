package org.ringlab.queues.baseline;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.QueueSpec;

/**
 * The off-heap format of a {@code copy-per-consumer} queue: N sub-rings cut from one ring,
 * their positions in {@code RingMemory.header()}.
 *
 * <pre>
 * Header
 *   0       8          16              24          28     32            128                   256                   384
 *   +-------+----------+---------------+-----------+------+-------------+- - -+--------------+- - -+--------------+- - -+ …
 *   | magic | capacity | sub-ring size | consumers | mode | record size | pad | producer pos | pad | consumer pos | pad | sub-ring 1 …
 *   +-------+----------+---------------+-----------+------+-------------+- - -+--------------+- - -+--------------+- - -+ …
 *   Sub-ring c: producer position at 128 + 256 c, consumer position at 256 + 256 c; each
 *   position alone on 128 bytes, so no two threads' stores share a line.
 *
 * Ring: sub-ring c is bytes [c S, (c + 1) S) of every lap, S = align64-down(capacity / N)
 *   0            S            2 S                 N S        capacity
 *   +------------+------------+------- … ---------+- - - - - -+
 *   | sub-ring 0 | sub-ring 1 |                   | (unused)  |
 *   +------------+------------+------- … ---------+- - - - - -+
 *
 * Frames inside a sub-ring are spsc's: variable-length records are an int length, the payload
 * and padding to 8 bytes, and a negative length -k pads k bytes to the sub-ring's end;
 * fixed-size records are the payload alone and skip to the next lap by the same rule. A frame
 * never crosses a sub-ring's end (the next bytes belong to the next consumer).
 * </pre>
 */
final class CopyPerConsumerDescriptor {

    /** "RLCOPY" and format version 1. */
    static final long MAGIC = 0x524C_434F_5059_0001L;

    static final long MAGIC_OFFSET = 0;
    static final long CAPACITY_OFFSET = 8;
    static final long SUB_RING_SIZE_OFFSET = 16;
    static final long CONSUMERS_OFFSET = 24;
    static final long MODE_OFFSET = 28;
    static final long RECORD_SIZE_OFFSET = 32;
    static final long POSITIONS_OFFSET = 128;
    static final long SUB_RING_HEADER = 256;

    static final int RECORD_HEADER_LENGTH = 4;
    static final int FRAME_ALIGNMENT = 8;
    static final int SUB_RING_ALIGNMENT = 64;

    private CopyPerConsumerDescriptor() {
    }

    static long producerPositionOffset(int subRing) {
        return POSITIONS_OFFSET + SUB_RING_HEADER * subRing;
    }

    static long consumerPositionOffset(int subRing) {
        return POSITIONS_OFFSET + SUB_RING_HEADER * subRing + 128;
    }

    /** Frame of a variable-length record of {@code length} payload bytes. */
    static long variableFrameLength(long length) {
        return (RECORD_HEADER_LENGTH + length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    /** Consumers whose positions fit a header of {@code headerBytes}. */
    static int maxConsumers(long headerBytes) {
        return (int) ((headerBytes - POSITIONS_OFFSET) / SUB_RING_HEADER);
    }

    static void checkConsumers(int consumers, long headerBytes) {
        int max = maxConsumers(headerBytes);
        if (consumers > max) {
            throw new IllegalArgumentException("too many consumers: " + consumers + " were asked for; a header of "
                    + headerBytes + " bytes holds the positions of " + max + " sub-rings");
        }
    }

    /** Sub-ring size for {@code consumers} sub-rings in {@code capacity} bytes; must take the largest frame in half. */
    static long subRingSize(long capacity, int consumers, long maxFrame, int recordSize) {
        long size = capacity / consumers / SUB_RING_ALIGNMENT * SUB_RING_ALIGNMENT;
        if (maxFrame > size / 2) {
            throw new IllegalArgumentException("a record of " + recordSize + " bytes takes " + maxFrame
                    + " bytes in a sub-ring; " + consumers + " sub-rings of a ring of " + capacity + " bytes get " + size
                    + " bytes each and take records of at most half that (a record never crosses a sub-ring's end)");
        }
        return size;
    }

    static void checkFresh(MemorySegment header) {
        long magic = header.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET);
        if (magic != 0) {
            throw new IllegalArgumentException("the memory's header already holds a queue (magic 0x" + Long.toHexString(magic)
                    + "); a copy-per-consumer queue needs memory no queue has used");
        }
    }

    /** Writes the descriptive fields; the magic goes last, with a release store, by the caller. */
    static void writeFields(MemorySegment header, long capacity, long subRingSize, QueueSpec spec) {
        header.set(ValueLayout.JAVA_LONG, CAPACITY_OFFSET, capacity);
        header.set(ValueLayout.JAVA_LONG, SUB_RING_SIZE_OFFSET, subRingSize);
        header.set(ValueLayout.JAVA_INT, CONSUMERS_OFFSET, spec.consumers());
        header.set(ValueLayout.JAVA_INT, MODE_OFFSET, spec.mode().ordinal());
        header.set(ValueLayout.JAVA_INT, RECORD_SIZE_OFFSET, spec.recordSize());
    }
}
