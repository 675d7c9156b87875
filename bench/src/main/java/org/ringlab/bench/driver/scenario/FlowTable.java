package org.ringlab.bench.driver.scenario;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Per-flow state a packet handler updates (packets, bytes, last sequence, a running hash of
 * the payload), one 64-byte line per flow in off-heap memory sized larger than the L2 cache,
 * so that most updates miss the cache, as seed 001's packet processing did (45 M cache misses
 * per million packets one at a time). One thread only.
 */
public final class FlowTable implements AutoCloseable {

    static final int ENTRY = 64;
    private static final int PACKETS = 0;
    private static final int BYTES = 8;
    private static final int LAST_SEQUENCE = 16;
    private static final int HASH = 24;

    private final Arena arena = Arena.ofShared();
    private final MemorySegment table;
    private final int flows;

    /** A table of {@code bytes} (a multiple of 64, at least 64): {@code bytes / 64} flows. */
    public FlowTable(long bytes) {
        if (bytes < ENTRY || bytes % ENTRY != 0 || bytes / ENTRY > Integer.MAX_VALUE) {
            arena.close();
            throw new IllegalArgumentException("flow table size must be a positive multiple of " + ENTRY
                    + " bytes (at most 2^31 flows), got " + bytes);
        }
        this.table = arena.allocate(bytes, ENTRY);
        this.flows = (int) (bytes / ENTRY);
    }

    public int flows() {
        return flows;
    }

    public long bytes() {
        return table.byteSize();
    }

    /** Updates the entry of the frame's flow (modulo the table) from the frame's bytes. */
    public void update(MemorySegment frame, int length, long sequence) {
        int flow = Math.floorMod(SyntheticFrame.flow(frame), flows);
        long e = (long) flow * ENTRY;
        long hash = table.get(ValueLayout.JAVA_LONG, e + HASH);
        for (int i = SyntheticFrame.PAYLOAD; i + 8 <= length; i += 8) {
            hash = (hash ^ frame.get(ValueLayout.JAVA_LONG_UNALIGNED, i)) * 0x100000001B3L;
        }
        table.set(ValueLayout.JAVA_LONG, e + PACKETS, table.get(ValueLayout.JAVA_LONG, e + PACKETS) + 1);
        table.set(ValueLayout.JAVA_LONG, e + BYTES, table.get(ValueLayout.JAVA_LONG, e + BYTES) + length);
        table.set(ValueLayout.JAVA_LONG, e + LAST_SEQUENCE, sequence);
        table.set(ValueLayout.JAVA_LONG, e + HASH, hash);
    }

    /** Packets counted over every flow (a test's check that every packet was seen once). */
    public long totalPackets() {
        long n = 0;
        for (int f = 0; f < flows; f++) {
            n += table.get(ValueLayout.JAVA_LONG, (long) f * ENTRY + PACKETS);
        }
        return n;
    }

    /**
     * A table 4× this machine's L2 (from sysfs), at least 4 MiB: larger than the L2 whatever
     * the CPU, so most updates miss the cache.
     */
    public static long defaultBytes() {
        return Math.max(4L << 20, 4 * l2Bytes());
    }

    /** This CPU's L2 per core from sysfs; 1 MiB when unknown. */
    public static long l2Bytes() {
        long l2 = 1L << 20;
        try {
            String s = java.nio.file.Files.readString(
                    java.nio.file.Path.of("/sys/devices/system/cpu/cpu0/cache/index2/size")).trim();
            long unit = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : 1;
            l2 = Long.parseLong(s.replaceAll("[^0-9]", "")) * unit;
        } catch (java.io.IOException | RuntimeException e) {
            // unknown L2: 1 MiB assumed
        }
        return l2;
    }

    @Override
    public void close() {
        arena.close();
    }
}
