package org.ringlab.queues.baseline;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.QueueSpec;

/**
 * The off-heap format of a {@code copy-per-consumer} queue: N sub-rings cut from one ring, each
 * an spsc queue's ring ({@link SubRingMemory}), their spsc headers in {@code RingMemory.header()}.
 *
 * <pre>
 * Header
 *   0       8          16              24          28     32            128                 512                 896
 *   +-------+----------+---------------+-----------+------+-------------+- - -+-------------+-------------+- - -
 *   | magic | capacity | sub-ring size | consumers | mode | record size | pad | spsc header | spsc header | …
 *   +-------+----------+---------------+-----------+------+-------------+- - -+-------------+-------------+- - -
 *                                                                             sub-ring 0    sub-ring 1
 *   Sub-ring c's spsc header: SUB_HEADER_LENGTH bytes at 128 + 384 c, in spsc's own format
 *   (SpscDescriptor), read and written by that sub-ring's spsc queue only: this queue asks spsc
 *   whether a record fits (SpscRingQueue.fitAfter) instead of reading spsc's positions.
 *
 * Ring: sub-ring c is bytes [c S, (c + 1) S) of every lap, S = align64-down(capacity / N)
 *   0            S            2 S                 N S        capacity
 *   +------------+------------+------- … ---------+- - - - - -+
 *   | sub-ring 0 | sub-ring 1 |                   | (unused)  |
 *   +------------+------------+------- … ---------+- - - - - -+
 *
 * Frames inside a sub-ring are spsc's (its segment path with seam placement pad): a record
 * never crosses the sub-ring's end (the next bytes belong to the next consumer); variable-length
 * records are spsc's frame (a word, the payload, padding to 8 bytes), aligned to
 * FRAME_ALIGNMENT; a record that would cross the end starts at the next lap.
 * </pre>
 */
final class CopyPerConsumerDescriptor {

    /** "RLCOPY" and format version 2 (1 had its own frames and positions per sub-ring). */
    static final long MAGIC = 0x524C_434F_5059_0002L;

    static final long MAGIC_OFFSET = 0;
    static final long CAPACITY_OFFSET = 8;
    static final long SUB_RING_SIZE_OFFSET = 16;
    static final long CONSUMERS_OFFSET = 24;
    static final long MODE_OFFSET = 28;
    static final long RECORD_SIZE_OFFSET = 32;
    static final long SUB_HEADERS_OFFSET = 128;
    /** What spsc's header takes (SpscDescriptor.HEADER_LENGTH). */
    static final long SUB_HEADER_LENGTH = 384;

    static final int RECORD_HEADER_LENGTH = 4;
    static final int FRAME_ALIGNMENT = 8;
    static final int SUB_RING_ALIGNMENT = 64;

    private CopyPerConsumerDescriptor() {
    }

    /** Where sub-ring {@code subRing}'s spsc header starts in the queue's header. */
    static long subHeaderOffset(int subRing) {
        return SUB_HEADERS_OFFSET + SUB_HEADER_LENGTH * subRing;
    }

    /** Frame of a variable-length record of {@code length} payload bytes. */
    static long variableFrameLength(long length) {
        return (RECORD_HEADER_LENGTH + length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    /** Consumers whose positions fit a header of {@code headerBytes}. */
    static int maxConsumers(long headerBytes) {
        return (int) ((headerBytes - SUB_HEADERS_OFFSET) / SUB_HEADER_LENGTH);
    }

    static void checkConsumers(int consumers, long headerBytes) {
        int max = maxConsumers(headerBytes);
        if (consumers > max) {
            throw new IllegalArgumentException("too many consumers: " + consumers + " were asked for; a header of "
                    + headerBytes + " bytes holds the spsc headers of " + max + " sub-rings");
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
