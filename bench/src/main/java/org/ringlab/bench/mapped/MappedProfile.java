package org.ringlab.bench.mapped;

import org.ringlab.bench.util.ProfileNames;
import org.ringlab.bench.util.Sizes;

/**
 * How hard the mapped experiment works. Seed 004 writes 256 MB (the full profile's 256 MiB); the
 * quick profile writes 64 MiB (the fault cost per page is the same, a quarter of the pages) so
 * the tables fit in well under a minute on two shared cores. Latency messages go every 100 µs (10,000 a second, a
 * queue's pace rather than a burst), so the writer sleeps between them and leaves the CPU to
 * the busy-polling reader. The checksum cost table writes and reads 100,000 records per sample
 * (a few ms each, a populated tmpfs chunk), so its repetitions add seconds, not minutes.
 */
public enum MappedProfile {
    /**
     * Prefault: 1 + 3 repetitions, each writes 14 configurations × 64 MiB (about 3.5 s here), not
     * the seed's 256 MB: the cost per page is the same, and the speed-ups pool their round variance
     * over the table's ten (df 20). Latency: two runs of 5,000 messages after 1,000 per row, rows
     * interleaved run by run, so that each row's ratio to Disk has paired runs (its variance
     * pooled over the nine ratios).
     */
    QUICK(64 * Sizes.MIB, 1, 3, 5_000, 1_000, 100, 2, 100_000, new int[] {32, 128, 1024}, 2, 5),
    FULL(256 * Sizes.MIB, 2, 11, 100_000, 20_000, 100, 3, 100_000, new int[] {32, 128, 1024}, 3, 11),
    /** For tests only: tiny sizes, a few hundred messages. */
    TINY(4 * Sizes.MIB, 0, 1, 2_000, 200, 20, 1, 2_000, new int[] {128}, 0, 1);

    final long bytes;
    final int warmup;
    final int repetitions;
    final long messages;
    final long warmupMessages;
    final long intervalMicros;
    final int latencyRepetitions;
    /** The checksum cost table: records per sample, record sizes, warm-up and measured repetitions. */
    final long checksumRecords;
    private final int[] checksumSizes;
    final int checksumWarmup;
    final int checksumRepetitions;

    MappedProfile(long bytes, int warmup, int repetitions, long messages, long warmupMessages, long intervalMicros,
                  int latencyRepetitions, long checksumRecords, int[] checksumSizes, int checksumWarmup,
                  int checksumRepetitions) {
        this.bytes = bytes;
        this.warmup = warmup;
        this.repetitions = repetitions;
        this.messages = messages;
        this.warmupMessages = warmupMessages;
        this.intervalMicros = intervalMicros;
        this.latencyRepetitions = latencyRepetitions;
        this.checksumRecords = checksumRecords;
        this.checksumSizes = checksumSizes;
        this.checksumWarmup = checksumWarmup;
        this.checksumRepetitions = checksumRepetitions;
    }

    int[] checksumSizes() {
        return checksumSizes.clone();
    }

    public static MappedProfile parse(String text) {
        return ProfileNames.parse(MappedProfile.class, text);
    }
}
