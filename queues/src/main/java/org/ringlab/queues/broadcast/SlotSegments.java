package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

/**
 * The segments a slot has handed out, one per record length seen there, so that a slot whose
 * record length changes takes the segment it made for that length before instead of slicing a
 * new one: variable-length traffic allocates only the first time a length appears in a slot.
 * Used by one thread (the producer); what it returns is published with the record.
 *
 * <p>Per slot an open-addressing table keyed by the segment's own size (nothing else to keep),
 * doubled when half full: memory grows with the (slot, length) pairs seen, at most
 * {@code slots × (maxLength + 1)} segments.
 */
final class SlotSegments {

    private static final int FIRST_TABLE = 4;

    private final MemorySegment[][] tables;
    private final int[] counts;

    SlotSegments(int slots) {
        this.tables = new MemorySegment[slots][];
        this.counts = new int[slots];
    }

    /** Slot {@code slot}'s segment of {@code length} bytes if it has one, else null. */
    MemorySegment find(int slot, long length) {
        MemorySegment[] t = tables[slot];
        if (t != null) {
            int mask = t.length - 1;
            for (int i = hash(length) & mask; ; i = (i + 1) & mask) {
                MemorySegment s = t[i];
                if (s == null) {
                    break;
                }
                if (s.byteSize() == length) {
                    return s;
                }
            }
        }
        return null;
    }

    /** Keeps {@code s} as slot {@code slot}'s segment of its length (which it has none of yet); returns it. */
    MemorySegment put(int slot, MemorySegment s) {
        MemorySegment[] t = tables[slot];
        if (t == null || 2 * (counts[slot] + 1) > t.length) {
            MemorySegment[] grown = new MemorySegment[t == null ? FIRST_TABLE : 2 * t.length];
            if (t != null) {
                for (MemorySegment e : t) {
                    if (e != null) {
                        insert(grown, e);
                    }
                }
            }
            tables[slot] = t = grown;
        }
        insert(t, s);
        counts[slot]++;
        return s;
    }

    private static void insert(MemorySegment[] t, MemorySegment s) {
        int mask = t.length - 1;
        int i = hash(s.byteSize()) & mask;
        while (t[i] != null) {
            i = (i + 1) & mask;
        }
        t[i] = s;
    }

    private static int hash(long length) {
        int h = (int) length * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
