package org.ringlab.bench.history;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.CopyCounters;
import org.ringlab.api.support.ElementRing;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.util.Sizes;

/**
 * One cell of the history experiment: one strategy, one element size, one ring of fixed byte
 * capacity. Measures (a) ns per {@link ElementRing#put}, (b) ns to take
 * {@link ElementRing#history()} and read every byte of it, (c) the Pss and Rss growth once the
 * ring is full, and the exact extra bytes the strategy moved.
 *
 * <p>The timed loops allocate nothing: one source segment is reused (its first long is
 * stamped with the element's index so that the read can be checked), the read is a plain
 * loop of long loads. Each repetition writes one ring's worth plus one element, so the
 * oldest element never sits at offset 0 and every read crosses the seam (the case where
 * linearize rotates and split gathers).
 */
public final class HistoryCell {

    // Unaligned: a heap segment of a byte[] only allows 1-byte alignment.
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    /** Pre-warm writes at most this much, so the JIT has compiled the paths before Pss is read. */
    private static final long PREWARM_BYTES = 128 * Sizes.MIB;
    private static final long PREWARM_MAX_PUTS = 20_000;
    /** A history of fewer elements cannot show a seam worth the name (the seed's M is 4). */
    public static final long MIN_SLOTS = 4;

    /** Where the read sums go, so the JIT cannot drop the loop. */
    private static long sink;

    private HistoryCell() {
    }

    /**
     * The capacity for a cell: {@code targetBytes} rounded up to a multiple of both the element
     * size and the strategy's granularity, and at least four elements (the seed's M = 4).
     */
    public static long capacityFor(long targetBytes, long elementSize, long granularity) {
        long unit = lcm(elementSize, Math.max(1, granularity));
        long wanted = Math.max(targetBytes, MIN_SLOTS * elementSize);
        return Math.ceilDiv(wanted, unit) * unit;
    }

    /**
     * Runs the cell. {@code gcFirst}: collect garbage before the Pss baseline (needed when
     * earlier cells ran in the same JVM).
     */
    public static CellResult measure(MemoryStrategy strategy, long elementSize, long capacity,
                                     int warmup, int repetitions, boolean gcFirst, boolean forked) {
        if (elementSize % Long.BYTES != 0) {
            throw new IllegalArgumentException("element size " + elementSize + " is not a multiple of 8 bytes");
        }
        long slots = capacity / elementSize;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(elementSize, 64);
            fillPattern(src);
            long tail = sumLongs(src.asSlice(Long.BYTES));
            prewarm(strategy, elementSize, capacity, src, tail);

            if (gcFirst) {
                System.gc();
            }
            boolean proc = ProcSelf.isSupported();
            double pss0 = proc ? ProcSelf.pssBytes() : Double.NaN;
            double rss0 = proc ? ProcSelf.rssBytes() : Double.NaN;

            double[] write = new double[repetitions];
            double[] read = new double[repetitions];
            double pssFull;
            double rssFull;
            long extraWrite = 0;
            long extraRead = 0;
            long timedPuts = 0;
            RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
            try {
                ElementRing ring = new ElementRing(memory, elementSize);
                // Fill one and a half rings: full, with the seam in the middle.
                long head = writeElements(ring, src, 0, slots + slots / 2);
                check(strategy, sumLongs(ring.history()), head, slots, tail);
                pssFull = proc ? ProcSelf.pssBytes() : Double.NaN;
                rssFull = proc ? ProcSelf.rssBytes() : Double.NaN;

                for (int r = -warmup; r < repetitions; r++) {
                    long puts = seamCrossingPuts(head, slots);
                    CopyCounters c0 = memory.copyCounters();
                    long t0 = System.nanoTime();
                    head = writeElements(ring, src, head, puts);
                    long t1 = System.nanoTime();
                    CopyCounters c1 = memory.copyCounters();
                    long t2 = System.nanoTime();
                    long sum = sumLongs(ring.history());
                    long t3 = System.nanoTime();
                    CopyCounters c2 = memory.copyCounters();
                    check(strategy, sum, head, slots, tail);
                    if (r >= 0) {
                        write[r] = (double) (t1 - t0) / puts;
                        read[r] = t3 - t2;
                        extraWrite += c1.extraBytes() - c0.extraBytes();
                        extraRead += c2.extraBytes() - c1.extraBytes();
                        timedPuts += puts;
                    }
                }
            } finally {
                memory.close();
            }
            double pssAfterClose = proc ? ProcSelf.pssBytes() : Double.NaN;
            return new CellResult(strategy.name(), elementSize, capacity, slots, write, read,
                    pssFull - pss0, rssFull - rss0, pssFull - pssAfterClose,
                    timedPuts == 0 ? Double.NaN : (double) extraWrite / timedPuts,
                    repetitions == 0 ? Double.NaN : (double) extraRead / repetitions,
                    forked, null);
        }
    }

    /**
     * How many puts the next repetition makes: one ring's worth plus one or two, so that the
     * oldest element lands neither at offset 0 of the stream mapping ({@code head % slots}) nor
     * back where the last read left it ({@code puts % slots}, what a ring linearized by that
     * read sees): every timed read then crosses the seam.
     */
    static long seamCrossingPuts(long head, long slots) {
        long puts = slots + 1;
        while (((head + puts) % slots == 0 || puts % slots == 0) && puts < 2 * slots) {
            puts++;
        }
        return puts;
    }

    /**
     * Runs the same code paths on a smaller ring first, so that JIT compilation (and the
     * native memory the compiler takes) happens before the Pss baseline, not inside it.
     */
    private static void prewarm(MemoryStrategy strategy, long elementSize, long capacity, MemorySegment src, long tail) {
        long small = Math.min(capacity, capacityFor(Math.max(2 * Sizes.MIB, 8 * elementSize), elementSize,
                strategy.granularity()));
        long budget = Math.min(PREWARM_MAX_PUTS, Math.max(4, Math.min(PREWARM_BYTES, 2 * capacity) / elementSize));
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(small))) {
            ElementRing ring = new ElementRing(memory, elementSize);
            long slots = small / elementSize;
            long head = 0;
            while (head < budget) {
                head = writeElements(ring, src, head, slots + 1);
                check(strategy, sumLongs(ring.history()), head, slots, tail);
            }
        }
    }

    /** Puts {@code count} elements numbered from {@code head}; returns the new head. */
    private static long writeElements(ElementRing ring, MemorySegment src, long head, long count) {
        long end = head + count;
        for (long i = head; i < end; i++) {
            src.set(LONG, 0, i);
            ring.put(src);
        }
        return end;
    }

    /** The whole-history read: every byte loaded, as longs, in a plain loop. */
    static long sumLongs(MemorySegment segment) {
        long sum = 0;
        long size = segment.byteSize();
        for (long offset = 0; offset < size; offset += Long.BYTES) {
            sum += segment.get(LONG, offset);
        }
        sink += sum;
        return sum;
    }

    /**
     * The held elements are numbered {@code head - slots .. head - 1}; each contributes its
     * number (first long) plus the pattern's other longs. Wrapping arithmetic on both sides.
     */
    private static void check(MemoryStrategy strategy, long sum, long head, long slots, long tail) {
        long first = head - slots;
        long expected = slots * first + slots * (slots - 1) / 2 + slots * tail;
        if (sum != expected) {
            throw new IllegalStateException(strategy.name() + ": history() of " + slots + " elements after "
                    + head + " puts sums to " + sum + ", expected " + expected
                    + ": the strategy lost, duplicated or misplaced bytes");
        }
    }

    /** A fixed byte pattern (the workload is deterministic; the seed does not change it). */
    private static void fillPattern(MemorySegment src) {
        for (long i = 0; i < src.byteSize(); i++) {
            src.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 131 + 7));
        }
    }

    private static long lcm(long a, long b) {
        long g = a;
        long h = b;
        while (h != 0) {
            long t = g % h;
            g = h;
            h = t;
        }
        return Math.multiplyExact(a / g, b);
    }
}
