package org.ringlab.bench.driver.scenario;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The frames the scenario's NIC delivers: Ethernet + IPv4 + UDP, as on seed 001's wire, so
 * that processing a packet means parsing real headers and checksumming every byte.
 *
 * <pre>
 *  0      6      12   14            34        42        50     54          length
 *  +------+------+----+-------------+---------+---------+------+-----------+
 *  | dst  | src  |type| IPv4 header | UDP hdr |sequence | flow | payload   |
 *  | MAC  | MAC  |0800| 20 B, csum  | 8 B,csum| long BE | int  | from seq  |
 *  +------+------+----+-------------+---------+---------+------+-----------+
 * </pre>
 *
 * The IPv4 header checksum covers bytes 14..33; the UDP checksum (ones' complement, no pseudo
 * header) covers 34..length, so a buffer reused while still in use, or a torn hand-over, fails
 * {@link #verify}.
 */
public final class SyntheticFrame {

    public static final int MIN_LENGTH = 64;
    static final int ETHERTYPE = 12;
    static final int IP = 14;
    static final int IP_HEADER_LENGTH = 20;
    static final int IP_TOTAL_LENGTH = IP + 2;
    static final int IP_CHECKSUM = IP + 10;
    static final int IP_SOURCE = IP + 12;
    static final int UDP = IP + IP_HEADER_LENGTH;
    static final int UDP_SOURCE_PORT = UDP;
    static final int UDP_LENGTH = UDP + 4;
    static final int UDP_CHECKSUM = UDP + 6;
    static final int SEQUENCE = UDP + 8;
    static final int FLOW = SEQUENCE + 8;
    static final int PAYLOAD = FLOW + 4;

    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    /** Returned by {@link #verify} for a frame that does not parse or whose checksum fails. */
    public static final long BAD = -1;

    private SyntheticFrame() {
    }

    public static void checkLength(int length, long bufferSize) {
        if (length < MIN_LENGTH || length > bufferSize || (length & 1) != 0) {
            throw new IllegalArgumentException("packet size " + length + " B: allowed an even size from " + MIN_LENGTH
                    + " to the buffer size " + bufferSize + " B");
        }
    }

    /** Writes frame {@code sequence} of {@code flow}, {@code length} bytes, into {@code b}. */
    public static void write(MemorySegment b, int length, long sequence, int flow) {
        b.set(U32, 0, 0x02000000);         // dst MAC 02:00:00:00:00:01 (locally administered)
        b.set(U16, 4, (short) 0x0001);
        b.set(U32, 6, 0x02000000);         // src MAC 02:00:00:00:00:02
        b.set(U16, 10, (short) 0x0002);
        b.set(U16, ETHERTYPE, (short) 0x0800);
        b.set(U16, IP, (short) 0x4500);    // version 4, IHL 5, TOS 0
        b.set(U16, IP_TOTAL_LENGTH, (short) (length - IP));
        b.set(U16, IP + 4, (short) sequence);
        b.set(U16, IP + 6, (short) 0x4000); // don't fragment
        b.set(U16, IP + 8, (short) 0x4011); // TTL 64, UDP
        b.set(U16, IP_CHECKSUM, (short) 0);
        b.set(U32, IP_SOURCE, 0x0A000000 | (flow & 0xFFFF));
        b.set(U32, IP_SOURCE + 4, 0x0A0000FE);
        b.set(U16, IP_CHECKSUM, (short) ~sum(b, IP, IP + IP_HEADER_LENGTH));
        b.set(U16, UDP_SOURCE_PORT, (short) (1024 + (flow & 0x7FFF)));
        b.set(U16, UDP + 2, (short) 9);
        b.set(U16, UDP_LENGTH, (short) (length - UDP));
        b.set(U16, UDP_CHECKSUM, (short) 0);
        b.set(U64, SEQUENCE, sequence);
        b.set(U32, FLOW, flow);
        long fill = sequence * 0x9E3779B97F4A7C15L;
        for (int i = PAYLOAD; i < length; i++) {
            b.set(ValueLayout.JAVA_BYTE, i, (byte) (fill >>> ((i & 7) << 3)));
        }
        b.set(U16, UDP_CHECKSUM, (short) ~sum(b, UDP, length));
    }

    /**
     * Parses and checksums a frame of {@code length} bytes: its sequence number, or {@link #BAD}
     * when the Ethernet type, the IP version, a length field or either checksum is wrong.
     */
    public static long verify(MemorySegment b, int length) {
        if (b.get(U16, ETHERTYPE) != 0x0800 || (b.get(ValueLayout.JAVA_BYTE, IP) & 0xFF) != 0x45
                || (b.get(U16, IP_TOTAL_LENGTH) & 0xFFFF) != length - IP
                || (b.get(U16, UDP_LENGTH) & 0xFFFF) != length - UDP
                || sum(b, IP, IP + IP_HEADER_LENGTH) != 0xFFFF || sum(b, UDP, length) != 0xFFFF) {
            return BAD;
        }
        return b.get(U64, SEQUENCE);
    }

    /** The flow a (verified) frame belongs to. */
    public static int flow(MemorySegment b) {
        return b.get(U32, FLOW);
    }

    /** The 16-bit ones' complement sum of bytes [from, to), to - from even (RFC 1071). */
    static int sum(MemorySegment b, int from, int to) {
        long s = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = b.get(U64, i);
            s += (w >>> 48) + ((w >>> 32) & 0xFFFF) + ((w >>> 16) & 0xFFFF) + (w & 0xFFFF);
        }
        for (; i < to; i += 2) {
            s += b.get(U16, i) & 0xFFFF;
        }
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) s;
    }
}
