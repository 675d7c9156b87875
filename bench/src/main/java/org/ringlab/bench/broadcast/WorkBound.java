package org.ringlab.bench.broadcast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * What the in-process fan-out can gain at best, measured in the same run: W, the time to write
 * one record into ring-sized memory, R, the time to read every byte of one back (as the consumers
 * do), and A, the time to assemble one in a record-sized buffer of the producer's own (in cache).
 * With N consumers a single copy assembled in its slot does W + N·R of work per record where the
 * baseline does A + N·W + N·R (its assembly buffer, then a copy per consumer), so on a machine
 * whose cores are all busy the ratio is at most (A + N·W + N·R) / (W + N·R); with records
 * prepared once and only offered (no assembly), (N·W + N·R) / (W + N·R).
 */
final class WorkBound {

    /** A, W and R in ns per record. */
    record Costs(double assemblyNanos, double writeNanos, double readNanos) {

        /** The single-copy speed-up the work allows with {@code n} consumers, the baseline assembling or not. */
        double bound(int n, boolean assembly) {
            return ((assembly ? assemblyNanos : 0) + n * writeNanos + n * readNanos) / (writeNanos + n * readNanos);
        }
    }

    static volatile long sink;

    private WorkBound() {
    }

    /** Best of three passes over a ring-sized buffer for each of W and R. */
    static Costs measure(int recordSize, long capacity) {
        if (recordSize < 8 || recordSize % 8 != 0 || capacity < recordSize) {
            throw new IllegalArgumentException("record size must be a positive multiple of 8 up to the capacity, got "
                    + recordSize + " of " + capacity);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ring = arena.allocate(capacity, 64);
            MemorySegment record = arena.allocate(recordSize, 64);
            record.fill((byte) 0x5A);
            MemorySegment own = arena.allocate(recordSize, 64);
            long slots = capacity / recordSize;
            double assemble = Double.MAX_VALUE;
            double write = Double.MAX_VALUE;
            double read = Double.MAX_VALUE;
            for (int pass = 0; pass < 4; pass++) { // the first is a warm-up (page faults, JIT)
                long t0 = System.nanoTime();
                for (long i = 0; i < slots; i++) {
                    record.set(ValueLayout.JAVA_LONG, 0, i);
                    MemorySegment.copy(record, 0, ring, i * recordSize, recordSize);
                }
                long t1 = System.nanoTime();
                long s = 0;
                for (long off = 0; off < slots * recordSize; off += 8) {
                    s += ring.get(ValueLayout.JAVA_LONG, off);
                }
                long t2 = System.nanoTime();
                for (long i = 0; i < slots; i++) {
                    MemorySegment.copy(record, 0, own, 0, recordSize);
                    own.set(ValueLayout.JAVA_LONG, 0, i);
                }
                long t3 = System.nanoTime();
                sink += s + own.get(ValueLayout.JAVA_LONG, 0);
                if (pass > 0) {
                    write = Math.min(write, (double) (t1 - t0) / slots);
                    read = Math.min(read, (double) (t2 - t1) / slots);
                    assemble = Math.min(assemble, (double) (t3 - t2) / slots);
                }
            }
            return new Costs(assemble, write, read);
        }
    }
}
