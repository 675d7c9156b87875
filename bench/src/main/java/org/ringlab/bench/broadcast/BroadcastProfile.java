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
 * @param forks         child JVMs, one after the other, each one paired round of everything below
 * @param warmups       untimed rounds before the timed ones, in every fork
 * @param repetitions   timed rounds of the in-process fan-out in every fork, each kept as a sample
 * @param pipePackets   packet sizes (16-byte header included) of the between-process run
 * @param pipeBytes     bytes the child process writes into the pipe per run
 * @param pipeRuns      runs (one writer child JVM each) per packet size in every fork, each kept as a sample
 * @param garbageEvery  the child writes junk bytes before every this many packets (bad headers to count)
 */
record BroadcastProfile(String name, List<Integer> consumers, List<Integer> recordSizes, long bytesPerRound,
                        long minRecords, long maxRecords, int forks, int warmups, int repetitions, List<Integer> pipePackets,
                        long pipeBytes, int pipeRuns, int garbageEvery) {

    BroadcastProfile {
        if (forks < 1 || repetitions < 1 || warmups < 0 || pipeRuns < 1) {
            throw new IllegalArgumentException("broadcast profile " + name + ": need forks, repetitions and pipe runs "
                    + ">= 1 and warm-ups >= 0, got " + forks + ", " + repetitions + ", " + pipeRuns + ", " + warmups);
        }
        consumers = List.copyOf(consumers);
        recordSizes = List.copyOf(recordSizes);
        pipePackets = List.copyOf(pipePackets);
    }

    static BroadcastProfile named(String profile) {
        return switch (profile) {
            case "tiny" -> new BroadcastProfile("tiny", List.of(1, 2), List.of(64, 64 * 1024), 4L << 20, 200, 20_000,
                    2, 0, 1, List.of(64 * 1024), 16L << 20, 1, 100);
            // Two forks of 1 warm-up + 2 timed rounds run as many fan-out rounds as one JVM's 1 + 5 did, plus
            // two JVM starts; the pipe's 1 run per size and fork starts 4 writers where 3 runs per size started 6.
            case "quick" -> new BroadcastProfile("quick", List.of(1, 2, 4), List.of(64, 4096, 64 * 1024), 256L << 20,
                    1_000, 200_000, 2, 1, 2, List.of(4096, 64 * 1024), 256L << 20, 1, 1_000);
            // Seed 003's range: 64 B … 64 KiB packets, 1/2/4 consumers, gigabytes through the pipe.
            case "full" -> new BroadcastProfile("full", List.of(1, 2, 4),
                    List.of(64, 256, 1024, 4096, 16 * 1024, 64 * 1024), 512L << 20, 10_000, 2_000_000, 3, 2, 2,
                    List.of(1024, 4096, 64 * 1024), 2L << 30, 2, 10_000);
            default -> throw new IllegalArgumentException("unknown profile '" + profile
                    + "' for the broadcast experiment; known: tiny, quick, full");
        };
    }

    long recordsFor(int recordSize) {
        return Math.max(minRecords, Math.min(maxRecords, bytesPerRound / recordSize));
    }
}
