package org.ringlab.bench.driver;

import java.util.List;

/**
 * How long and how often the {@code driver} experiment measures each figure.
 *
 * @param name               {@code tiny}, {@code quick} or {@code full}
 * @param warmups            untimed rounds before the timed ones (JIT, page faults)
 * @param repetitions        (a)'s timed repetitions of each strategy, shared among its forks; every one is kept as a sample
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
            // Four forks of every part, each short: the figures vary little inside a child and much
            // from child to child, so a fork is the unit of every interval, and four give each claim
            // 3 degrees of freedom of its own where two gave 1 (t 3.18 against 12.7; five forks took
            // 90 s of quick's five minutes). A child's
            // start (about 0.5 s with the class archive) is then most of its cost, so each fork
            // times one repetition after one warm-up. (a): 40 ms two-thread rounds and 400,000-record
            // one-thread rounds, about 0.25 s a round; of the fixed mirrors only the default (the
            // others run the same code on the same memory shape, at 4 children each). (d) at seed
            // 001's 1.49 M/s only, the rate its claims judge (each further rate costs 4 children);
            // the full profile sweeps five.
            case "quick" -> new DriverProfile("quick", 1, 4, 40_000_000L, 32 * 12_500, 1_000_000, 50_000, 500_000,
                    List.of(GIGABIT_64_BYTE_FRAMES), 200_000_000L, 4, 1, 1, false);
            // Seed 001's sizes: 1 million operations per figure, one second of 1 Gbit/s traffic.
            case "full" -> new DriverProfile("full", 2, 5, 1_000_000_000L, 1_000_000, 10_000_000, 1_000_000, 1_000_000,
                    List.of(100_000L, 500_000L, 1_000_000L, GIGABIT_64_BYTE_FRAMES, 3_000_000L), 1_000_000_000L, 3, 3, 2, true);
            default -> throw new IllegalArgumentException("unknown profile '" + profile
                    + "' for the driver experiment; known: tiny, quick, full");
        };
    }
}
