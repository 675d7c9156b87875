package org.ringlab.growth;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.ProcSelf;

/**
 * Seed 002's measurement: grow one buffer to its target in fixed appends and record what the
 * growth cost. Peak resident memory is bracketed with {@link ProcSelf#bracketPeak()} (the
 * peak reset to the current RSS, the baseline taken, the source chunk already resident) and
 * read right after the last append, before the buffer is freed. Run it in a process of its
 * own (a child JVM) so that no other measurement's garbage or allocator caches share the peak.
 * The contents are checked after the measurement, so a strategy that loses bytes fails loudly.
 */
public final class GrowthRun {

    private GrowthRun() {
    }

    /**
     * What one run measured.
     *
     * @param finalBytes         bytes in the buffer at the end (the target)
     * @param finalCapacity      its capacity then
     * @param baselineRssBytes   VmRSS when the bracket opened, -1 without {@code /proc}
     * @param peakRssGrowthBytes peak VmRSS above that baseline during the growth, -1 without {@code /proc}
     * @param peakReset          whether the kernel reset the peak (otherwise the figure is an upper bound)
     * @param totalNanos         from allocation to the last append, inclusive
     * @param counters           the buffer's grows, moves, bytes moved and copied, time in growth
     */
    public record Result(String strategy, GrowthWorkload workload, long finalBytes, long finalCapacity,
                         long baselineRssBytes, long peakRssGrowthBytes, boolean peakReset, long totalNanos,
                         GrowthCounters counters) {

        /** Peak resident memory the growth cost, in final sizes (seed 002: ≈3 for copy-doubling, ≈1 for mremap). */
        public double peakRatio() {
            return peakRssGrowthBytes < 0 ? Double.NaN : (double) peakRssGrowthBytes / finalBytes;
        }
    }

    /** Runs {@code workload} once on a fresh buffer of {@code strategy}. */
    public static Result measure(GrowthStrategy strategy, GrowthWorkload workload) {
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(workload, "workload");
        int chunkBytes = (int) workload.chunkBytes();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(chunkBytes, Long.BYTES);
            for (int i = 0; i < chunkBytes; i++) {
                chunk.set(ValueLayout.JAVA_BYTE, i, pattern(i)); // touched now: not part of the growth's peak
            }
            boolean proc = ProcSelf.isSupported();
            ProcSelf.PeakBracket bracket = proc ? ProcSelf.bracketPeak() : null;
            long start = System.nanoTime();
            try (GrowableBuffer buffer = strategy.allocate(workload.initialCapacity(), workload.policy())) {
                long target = workload.targetBytes();
                for (long k = 0, size = 0; size < target; k++) {
                    long n = Math.min(chunkBytes, target - size);
                    stamp(chunk, n, k);
                    buffer.append(n == chunkBytes ? chunk : chunk.asSlice(0, n));
                    size += n;
                }
                long elapsed = System.nanoTime() - start;
                long peak = proc ? bracket.peakGrowthBytes() : -1;
                verify(strategy.name(), buffer.contents(), chunkBytes);
                return new Result(strategy.name(), workload, buffer.size(), buffer.capacity(),
                        proc ? bracket.baselineBytes() : -1, peak, proc && bracket.peakReset(), elapsed,
                        buffer.counters());
            }
        }
    }

    private static byte pattern(long i) {
        return (byte) (i * 31 + 7);
    }

    /** Append number k in the first 8 bytes, so that appends landing out of order are caught. */
    private static void stamp(MemorySegment chunk, long length, long k) {
        if (length >= Long.BYTES) {
            chunk.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, k);
        }
    }

    /** Every append's number and last byte; an IllegalStateException names the first difference. */
    private static void verify(String strategy, MemorySegment contents, int chunkBytes) {
        long size = contents.byteSize();
        for (long k = 0, at = 0; at < size; k++, at += chunkBytes) {
            long n = Math.min(chunkBytes, size - at);
            if (n >= Long.BYTES && contents.get(ValueLayout.JAVA_LONG_UNALIGNED, at) != k) {
                throw new IllegalStateException(strategy + ": append " + k + " reads back as append "
                        + contents.get(ValueLayout.JAVA_LONG_UNALIGNED, at));
            }
            long last = n - 1;
            byte expected = pattern(last);
            boolean stamped = n >= Long.BYTES && last < Long.BYTES; // the last byte is part of the number
            if (!stamped && contents.get(ValueLayout.JAVA_BYTE, at + last) != expected) {
                throw new IllegalStateException(strategy + ": byte " + (at + last) + " reads "
                        + contents.get(ValueLayout.JAVA_BYTE, at + last) + ", appended " + expected);
            }
        }
    }
}
