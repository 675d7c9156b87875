package org.ringlab.queues.framing;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Seed 003's packet header, taskBus's {@code struct subject_package_header}, little-endian:
 *
 * <pre>
 *   0      1      2      3      4              8              12             16
 *   +------+------+------+------+--------------+--------------+--------------+------------ … -+
 *   | 0x3C | 0x5A | 0x7E | 0x69 | subject_id   | path_id      | data_length  | data           |
 *   +------+------+------+------+--------------+--------------+--------------+------------ … -+
 *   prefix[4] (unsigned char)    unsigned int   unsigned int   unsigned int   data_length bytes
 * </pre>
 *
 * A packet is the header followed by {@code data_length} bytes; packets follow each other with
 * nothing in between. No two prefix bytes are equal, so a partial prefix match that fails can
 * only restart at the byte that failed: a scanner never has to look back further.
 */
public final class PacketHeaderDescriptor {

    public static final int PREFIX_OFFSET = 0;
    public static final int PREFIX_LENGTH = 4;
    public static final int SUBJECT_ID_OFFSET = 4;
    public static final int PATH_ID_OFFSET = 8;
    public static final int DATA_LENGTH_OFFSET = 12;
    public static final int HEADER_LENGTH = 16;

    /** The four prefix bytes. */
    public static final byte PREFIX_0 = 0x3C;
    public static final byte PREFIX_1 = 0x5A;
    public static final byte PREFIX_2 = 0x7E;
    public static final byte PREFIX_3 = 0x69;

    /** The three {@code unsigned int} fields: little-endian, no alignment in a byte stream. */
    static final ValueLayout.OfInt FIELD = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private PacketHeaderDescriptor() {
    }

    /** Prefix byte {@code i}, {@code 0 <= i < 4}. */
    public static byte prefixByte(int i) {
        return switch (i) {
            case 0 -> PREFIX_0;
            case 1 -> PREFIX_1;
            case 2 -> PREFIX_2;
            case 3 -> PREFIX_3;
            default -> throw new IndexOutOfBoundsException("the prefix has bytes 0..3, asked for " + i);
        };
    }

    /** Whether the {@code length} bytes at {@code offset} (at most 4) are the start of the prefix. */
    public static boolean startsPrefix(MemorySegment bytes, long offset, int length) {
        for (int i = 0; i < Math.min(length, PREFIX_LENGTH); i++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, offset + i) != prefixByte(i)) {
                return false;
            }
        }
        return true;
    }

    /** Throws naming the bytes found when {@code header} does not start with the prefix. */
    public static void checkPrefix(MemorySegment header) {
        checkHeaderLength(header);
        if (!startsPrefix(header, 0, PREFIX_LENGTH)) {
            throw new IllegalArgumentException("bad packet prefix " + hex(header, PREFIX_LENGTH)
                    + ", expected 3c 5a 7e 69");
        }
    }

    /** Throws when {@code dataLength} exceeds {@code maxDataLength}, naming both. */
    public static void checkDataLength(long dataLength, long maxDataLength) {
        if (dataLength < 0 || dataLength > maxDataLength) {
            throw new IllegalArgumentException("packet data_length " + dataLength + " is outside 0.." + maxDataLength);
        }
    }

    public static int subjectId(MemorySegment header) {
        checkHeaderLength(header);
        return header.get(FIELD, SUBJECT_ID_OFFSET);
    }

    public static int pathId(MemorySegment header) {
        checkHeaderLength(header);
        return header.get(FIELD, PATH_ID_OFFSET);
    }

    /** {@code data_length}, an {@code unsigned int}: 0 .. 2^32 - 1. */
    public static long dataLength(MemorySegment header) {
        checkHeaderLength(header);
        return Integer.toUnsignedLong(header.get(FIELD, DATA_LENGTH_OFFSET));
    }

    /** Writes a header with the prefix and the three fields into {@code dst}. */
    public static void write(MemorySegment dst, int subjectId, int pathId, long dataLength) {
        checkHeaderLength(dst);
        checkDataLength(dataLength, 0xFFFF_FFFFL);
        for (int i = 0; i < PREFIX_LENGTH; i++) {
            dst.set(ValueLayout.JAVA_BYTE, PREFIX_OFFSET + i, prefixByte(i));
        }
        dst.set(FIELD, SUBJECT_ID_OFFSET, subjectId);
        dst.set(FIELD, PATH_ID_OFFSET, pathId);
        dst.set(FIELD, DATA_LENGTH_OFFSET, (int) dataLength);
    }

    private static void checkHeaderLength(MemorySegment header) {
        if (header.byteSize() < HEADER_LENGTH) {
            throw new IllegalArgumentException("a packet header has " + HEADER_LENGTH + " bytes, got a segment of "
                    + header.byteSize());
        }
    }

    private static String hex(MemorySegment bytes, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("%02x", bytes.get(ValueLayout.JAVA_BYTE, i) & 0xFF));
        }
        return sb.toString();
    }
}
