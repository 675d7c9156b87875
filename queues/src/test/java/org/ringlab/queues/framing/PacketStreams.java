package org.ringlab.queues.framing;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test streams of seed-003 packets with corruptions inserted, and sources that cut them into
 * reads at chosen positions. Corrupted bytes never contain 0x3C (the first prefix byte), so no
 * valid header can appear inside them by chance and the expected bad-header count is exact:
 * one per maximal run of corrupted segments.
 */
final class PacketStreams {

    enum Bad { GARBAGE, BAD_PREFIX, OVERSIZE }

    /** The stream, the packets the framer must deliver in order, and what it must count. */
    record Stream(byte[] bytes, List<byte[]> packets, int badRuns, int oversize, List<Object> segments) {
    }

    private PacketStreams() {
    }

    /** A good packet: header and {@code dataLength} random bytes. */
    static byte[] packet(SplittableRandom r, int dataLength) {
        byte[] p = new byte[PacketHeaderDescriptor.HEADER_LENGTH + dataLength];
        PacketHeaderDescriptor.write(MemorySegment.ofArray(p), r.nextInt(), r.nextInt(), dataLength);
        for (int i = PacketHeaderDescriptor.HEADER_LENGTH; i < p.length; i++) {
            p[i] = (byte) r.nextInt(256);
        }
        return p;
    }

    /** A random byte other than 0x3C. */
    static byte noPrefixStart(SplittableRandom r) {
        byte b;
        do {
            b = (byte) r.nextInt(256);
        } while (b == PacketHeaderDescriptor.PREFIX_0);
        return b;
    }

    static byte[] bad(SplittableRandom r, Bad kind, int maxData) {
        return switch (kind) {
            case GARBAGE -> {
                byte[] g = new byte[1 + r.nextInt(20)];
                for (int i = 0; i < g.length; i++) {
                    g[i] = noPrefixStart(r);
                }
                yield g;
            }
            case BAD_PREFIX -> {
                byte[] p = new byte[PacketHeaderDescriptor.HEADER_LENGTH + r.nextInt(maxData + 1)];
                for (int i = 0; i < p.length; i++) {
                    p[i] = noPrefixStart(r);
                }
                int keep = r.nextInt(4); // the first `keep` prefix bytes are right, the next is wrong
                for (int i = 0; i < keep; i++) {
                    p[i] = PacketHeaderDescriptor.prefixByte(i);
                }
                if (p[keep] == PacketHeaderDescriptor.prefixByte(keep)) {
                    p[keep] = (byte) (p[keep] + 1);
                }
                yield p;
            }
            case OVERSIZE -> {
                byte[] h = new byte[PacketHeaderDescriptor.HEADER_LENGTH + r.nextInt(10)];
                for (int i = 0; i < h.length; i++) {
                    h[i] = noPrefixStart(r);
                }
                long length;
                do {
                    length = maxData + 1L + r.nextLong((1L << 32) - 1 - maxData);
                } while (containsPrefixStart(length));
                int subject = h[4] & 0xFF | (h[5] & 0xFF) << 8 | (h[6] & 0xFF) << 16 | (h[7] & 0xFF) << 24;
                int path = h[8] & 0xFF | (h[9] & 0xFF) << 8 | (h[10] & 0xFF) << 16 | (h[11] & 0xFF) << 24;
                PacketHeaderDescriptor.write(MemorySegment.ofArray(h), subject, path, length);
                yield h;
            }
        };
    }

    private static boolean containsPrefixStart(long length) {
        for (int i = 0; i < 4; i++) {
            if ((byte) (length >>> 8 * i) == PacketHeaderDescriptor.PREFIX_0) {
                return true;
            }
        }
        return false;
    }

    /** {@code good} packets of 0..maxData data bytes with {@code corruptions} bad segments inserted at random. */
    static Stream build(SplittableRandom r, int good, int corruptions, int maxData) {
        List<Object> segments = new ArrayList<>(); // byte[] good packet, or Bad
        for (int i = 0; i < good; i++) {
            segments.add(packet(r, r.nextInt(maxData + 1)));
        }
        for (int i = 0; i < corruptions; i++) {
            segments.add(r.nextInt(segments.size() + 1), Bad.values()[r.nextInt(3)]);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<byte[]> packets = new ArrayList<>();
        int runs = 0;
        int oversize = 0;
        boolean inBadRun = false;
        for (Object s : segments) {
            if (s instanceof byte[] p) {
                out.writeBytes(p);
                packets.add(p);
                inBadRun = false;
            } else {
                Bad kind = (Bad) s;
                out.writeBytes(bad(r, kind, maxData));
                oversize += kind == Bad.OVERSIZE ? 1 : 0;
                runs += inBadRun ? 0 : 1;
                inBadRun = true;
            }
        }
        return new Stream(out.toByteArray(), packets, runs, oversize, segments);
    }

    /** An InputStream whose reads never cross the given cut positions (sorted, within the stream). */
    static InputStream cutStream(byte[] bytes, int... cuts) {
        return new InputStream() {
            int at;
            int nextCut;

            private int limit(int len) {
                while (nextCut < cuts.length && cuts[nextCut] <= at) {
                    nextCut++;
                }
                int end = nextCut < cuts.length ? cuts[nextCut] : bytes.length;
                return Math.min(len, end - at);
            }

            @Override
            public int read() {
                return at < bytes.length ? bytes[at++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (at >= bytes.length) {
                    return -1;
                }
                int n = limit(len);
                System.arraycopy(bytes, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    /** A channel whose reads never cross the given cut positions. */
    static ReadableByteChannel cutChannel(byte[] bytes, int... cuts) {
        InputStream in = cutStream(bytes, cuts);
        return new ReadableByteChannel() {
            boolean open = true;

            @Override
            public int read(ByteBuffer dst) throws java.io.IOException {
                byte[] b = new byte[dst.remaining()];
                int n = in.read(b, 0, b.length);
                if (n > 0) {
                    dst.put(b, 0, n);
                }
                return n;
            }

            @Override
            public boolean isOpen() {
                return open;
            }

            @Override
            public void close() {
                open = false;
            }
        };
    }

    /** Sorted random cut positions: reads of random sizes 1..maxRead. */
    static int[] randomCuts(SplittableRandom r, int length, int maxRead) {
        List<Integer> cuts = new ArrayList<>();
        for (int at = 1 + r.nextInt(maxRead); at < length; at += 1 + r.nextInt(maxRead)) {
            cuts.add(at);
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }
}
