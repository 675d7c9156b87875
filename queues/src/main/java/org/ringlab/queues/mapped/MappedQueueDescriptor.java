package org.ringlab.queues.mapped;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The off-heap format of a mapped queue file: a header page, then chunks of record frames.
 *
 * <pre>
 * File
 *   0                H               H + C           H + 2C
 *   | header page    | chunk 0       | chunk 1       | ...     grows a chunk at a time
 *   Data position p lives in chunk p / C at offset p % C; no frame spans two chunks.
 *
 * Header (descriptive fields are written once, before the magic, and covered by the checksum)
 *   0       8         12       16             24            32           36         40          48         52
 *   +-------+---------+--------+--------------+-------------+------------+----------+-----------+----------+- - -+
 *   | magic | version | layout | header bytes | chunk bytes | max record | rec. sum | created   | checksum |     |
 *   +-------+---------+--------+--------------+-------------+------------+----------+-----------+----------+- - -+
 *   rec. sum: the record checksum kind, 0 none, 1 CRC32C ({@link RecordChecksum}).
 *   128            132          136          144                 152
 *   +--------------+------------+------------+-------------------+------------+- - -+   writer ownership (one line)
 *   | writer state | close seal | writer pid | writer start (ms) | generation |     |   pid CAS'd on take-over
 *   +--------------+------------+------------+-------------------+------------+- - -+
 *   256                  264                   384           512
 *   +--------------------+-------------------+- - -+-------------+- - -+
 *   | published end      | last record start |     | chunk count |     |   hints, each on its own lines
 *   +--------------------+-------------------+- - -+-------------+- - -+
 *   Writer state (0 none, 1 active, 2 closed) is checked to be one of those; pid and start say
 *   whether the writer lives, generation counts owners (a take-over bumps it before it rewrites
 *   any hint, so a reader that reads it before and after the close seal sees a rewrite).
 *   Close seal: stored by a closing writer before the state 2 (closed): CRC32C of the published
 *   end and the chunk count ({@link #seal}), so the end of a closed file is known and checked,
 *   never guessed: frames that stop before it, a count that does not reach it, or a seal that
 *   does not match are damage, reported by readers, attaching at the end and take-over.
 *   Published end: where the last record (or padding) published so far ends, stored after it with
 *   a release store: a word of zero before it is damage while the writer is alive or gone too.
 *   Last record start: where a reader attaching "from the end" and a writer taking over start
 *   their forward scan, only when the record there proves itself (marker, length in range, frame
 *   inside its chunk, and a CRC32C that covers its own data position), else from position 0.
 *   Chunk count is what readers may map: released only after the file has grown; checked
 *   against the file size (a take-over also scans into chunks the file has but the count lacks).
 *
 * Record frame, 8-byte aligned, inside one chunk
 *   0             4             8             12            16               16 + length    align8(16 + length)
 *   +-------------+-------------+-------------+-------------+----------------+- - - - - - -+
 *   | length      | marker      | checksum    | (0)         | payload        | (pad)       |
 *   +-------------+-------------+-------------+-------------+----------------+- - - - - - -+
 *   The 8-byte word (length, marker) publishes the record: stored with a release store AFTER the
 *   payload and the checksum; marker 0 means "not published yet". The checksum is CRC32C over
 *   the frame's data position (8 bytes, little-endian), its length (4 bytes, little-endian) and
 *   its payload, so a record copied or misread at another position fails too; 0 when the file's
 *   record checksum kind is none.
 *
 * Padding frame, filling the rest of a chunk when the next record does not fit
 *   0             4             8             12
 *   +-------------+-------------+-------------+- - - - - - - - - - - - - - - - - - -+
 *   | length      | marker PAD  | checksum    | (rest of the chunk, unread)         |
 *   +-------------+-------------+-------------+- - - - - - - - - - - - - - - - - - -+
 *   Length is the bytes after the word: exactly the rest of the chunk. When it is 8 or more the
 *   checksum follows the word: CRC32C over the frame's data position (8 bytes), its length
 *   (4 bytes) and the marker (4 bytes, all little-endian), whatever the record checksum kind
 *   ({@link #paddingChecksum}), so a padding word forged over records is caught; a padding of
 *   length 0 (the last 8 bytes of a chunk, where no record fits) skips nothing and has none.
 * </pre>
 */
final class MappedQueueDescriptor {

    /** "RLMAPQ" then two zero bytes. */
    static final long MAGIC = 0x524C_4D41_5051_0000L;
    /**
     * Version 3 added the close seal and the padding checksum; version 2 added the record
     * checksum. Older files are refused by name.
     */
    static final int VERSION = 3;
    /**
     * Layout 3: 16-byte record header (length, marker, checksum, 0), payload, padding to 8;
     * padding frames checksummed; frames never span chunks.
     */
    static final int LAYOUT = 3;

    static final long MAGIC_OFFSET = 0;
    static final long VERSION_OFFSET = 8;
    static final long LAYOUT_OFFSET = 12;
    static final long HEADER_BYTES_OFFSET = 16;
    static final long CHUNK_BYTES_OFFSET = 24;
    static final long MAX_RECORD_OFFSET = CHUNK_BYTES_OFFSET + Long.BYTES;
    static final long RECORD_CHECKSUM_OFFSET = MAX_RECORD_OFFSET + Integer.BYTES;
    static final long CREATED_OFFSET = RECORD_CHECKSUM_OFFSET + Integer.BYTES;
    static final long CHECKSUM_OFFSET = CREATED_OFFSET + Long.BYTES;
    /** The checksum covers bytes [0, CHECKSUM_OFFSET). */
    static final int CHECKED_BYTES = (int) CHECKSUM_OFFSET;

    /** Each group of fields that changes at run time starts a line of its own (no false sharing with the next). */
    private static final long LINE = 128;
    static final long WRITER_STATE_OFFSET = LINE;
    static final long SEAL_OFFSET = WRITER_STATE_OFFSET + Integer.BYTES;
    static final long WRITER_PID_OFFSET = WRITER_STATE_OFFSET + Long.BYTES;
    static final long WRITER_START_OFFSET = WRITER_PID_OFFSET + Long.BYTES;
    static final long GENERATION_OFFSET = WRITER_START_OFFSET + Long.BYTES;
    static final long PUBLISHED_END_OFFSET = 2 * LINE;
    static final long LAST_RECORD_OFFSET = PUBLISHED_END_OFFSET + Long.BYTES;
    static final long CHUNK_COUNT_OFFSET = 3 * LINE;
    static final long HEADER_LENGTH = 4 * LINE;

    static final int STATE_NONE = 0;
    static final int STATE_ACTIVE = 1;
    static final int STATE_CLOSED = 2;

    /** The (length, marker) word that publishes a frame; a padding frame is this word alone. */
    static final int WORD_LENGTH = 8;
    /** Offset of the record checksum in a record frame. */
    static final int FRAME_CHECKSUM_OFFSET = WORD_LENGTH;
    static final int RECORD_HEADER_LENGTH = FRAME_CHECKSUM_OFFSET + 2 * Integer.BYTES;
    static final int FRAME_ALIGNMENT = 8;
    /** "REC1", the marker of a published record. */
    static final int RECORD_MARKER = 0x5245_4331;
    /** "PAD1", the marker of padding to the end of the chunk. */
    static final int PAD_MARKER = 0x5041_4431;

    private MappedQueueDescriptor() {
    }

    static long frameLength(long length) {
        return (RECORD_HEADER_LENGTH + length + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    static long recordWord(int length) {
        return ((long) RECORD_MARKER << 32) | (length & 0xFFFF_FFFFL);
    }

    /** Whether a frame of a record of {@code length} bytes at {@code offset} in its chunk ends inside the chunk. */
    static boolean fitsChunk(long offset, int length, long chunkBytes) {
        return offset + frameLength(length) <= chunkBytes;
    }

    static long padWord(long bytesAfterWord) {
        return ((long) PAD_MARKER << 32) | (bytesAfterWord & 0xFFFF_FFFFL);
    }

    static int marker(long word) {
        return (int) (word >>> 32);
    }

    static int length(long word) {
        return (int) word;
    }

    /** The checksum of a padding frame of {@code length} bytes after its word, at data {@code position}. */
    static int paddingChecksum(CRC32C crc, long position, int length) {
        crc.reset();
        updateLong(crc, position);
        updateInt(crc, length);
        updateInt(crc, PAD_MARKER);
        return (int) crc.getValue();
    }

    /** The close seal over a closed file's published end and chunk count. */
    static int seal(CRC32C crc, long publishedEnd, long chunkCount) {
        crc.reset();
        updateLong(crc, publishedEnd);
        updateLong(crc, chunkCount);
        return (int) crc.getValue();
    }

    /** Little-endian, a byte at a time: a few bytes per chunk or per close, no scratch array needed. */
    private static void updateLong(CRC32C crc, long value) {
        updateInt(crc, (int) value);
        updateInt(crc, (int) (value >>> 32));
    }

    private static void updateInt(CRC32C crc, int value) {
        for (int shift = 0; shift < Integer.SIZE; shift += Byte.SIZE) {
            crc.update(value >>> shift);
        }
    }

    /** The descriptive fields of a header, as read and checked by {@link #check}. */
    record Fields(long headerBytes, long chunkBytes, int maxRecord, RecordChecksum recordChecksum, long createdMillis) {
    }

    /** Writes the descriptive fields and their checksum; the magic goes last, released, by the caller. */
    static void writeFields(MemorySegment header, long headerBytes, long chunkBytes, int maxRecord,
                            RecordChecksum recordChecksum, long createdMillis) {
        header.set(ValueLayout.JAVA_INT, VERSION_OFFSET, VERSION);
        header.set(ValueLayout.JAVA_INT, LAYOUT_OFFSET, LAYOUT);
        header.set(ValueLayout.JAVA_LONG, HEADER_BYTES_OFFSET, headerBytes);
        header.set(ValueLayout.JAVA_LONG, CHUNK_BYTES_OFFSET, chunkBytes);
        header.set(ValueLayout.JAVA_INT, MAX_RECORD_OFFSET, maxRecord);
        header.set(ValueLayout.JAVA_INT, RECORD_CHECKSUM_OFFSET, recordChecksum.code());
        header.set(ValueLayout.JAVA_LONG, CREATED_OFFSET, createdMillis);
        header.set(ValueLayout.JAVA_INT, CHECKSUM_OFFSET, checksum(header, MAGIC));
    }

    /** CRC32C of the checked bytes with {@code magic} in place of bytes 0..7 (the magic is stored last). */
    static int checksum(MemorySegment header, long magic) {
        byte[] bytes = header.asSlice(0, CHECKED_BYTES).toArray(ValueLayout.JAVA_BYTE);
        MemorySegment.ofArray(bytes).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, magic);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    /** Checks a creation request; the message names the bad value and the limit. */
    static void checkConfig(long chunkBytes, int maxRecord) {
        if (maxRecord <= 0) {
            throw new IllegalArgumentException("max record size must be positive, got " + maxRecord);
        }
        if (frameLength(maxRecord) > chunkBytes) {
            throw new IllegalArgumentException("a record of " + maxRecord + " bytes takes " + frameLength(maxRecord)
                    + " bytes with its header, more than a chunk of " + chunkBytes + " (records never span chunks)");
        }
    }

    /**
     * Validates a header read from {@code file} ({@code fileSize} bytes long): a foreign,
     * truncated or corrupted file is refused with a message naming the file, the field, what
     * it holds and what was expected.
     */
    static Fields check(Path file, MemorySegment header, long fileSize) {
        if (fileSize < HEADER_LENGTH || header.byteSize() < HEADER_LENGTH) {
            throw new IllegalArgumentException(file + " is truncated: " + fileSize + " bytes, a mapped queue header alone has "
                    + HEADER_LENGTH);
        }
        long magic = header.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET);
        if (magic == 0) {
            throw new IllegalArgumentException(file + " is not a mapped queue (yet): its magic is 0, either it is being "
                    + "created right now or it is another kind of file");
        }
        if (magic != MAGIC) {
            throw new IllegalArgumentException(file + " is not a ringlab mapped queue: magic 0x" + Long.toHexString(magic)
                    + ", expected 0x" + Long.toHexString(MAGIC));
        }
        int version = header.get(ValueLayout.JAVA_INT, VERSION_OFFSET);
        if (version != VERSION) {
            throw new IllegalArgumentException(file + " has mapped queue format version " + version
                    + "; this code reads version " + VERSION + " only" + switch (version) {
                        case 1 -> " (version 1 has no record checksums: drain it with the old code and create a new queue)";
                        case 2 -> " (version 2 has no close seal and no padding checksums, so a damaged end or a forged"
                                + " padding could not be told: drain it with the old code and create a new queue)";
                        default -> "";
                    });
        }
        int expected = checksum(header, magic);
        int stored = header.get(ValueLayout.JAVA_INT, CHECKSUM_OFFSET);
        if (stored != expected) {
            throw new IllegalArgumentException(file + " has a corrupted header: checksum 0x" + Integer.toHexString(stored)
                    + " but its fields hash to 0x" + Integer.toHexString(expected));
        }
        int layout = header.get(ValueLayout.JAVA_INT, LAYOUT_OFFSET);
        if (layout != LAYOUT) {
            throw new IllegalArgumentException(file + " has record layout " + layout + "; this code reads layout "
                    + LAYOUT + " only");
        }
        long headerBytes = header.get(ValueLayout.JAVA_LONG, HEADER_BYTES_OFFSET);
        long chunkBytes = header.get(ValueLayout.JAVA_LONG, CHUNK_BYTES_OFFSET);
        int maxRecord = header.get(ValueLayout.JAVA_INT, MAX_RECORD_OFFSET);
        if (headerBytes < HEADER_LENGTH || headerBytes % 4096 != 0) {
            throw corrupted(file, "header bytes", headerBytes, "a multiple of 4096 of at least " + HEADER_LENGTH);
        }
        if (chunkBytes <= 0 || chunkBytes % headerBytes != 0) {
            throw corrupted(file, "chunk bytes", chunkBytes, "a positive multiple of the header size " + headerBytes);
        }
        if (maxRecord <= 0 || frameLength(maxRecord) > chunkBytes) {
            throw corrupted(file, "max record", maxRecord, "1.." + (chunkBytes - RECORD_HEADER_LENGTH));
        }
        int sumCode = header.get(ValueLayout.JAVA_INT, RECORD_CHECKSUM_OFFSET);
        RecordChecksum recordChecksum = RecordChecksum.ofCode(sumCode);
        if (recordChecksum == null) {
            throw corrupted(file, "record checksum kind", sumCode, RecordChecksum.allowedCodes());
        }
        if (fileSize < headerBytes) {
            throw new IllegalArgumentException(file + " is truncated: " + fileSize + " bytes, less than its "
                    + headerBytes + "-byte header page");
        }
        return new Fields(headerBytes, chunkBytes, maxRecord, recordChecksum,
                header.get(ValueLayout.JAVA_LONG, CREATED_OFFSET));
    }

    /**
     * The chunk count must describe a file of {@code fileSize} bytes, and the writer state be one
     * this code knows. The end is checked where the frames stop ({@link QueueFile#checkStop},
     * {@link QueueFile#checkRecoveredEnd}); the last-record hint only where it proves itself
     * ({@link QueueFile#provenStart}).
     */
    static void checkPositions(Path file, Fields f, long chunkCount, int writerState, long fileSize) {
        if (chunkCount < 0 || chunkCount > (Long.MAX_VALUE - f.headerBytes()) / f.chunkBytes()) {
            throw corrupted(file, "chunk count", chunkCount, "0.." + (Long.MAX_VALUE - f.headerBytes()) / f.chunkBytes());
        }
        long needed = f.headerBytes() + chunkCount * f.chunkBytes();
        if (fileSize < needed) {
            throw new IllegalArgumentException(file + " is truncated: its header counts " + chunkCount + " chunks of "
                    + f.chunkBytes() + " bytes (" + needed + " bytes in all) but the file has " + fileSize);
        }
        checkWriterState(file, writerState);
    }

    static void checkWriterState(Path file, int writerState) {
        if (writerState != STATE_NONE && writerState != STATE_ACTIVE && writerState != STATE_CLOSED) {
            throw corrupted(file, "writer state", writerState, STATE_NONE + " (none), " + STATE_ACTIVE + " (active) or "
                    + STATE_CLOSED + " (closed)");
        }
    }

    /** A record whose stored checksum is not the one its position, length and payload hash to. */
    static IllegalStateException checksumMismatch(Path file, long position, int length, int stored, int computed) {
        return new IllegalStateException(file + " is corrupted at data position " + position + ": the record of "
                + length + " bytes there has checksum 0x" + Integer.toHexString(stored) + " but its position, length and"
                + " payload hash to 0x" + Integer.toHexString(computed) + " (CRC32C)");
    }

    /** A record frame that would run past the end of its chunk (a damaged length). */
    static IllegalStateException frameOutsideChunk(Path file, long position, int length, long chunkBytes) {
        return new IllegalStateException(file + " is corrupted at data position " + position + ": a record of "
                + length + " bytes takes " + frameLength(length) + " bytes, past the end of its " + chunkBytes
                + "-byte chunk at " + (position / chunkBytes + 1) * chunkBytes + " (records never span chunks)");
    }

    /** A padding word whose length is not the rest of its chunk, or whose checksum does not match. */
    static void checkPadding(Path file, long position, long word, long chunkBytes, int stored, int computed) {
        long rest = chunkBytes - position % chunkBytes - WORD_LENGTH;
        if (length(word) != rest) {
            throw new IllegalStateException(file + " is corrupted at data position " + position + ": a padding of "
                    + Integer.toUnsignedString(length(word)) + " bytes, but the rest of its chunk is " + rest);
        }
        if (stored != computed) {
            throw new IllegalStateException(file + " is corrupted at data position " + position + ": the padding of "
                    + rest + " bytes there has checksum 0x" + Integer.toHexString(stored) + " but its position and"
                    + " length hash to 0x" + Integer.toHexString(computed) + " (CRC32C; a padding word over records?)");
        }
    }

    /**
     * A closed file's seal must match its published end and chunk count, the end must lie in the
     * last counted chunk (or at its end), and the file must hold those chunks.
     */
    static void checkSeal(Path file, long publishedEnd, long chunkCount, int stored, int computed, long chunkBytes) {
        if (stored != computed) {
            throw new IllegalStateException(file + " has a corrupted header: its writer closed it with published end"
                    + " (data position) " + publishedEnd + " and chunk count " + chunkCount + ", but the close seal 0x"
                    + Integer.toHexString(stored) + " does not match them (they hash to 0x" + Integer.toHexString(computed)
                    + "), so where its data ends is not known");
        }
        if (publishedEnd < 0 || chunkCount < 1 || publishedEnd < (chunkCount - 1) * chunkBytes
                || publishedEnd > chunkCount * chunkBytes) {
            throw new IllegalStateException(file + " has a corrupted header: its writer closed it at data position "
                    + publishedEnd + " with " + chunkCount + " chunks of " + chunkBytes + " bytes; the end must lie in"
                    + " the last chunk");
        }
    }

    /**
     * The frames stop at {@code position} ({@code stop} says how: a zero word there, a chunk the
     * header does not count, the end of the file) though the writer published up to {@code end}: zeroed, lost or uncounted data.
     */
    static IllegalStateException stopBeforeEnd(Path file, long position, String stop, long end, boolean closed) {
        return new IllegalStateException(file + " is corrupted at data position " + position + ": " + stop + ", but the"
                + " writer " + (closed ? "closed the queue at data position " : "published up to data position ") + end
                + " (zeroed or lost data, or a damaged header)");
    }

    /** Records run on past the end a closed file's writer sealed. */
    static IllegalStateException pastTheEnd(Path file, long position, long end) {
        return new IllegalStateException(file + " is corrupted at data position " + end + ": the writer closed the queue"
                + " there, but frames go on to data position " + position);
    }

    /** A record word that is neither unpublished, a record nor padding, or a length out of range. */
    static IllegalStateException corruptedFrame(Path file, long position, long word, int maxRecord) {
        return new IllegalStateException(file + " is corrupted at data position " + position + ": record header 0x"
                + Long.toHexString(word) + " is " + (marker(word) == RECORD_MARKER
                ? "a record of " + length(word) + " bytes, outside 0.." + maxRecord
                : "neither a record (marker 0x" + Integer.toHexString(RECORD_MARKER) + ") nor padding (0x"
                + Integer.toHexString(PAD_MARKER) + ")"));
    }

    private static IllegalArgumentException corrupted(Path file, String field, long value, String allowed) {
        return new IllegalArgumentException(file + " has a corrupted header: " + field + " " + value + ", expected "
                + allowed);
    }
}
