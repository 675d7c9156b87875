package org.ringlab.bench.driver;

import java.util.List;

/**
 * How long and how often the {@code driver} experiment measures each figure.
 *
 * @param name               {@code tiny}, {@code quick} or {@code full}
 * @param warmups            untimed rounds before the timed ones (JIT, page faults)
 * @param repetitions        timed rounds; every one is kept as a sample
 * @param roundNanos         producer run time of one two-thread round
 * @param interleavedRecords records of one single-thread round (offer 32, consume 32, repeat)
 * @param poolOps            allocate + free pairs of one pool round
 * @param mallocOps          malloc + free pairs of one libc round (much slower, so fewer)
 * @param headerOps          header operations (an add or a remove) of one round of (g)
 * @param napiRates          fixed producer rates in records per second
 * @param napiNanos          producer run time of one NAPI round
 * @param forks              child JVMs of each part (b), (c), (d), (f), (g), one after the other: each a paired round
 * @param repetitionsPerFork timed repetitions inside each fork of (b), (c), (f), after the warm-ups
 * @param napiRepetitionsPerFork timed repetitions inside each fork of (d), per rate (its rounds are long)
 * @param everyFixedMirror   whether (a) runs on every mirrored strategy of a fixed ring, or on the default one
 *                           only ({@link org.ringlab.bench.util.FixedMirrors}): quick leaves the others out
 */
record DriverProfile(String name, int warmups, int repetitions, long roundNanos, int interleavedRecords,
                     int poolOps, int mallocOps, int headerOps, List<Long> napiRates, long napiNanos, int forks,
                     int repetitionsPerFork, int napiRepetitionsPerFork, boolean everyFixedMirror) {

    /** 1 Gbit/s of 64-byte Ethernet frames (84 bytes on the wire with preamble and gap): seed 001's load. */
    static final long GIGABIT_64_BYTE_FRAMES = org.ringlab.bench.driver.scenario.ScenarioConfig.GIGABIT_64_BYTE_FRAMES;

    DriverProfile {
        napiRates = List.copyOf(napiRates);
    }

    static DriverProfile named(String profile) {
        return switch (profile) {
            case "tiny" -> new DriverProfile("tiny", 0, 2, 20_000_000L, 32 * 2_000, 200_000, 10_000, 100_000,
                    List.of(GIGABIT_64_BYTE_FRAMES), 40_000_000L, 1, 2, 2, true);
            // (d) at seed 001's 1.49 M/s only, the rate its claims judge: each further rate cost 7 s of the 4 minutes
            // (three idle runs took 244-265 s with 1 M/s as well); the full profile sweeps five.
            // (a): 4 timed rounds per strategy child (each round about 0.47 s idle; a fifth cost 4 s of
            // the 4 minutes over nine strategies, and its claims sit on their thresholds, ~39 rounds away),
            // and of the fixed mirrors only the default: the others run the same code on the same memory
            // shape, at about 3 s a child (12 s of the 4 minutes).
            case "quick" -> new DriverProfile("quick", 1, 4, 70_000_000L, 32 * 25_000, 2_000_000, 100_000, 1_000_000,
                    List.of(GIGABIT_64_BYTE_FRAMES), 500_000_000L, 2, 3, 2, false);
            // Seed 001's sizes: 1 million operations per figure, one second of 1 Gbit/s traffic.
            case "full" -> new DriverProfile("full", 2, 5, 1_000_000_000L, 1_000_000, 10_000_000, 1_000_000, 1_000_000,
                    List.of(100_000L, 500_000L, 1_000_000L, GIGABIT_64_BYTE_FRAMES, 3_000_000L), 1_000_000_000L, 3, 3, 2, true);
            default -> throw new IllegalArgumentException("unknown profile '" + profile
                    + "' for the driver experiment; known: tiny, quick, full");
        };
    }
}
