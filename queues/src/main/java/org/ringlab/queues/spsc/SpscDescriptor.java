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
 *   0        8          16     20            24     28            32          128                 136      256                 264      384
 *   +--------+----------+------+-------------+------+-------------+- - - - - -+-------------------+- - - - -+-------------------+- - - - -+
 *   | magic  | capacity | mode | record size | seam | publication | (padding) | producer position | (pad)   | consumer position | (pad)   |
 *   +--------+----------+------+-------------+------+-------------+- - - - - -+-------------------+- - - - -+-------------------+- - - - -+
 *   seam: the spec's SeamPlacement ordinal (0 pad, 1 cross); checked on attach only where the
 *   memory's seam copies (there the two place records differently).
 *   publication: 0 = by the producer position (the consumer acquires it to see records;
 *   fixed records, growing rings), 2 = by each record's length word, closed by a zero
 *   terminator word the producer writes after it (variable records on a mirror view, written
 *   in place, or on a segment path, through RingMemory.writeIntRelease/readIntAcquire; the
 *   same frames, so either queue class attaches to the other's ring; the consumer acquires
 *   the word and never writes the ring; the producer position
 *   is only a value the producer's position had, stored about once a lap and on close, for
 *   other processes' counters: an attaching producer walks the words from the consumer
 *   position to the terminator instead of trusting it).
 *   1 is a length-word protocol whose consumer zeroes consumed frames, which ringlab does not
 *   write: its producers write no terminator, so a ring holding 1 is refused, never joined.
 *   The two positions are 128 bytes apart (two cache lines: adjacent-line prefetch) so the
 *   producer's and the consumer's stores never share a line.
 *
 * Variable-length record frame, 8-byte aligned (so the word never straddles the seam)
 *   0                 4                       4 + length        frame length = align8(4 + length)
 *   +-----------------+-----------------------+- - - - - -+
 *   | word = 4+length | payload               | (pad)     |
 *   +-----------------+-----------------------+- - - - - -+
 *   The word of a record is 4 + its payload length: never 0, so with length-word publication
 *   0 means "nothing published here yet". A new ring starts zeroed, and the producer writes a
 *   zero word (the terminator) at the end of what it publishes before the release of the
 *   first new word: the word at the consumer's position is a terminator or a real word, never
 *   an older lap's payload. So TERMINATOR_RESERVE (8) bytes after the newest frame stay free:
 *   a ring of N bytes holds at most N - 8 bytes of frames. A negative word -k marks k bytes of
 *   padding up to the end of the ring (strategies whose windows are not contiguous across the
 *   seam only); with publication 2 it is released over the old terminator after the record a
 *   lap on is written, so one release publishes both.
 *
 * Fixed-size record frame: the payload alone, record-size bytes.
 * </pre>
 */
final class SpscDescriptor {

    /** "RLSPSC" and format version 2 (1 had no publication field, and its word was the bare payload length). */
    static final long MAGIC = 0x524C_5350_5343_0002L;

    static final long MAGIC_OFFSET = 0;
    static final long CAPACITY_OFFSET = 8;
    static final long MODE_OFFSET = 16;
    static final long RECORD_SIZE_OFFSET = 20;
    static final long SEAM_OFFSET = RECORD_SIZE_OFFSET + Integer.BYTES;
    static final long PUBLICATION_OFFSET = SEAM_OFFSET + Integer.BYTES;
    /** Two cache lines from the start and from each other (adjacent-line prefetch). */
    static final long POSITION_SPACING = 128;
    static final long PRODUCER_POSITION_OFFSET = POSITION_SPACING;
    static final long CONSUMER_POSITION_OFFSET = PRODUCER_POSITION_OFFSET + POSITION_SPACING;
    static final long HEADER_LENGTH = CONSUMER_POSITION_OFFSET + POSITION_SPACING;

    static final int PUBLISHED_BY_POSITION = 0;
    /** Length words with frames zeroed by the consumer, a format ringlab does not write: recognised only to refuse it by name. */
    static final int PUBLISHED_BY_CONSUMER_ZEROED_LENGTH_WORD = 1;
    static final int PUBLISHED_BY_LENGTH_WORD = 2;

    static final int RECORD_HEADER_LENGTH = 4;
    static final int FRAME_ALIGNMENT = 8;
    /** Free bytes kept after the newest frame for its terminator word: one word, rounded up to a frame alignment. */
    static final int TERMINATOR_RESERVE = (RECORD_HEADER_LENGTH + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;

    private SpscDescriptor() {
    }

    /** The word of a record of {@code length} payload bytes. */
    static int recordWord(long length) {
        return (int) (RECORD_HEADER_LENGTH + length);
    }

    /** The payload length a record's word holds. */
    static int recordLength(int word) {
        return word - RECORD_HEADER_LENGTH;
    }

    /** Frame of a record whose word is {@code word}. */
    static long frameOfWord(int word) {
        return (word + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    /** The word that publishes nothing: the terminator after the newest record, and a new ring's first word. */
    static final int TERMINATOR = 0;

    /** Most bytes of frames a ring of {@code capacity} bytes queues at once: the terminator's word stays free after them. */
    static long frameLimit(long capacity) {
        return capacity - TERMINATOR_RESERVE;
    }

    /** Whether frames ending at {@code end} fit a ring whose consumer is at {@code consumerPosition}. */
    static boolean fits(long end, long consumerPosition, long frameLimit) {
        return end - consumerPosition <= frameLimit;
    }

    /** The word of padding from {@code from} to the record at {@code at} (the seam): {@code -k} for k bytes. */
    static int paddingWord(long from, long at) {
        return (int) -(at - from);
    }

    /** Whether {@code word} (not the terminator) is padding rather than a record's word. */
    static boolean isPadding(int word) {
        return word < 0;
    }

    /** Where the record behind the padding word {@code word} at {@code at} starts. */
    static long afterPadding(long at, int word) {
        return at - word;
    }

    /** Frame of a variable-length record of {@code length} payload bytes. */
    static long variableFrameLength(long length) {
        return (RECORD_HEADER_LENGTH + length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    /**
     * Where a frame of {@code frame} bytes goes under seam placement pad, when the next byte is
     * {@code from} at ring offset {@code offset}: {@code from}, or the start of the next lap
     * when the frame would cross the seam (the bytes between are padding, their first word
     * {@code -k}). One rule for every class that pads variable records, so that each attaches
     * to the others' rings.
     */
    static long padToLap(long from, long offset, long frame, long capacity) {
        return offset + frame > capacity ? from + capacity - offset : from;
    }

    /**
     * Where a producer that attaches continues: the position of the first zero word (the
     * terminator after the newest record) found by walking the words from
     * {@code consumerPosition}, each read by {@code wordAt} (a position's word, acquired):
     * a record's word steps over its frame, a padding word {@code -k} over k bytes to the seam.
     * Cold: once per queue built; at most a lap of words.
     *
     * @throws IllegalStateException when the words do not describe a ring of these records (a
     *                               word out of range, padding that does not end at the seam,
     *                               or more than a lap of frames)
     */
    static long walkToTerminator(java.util.function.LongToIntFunction wordAt, long consumerPosition, int recordSize,
                                 long capacity) {
        long frameLimit = capacity - TERMINATOR_RESERVE;
        int maxWord = recordWord(recordSize);
        long at = consumerPosition;
        while (true) {
            int word = wordAt.applyAsInt(at);
            if (word == 0) {
                return at;
            }
            long next;
            if (word < 0) {
                next = at - word;
                if (next % capacity != 0) {
                    throw new IllegalStateException("spsc ring corrupt: the padding word at position " + at + " holds "
                            + word + ", which does not end at the seam of a ring of " + capacity + " bytes");
                }
            } else if (word < RECORD_HEADER_LENGTH || word > maxWord) {
                throw new IllegalStateException("spsc ring corrupt: the length word at position " + at + " holds "
                        + word + ", records of this queue have words 4.." + maxWord + " (consumer position "
                        + consumerPosition + ")");
            } else {
                next = at + frameOfWord(word);
            }
            at = next;
            if (at - consumerPosition > frameLimit) {
                throw new IllegalStateException("spsc ring corrupt: the length words from the consumer position "
                        + consumerPosition + " run past " + at + ", more than the " + frameLimit
                        + " bytes of frames a ring of " + capacity + " bytes holds (no zero terminator)");
            }
        }
    }

    /**
     * A ring of {@code capacity} bytes takes variable records of up to {@code recordSize} bytes:
     * the capacity is a multiple of the frame alignment, and the largest frame fits in
     * {@code room} (half the ring where records pad to the next lap) with the terminator's
     * reserve free after it. The message names the values.
     */
    static void checkVariableFrames(int recordSize, long capacity, long room, String strategyName) {
        if (capacity % FRAME_ALIGNMENT != 0) {
            throw new IllegalArgumentException("variable-length records need a capacity that is a multiple of "
                    + FRAME_ALIGNMENT + ", got " + capacity);
        }
        long frameLimit = capacity - TERMINATOR_RESERVE;
        long maxFrame = variableFrameLength(recordSize);
        long most = Math.min(room, frameLimit);
        if (maxFrame > most) {
            throw new IllegalArgumentException("a record of " + recordSize + " bytes takes " + maxFrame
                    + " bytes in the ring; " + (room < frameLimit
                            ? "the most a ring of " + capacity + " bytes takes here is " + most + " (half the ring: "
                                    + strategyName + " windows are not contiguous across the seam and the seam"
                                    + " placement is pad; with cross a record may take the ring but 8 bytes)"
                            : "a ring of " + capacity + " bytes takes frames of at most " + most + " ("
                                    + TERMINATOR_RESERVE + " bytes stay free for the zero word after the newest record)"));
        }
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
    static void checkAttach(MemorySegment header, long capacity, QueueSpec spec, boolean seamMatters, int publication) {
        long magic = header.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET);
        if (magic != MAGIC) {
            throw new IllegalArgumentException("not an spsc queue header: magic 0x" + Long.toHexString(magic)
                    + ", expected 0x" + Long.toHexString(MAGIC));
        }
        checkField("capacity", header.get(ValueLayout.JAVA_LONG, CAPACITY_OFFSET), capacity);
        checkField("record mode", header.get(ValueLayout.JAVA_INT, MODE_OFFSET), spec.mode().ordinal());
        checkField("record size", header.get(ValueLayout.JAVA_INT, RECORD_SIZE_OFFSET), spec.recordSize());
        int found = header.get(ValueLayout.JAVA_INT, PUBLICATION_OFFSET);
        if (found != publication) {
            throw new IllegalArgumentException("the spsc header holds publication " + publicationName(found)
                    + " but this queue publishes " + publicationName(publication)
                    + " (length words: variable records without a growth policy; positions: fixed records and growing rings)");
        }
        if (seamMatters) {
            int seam = header.get(ValueLayout.JAVA_INT, SEAM_OFFSET);
            if (seam != spec.seam().ordinal()) {
                throw new IllegalArgumentException("the spsc header holds seam placement "
                        + (seam >= 0 && seam < SeamPlacement.values().length ? SeamPlacement.values()[seam] : String.valueOf(seam))
                        + " but the queue was asked for " + spec.seam());
            }
        }
    }

    private static String publicationName(int publication) {
        return switch (publication) {
            case PUBLISHED_BY_POSITION -> "0 (by the producer position)";
            case PUBLISHED_BY_CONSUMER_ZEROED_LENGTH_WORD ->
                    "1 (by each record's length word, frames zeroed by the consumer: a format ringlab does not write)";
            case PUBLISHED_BY_LENGTH_WORD -> "2 (by each record's length word, closed by a zero terminator)";
            default -> publication + " (unknown)";
        };
    }

    private static void checkField(String field, long found, long expected) {
        if (found != expected) {
            throw new IllegalArgumentException("the spsc header holds " + field + " " + found
                    + " but the queue was asked for " + expected);
        }
    }

    /** Writes the descriptive fields; the magic goes last, with a release store, by the caller. */
    static void writeFields(MemorySegment header, long capacity, QueueSpec spec, int publication) {
        header.set(ValueLayout.JAVA_LONG, CAPACITY_OFFSET, capacity);
        header.set(ValueLayout.JAVA_INT, MODE_OFFSET, spec.mode().ordinal());
        header.set(ValueLayout.JAVA_INT, RECORD_SIZE_OFFSET, spec.recordSize());
        header.set(ValueLayout.JAVA_INT, SEAM_OFFSET, spec.seam().ordinal());
        header.set(ValueLayout.JAVA_INT, PUBLICATION_OFFSET, publication);
    }
}
