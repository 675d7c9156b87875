package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * The off-heap format of an {@code spsc} queue: its header (in {@code RingMemory.header()})
 * and its record frames (in the ring).
 *
 * <pre>
 * Header
 *   0        8          16     20            24     28          128                 136      256                 264      384
 *   +--------+----------+------+-------------+------+- - - - - -+-------------------+- - - - -+-------------------+- - - - -+
 *   | magic  | capacity | mode | record size | seam | (padding) | producer position | (pad)   | consumer position | (pad)   |
 *   +--------+----------+------+-------------+------+- - - - - -+-------------------+- - - - -+-------------------+- - - - -+
 *   seam: the spec's SeamPlacement ordinal (0 pad, 1 cross); checked on attach only where the
 *   memory's seam copies (there the two place records differently).
 *   The two positions are 128 bytes apart (two cache lines: adjacent-line prefetch) so the
 *   producer's and the consumer's stores never share a line.
 *
 * Variable-length record frame, 8-byte aligned
 *   0            4                       4 + length        frame length = align8(4 + length)
 *   +------------+-----------------------+- - - - - -+
 *   | length     | payload               | (pad)     |
 *   +------------+-----------------------+- - - - - -+
 *   A negative length -k marks k bytes of padding up to the end of the ring (strategies whose
 *   windows are not contiguous across the seam only).
 *
 * Fixed-size record frame: the payload alone, record-size bytes.
 * </pre>
 */
final class SpscDescriptor {

    /** "RLSPSC" and format version 1. */
    static final long MAGIC = 0x524C_5350_5343_0001L;

    static final long MAGIC_OFFSET = 0;
    static final long CAPACITY_OFFSET = 8;
    static final long MODE_OFFSET = 16;
    static final long RECORD_SIZE_OFFSET = 20;
    static final long SEAM_OFFSET = RECORD_SIZE_OFFSET + Integer.BYTES;
    static final long PRODUCER_POSITION_OFFSET = 128;
    static final long CONSUMER_POSITION_OFFSET = 256;
    static final long HEADER_LENGTH = 384;

    static final int RECORD_HEADER_LENGTH = 4;
    static final int FRAME_ALIGNMENT = 8;

    private SpscDescriptor() {
    }

    /** Frame of a variable-length record of {@code length} payload bytes. */
    static long variableFrameLength(long length) {
        return (RECORD_HEADER_LENGTH + length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    static void checkHeaderFits(MemorySegment header) {
        if (header.byteSize() < HEADER_LENGTH) {
            throw new IllegalArgumentException("the memory's header has " + header.byteSize()
                    + " bytes, an spsc queue needs " + HEADER_LENGTH);
        }
    }

    /**
     * A header already written by another queue on the same memory (another process) must
     * describe the same queue: the message names the field, what it holds and what was asked.
     */
    static void checkAttach(MemorySegment header, long capacity, QueueSpec spec, boolean seamMatters) {
        long magic = header.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET);
        if (magic != MAGIC) {
            throw new IllegalArgumentException("not an spsc queue header: magic 0x" + Long.toHexString(magic)
                    + ", expected 0x" + Long.toHexString(MAGIC));
        }
        checkField("capacity", header.get(ValueLayout.JAVA_LONG, CAPACITY_OFFSET), capacity);
        checkField("record mode", header.get(ValueLayout.JAVA_INT, MODE_OFFSET), spec.mode().ordinal());
        checkField("record size", header.get(ValueLayout.JAVA_INT, RECORD_SIZE_OFFSET), spec.recordSize());
        if (seamMatters) {
            int seam = header.get(ValueLayout.JAVA_INT, SEAM_OFFSET);
            if (seam != spec.seam().ordinal()) {
                throw new IllegalArgumentException("the spsc header holds seam placement "
                        + (seam >= 0 && seam < SeamPlacement.values().length ? SeamPlacement.values()[seam] : String.valueOf(seam))
                        + " but the queue was asked for " + spec.seam());
            }
        }
    }

    private static void checkField(String field, long found, long expected) {
        if (found != expected) {
            throw new IllegalArgumentException("the spsc header holds " + field + " " + found
                    + " but the queue was asked for " + expected);
        }
    }

    /** Writes the descriptive fields; the magic goes last, with a release store, by the caller. */
    static void writeFields(MemorySegment header, long capacity, QueueSpec spec) {
        header.set(ValueLayout.JAVA_LONG, CAPACITY_OFFSET, capacity);
        header.set(ValueLayout.JAVA_INT, MODE_OFFSET, spec.mode().ordinal());
        header.set(ValueLayout.JAVA_INT, RECORD_SIZE_OFFSET, spec.recordSize());
        header.set(ValueLayout.JAVA_INT, SEAM_OFFSET, spec.seam().ordinal());
    }
}
