package org.ringlab.growth;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.growth.ProcSelf;

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
     * @param threadMinorFaults  minor page faults the growing thread took from allocation to the last append
     *                           ({@code /proc/thread-self/stat}), -1 without {@code /proc}
     * @param movedAtBytes       the buffer's size after each append that moved it, in order
     * @param rssAfterAppend     VmRSS after each append when traced ({@link #measureTraced}), else empty
     */
    public record Result(String strategy, GrowthWorkload workload, long finalBytes, long finalCapacity,
                         long baselineRssBytes, long peakRssGrowthBytes, boolean peakReset, long totalNanos,
                         GrowthCounters counters, long threadMinorFaults, long[] movedAtBytes, long[] rssAfterAppend) {

        /** Peak resident memory the growth cost, in final sizes (seed 002: ≈3 for copy-doubling, ≈1 for mremap). */
        public double peakRatio() {
            return peakRssGrowthBytes < 0 ? Double.NaN : (double) peakRssGrowthBytes / finalBytes;
        }
    }

    /** Runs {@code workload} once on a fresh buffer of {@code strategy}. */
    public static Result measure(GrowthStrategy strategy, GrowthWorkload workload) {
        return measure(strategy, workload, false);
    }

    /**
     * As {@link #measure}, reading VmRSS after every append as seed 002's test program prints it
     * (a read of {@code /proc/self/status} per append: its time is inside the run's).
     */
    public static Result measureTraced(GrowthStrategy strategy, GrowthWorkload workload) {
        return measure(strategy, workload, true);
    }

    private static Result measure(GrowthStrategy strategy, GrowthWorkload workload, boolean trace) {
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(workload, "workload");
        int chunkBytes = (int) workload.chunkBytes();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(chunkBytes, Long.BYTES);
            for (int i = 0; i < chunkBytes; i++) {
                chunk.set(ValueLayout.JAVA_BYTE, i, pattern(i)); // touched now: not part of the growth's peak
            }
            boolean proc = ProcSelf.isSupported();
            if (trace && !proc) {
                throw new IllegalStateException("tracing RSS per append needs /proc/self, which this system lacks");
            }
            long[] rss = new long[trace ? (int) workload.appends() : 0];
            long[] moved = new long[(int) Math.min(workload.appends(), 4096)];
            int moves = 0;
            long faults0 = proc ? threadMinorFaults() : -1;
            ProcSelf.PeakBracket bracket = proc ? ProcSelf.bracketPeak() : null;
            long start = System.nanoTime();
            try (GrowableBuffer buffer = strategy.allocate(workload.initialCapacity(), workload.policy())) {
                long target = workload.targetBytes();
                long movesBefore = 0;
                for (long k = 0, size = 0; size < target; k++) {
                    long n = Math.min(chunkBytes, target - size);
                    stamp(chunk, n, k);
                    buffer.append(n == chunkBytes ? chunk : chunk.asSlice(0, n));
                    size += n;
                    long movesNow = buffer.counters().moves();
                    if (movesNow != movesBefore && moves < moved.length) {
                        moved[moves++] = size;
                    }
                    movesBefore = movesNow;
                    if (trace) {
                        rss[(int) k] = ProcSelf.vmRssBytes();
                    }
                }
                long elapsed = System.nanoTime() - start;
                long peak = proc ? bracket.peakGrowthBytes() : -1;
                long faults = proc ? threadMinorFaults() - faults0 : -1;
                verify(strategy.name(), buffer.contents(), chunkBytes);
                return new Result(strategy.name(), workload, buffer.size(), buffer.capacity(),
                        proc ? bracket.baselineBytes() : -1, peak, proc && bracket.peakReset(), elapsed,
                        buffer.counters(), faults, java.util.Arrays.copyOf(moved, moves), rss);
            }
        }
    }

    /**
     * Minor page faults the calling thread has taken: field 10 of {@code /proc/thread-self/stat}
     * (the fields after the command name, which may hold spaces, are counted from its closing parenthesis).
     */
    static long threadMinorFaults() {
        String stat;
        try {
            stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read /proc/thread-self/stat: " + e.getMessage(), e);
        }
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(after[MINFLT_AFTER_NAME]);
    }

    /** minflt is field 10 of stat; field 3 (state) is the first after the name. */
    private static final int MINFLT_AFTER_NAME = 10 - 3;

    private static byte pattern(long i) {
        return (byte) (i * 31 + 7);
    }

    /**
     * Append number k in the first 8 bytes, so that appends landing out of order are caught; an
     * append too short for the number gets the pattern back where an earlier number was written.
     */
    private static void stamp(MemorySegment chunk, long length, long k) {
        if (length >= Long.BYTES) {
            chunk.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, k);
        } else {
            for (int i = 0; i < length; i++) {
                chunk.set(ValueLayout.JAVA_BYTE, i, pattern(i));
            }
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
