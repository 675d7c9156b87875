package org.ringlab.bench.broadcast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

import org.ringlab.queues.framing.PacketHeaderDescriptor;

/** What the child writes and the parent checks: the data pattern, the junk, the size rules; the in-process records' pattern. */
final class PipePackets {

    /** Junk between packets: no 0x3C in it, so the framer's scan resumes exactly at the next header. */
    static final byte[] JUNK = {0x00, 0x11, 0x22, 0x5A, 0x7E, 0x69, 0x55};

    private PipePackets() {
    }

    /** Packets are a header plus a whole number of longs, so the parent can sum the data as longs. */
    static void check(int packetLength) {
        if (packetLength < PacketHeaderDescriptor.HEADER_LENGTH + 8 || packetLength % 8 != 0) {
            throw new IllegalArgumentException("packet length must be a multiple of 8 of at least "
                    + (PacketHeaderDescriptor.HEADER_LENGTH + 8) + " bytes (header included), got " + packetLength);
        }
    }

    /** {@code dataLength} bytes of a fixed random pattern from {@code seed}. */
    static MemorySegment pattern(int dataLength, long seed) {
        return fill(MemorySegment.ofArray(new long[dataLength / 8]), seed);
    }

    /** {@code data} filled with a fixed random pattern of longs from {@code seed}: a record's contents. */
    static MemorySegment fill(MemorySegment data, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (long off = 0; off < data.byteSize(); off += 8) {
            data.set(ValueLayout.JAVA_LONG, off, random.nextLong());
        }
        return data;
    }

    /** The sum of the longs from byte {@code from} to byte {@code to}: a pattern's, less those carrying a sequence number. */
    static long sum(MemorySegment pattern, long from, long to) {
        long s = 0;
        for (long off = from; off < to; off += 8) {
            s += pattern.get(ValueLayout.JAVA_LONG, off);
        }
        return s;
    }
}
