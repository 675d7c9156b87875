package org.ringlab.bench.broadcast;

import java.util.List;

/**
 * How much the {@code broadcast} experiment moves per figure.
 *
 * @param name          {@code tiny}, {@code quick} or {@code full}
 * @param consumers     consumer counts of the in-process fan-out
 * @param recordSizes   record sizes of the in-process fan-out, bytes (multiples of 8, at least 16)
 * @param bytesPerRound bytes the producer publishes in one round (records = bytes / size, clamped)
 * @param minRecords    fewest records of a round
 * @param maxRecords    most records of a round (small records would otherwise take long)
 * @param warmups       untimed rounds before the timed ones
 * @param repetitions   timed rounds of the in-process fan-out, each kept as a sample
 * @param pipePackets   packet sizes (16-byte header included) of the between-process run
 * @param pipeBytes     bytes the child process writes into the pipe per run
 * @param pipeRuns      runs (one child JVM each) per packet size, each kept as a sample
 * @param garbageEvery  the child writes junk bytes before every this many packets (bad headers to count)
 */
record BroadcastProfile(String name, List<Integer> consumers, List<Integer> recordSizes, long bytesPerRound,
                        long minRecords, long maxRecords, int warmups, int repetitions, List<Integer> pipePackets,
                        long pipeBytes, int pipeRuns, int garbageEvery) {

    BroadcastProfile {
        consumers = List.copyOf(consumers);
        recordSizes = List.copyOf(recordSizes);
        pipePackets = List.copyOf(pipePackets);
    }

    static BroadcastProfile named(String profile) {
        return switch (profile) {
            case "tiny" -> new BroadcastProfile("tiny", List.of(1, 2), List.of(64, 64 * 1024), 4L << 20, 200, 20_000,
                    0, 2, List.of(64 * 1024), 16L << 20, 1, 100);
            case "quick" -> new BroadcastProfile("quick", List.of(1, 2, 4), List.of(64, 4096, 64 * 1024), 256L << 20,
                    1_000, 200_000, 1, 5, List.of(4096, 64 * 1024), 256L << 20, 3, 1_000);
            // Seed 003's range: 64 B … 64 KiB packets, 1/2/4 consumers, gigabytes through the pipe.
            case "full" -> new BroadcastProfile("full", List.of(1, 2, 4),
                    List.of(64, 256, 1024, 4096, 16 * 1024, 64 * 1024), 512L << 20, 10_000, 2_000_000, 2, 5,
                    List.of(1024, 4096, 64 * 1024), 2L << 30, 5, 10_000);
            default -> throw new IllegalArgumentException("unknown profile '" + profile
                    + "' for the broadcast experiment; known: tiny, quick, full");
        };
    }

    long recordsFor(int recordSize) {
        return Math.max(minRecords, Math.min(maxRecords, bytesPerRound / recordSize));
    }
}
