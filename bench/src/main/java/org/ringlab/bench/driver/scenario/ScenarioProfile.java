package org.ringlab.bench.driver.scenario;

import java.util.List;

/**
 * How long and how often the whole-driver scenario runs.
 *
 * @param name           {@code tiny}, {@code quick} or {@code full}
 * @param durationNanos  NIC run time of one run of one variant
 * @param repetitions    runs per variant, the variants interleaved within each repetition
 * @param sweepNanos     NIC run time of one run of the interrupt-cost sweep
 * @param sweepRepetitions runs per sweep point and interrupt mode
 * @param sweepInterruptNanos the interrupt costs swept; {@code -1} stands for the seed's cost on this CPU
 * @param warmupNanos    NIC run time of each variant in one untimed warm-up pass; passes repeat
 *                       before the timed rounds until the JIT is quiet ({@link #warmup()})
 */
public record ScenarioProfile(String name, long durationNanos, int forks, int repetitions, long sweepNanos, int sweepRepetitions,
                              List<Long> sweepInterruptNanos, long warmupNanos) {

    public static final long SEED_COST = -1;

    public ScenarioProfile {
        sweepInterruptNanos = List.copyOf(sweepInterruptNanos);
        if (forks < 1 || repetitions < 1 || sweepRepetitions < 1) {
            throw new IllegalArgumentException("scenario profile " + name + ": forks, repetitions and sweep repetitions "
                    + "must be >= 1, got " + forks + ", " + repetitions + ", " + sweepRepetitions);
        }
    }

    public static ScenarioProfile named(String profile) {
        return switch (profile) {
            case "tiny" -> new ScenarioProfile("tiny", 30_000_000L, 2, 1, 20_000_000L, 1, List.of(0L, SEED_COST), 10_000_000L);
            // The warm-up: without it the first timed round of "after" lost 35-45 % of the packets in
            // three of four idle quick runs, the later rounds 0-3 %; one pass of 200 ms per variant
            // still left 34-37 % in two of three: C2 was still compiling beside the two spinning threads.
            // Four forks, a fork the unit of every interval (3 degrees of freedom of a claim's own where
            // two forks gave 1), each with its own warm-up, one round of 120 ms runs and one sweep pass
            // of 80 ms runs: about 3.5-4.5 s a fork, where two forks of 2 rounds of 250 ms and 150 ms
            // sweep runs took about 10 s each.
            case "quick" -> new ScenarioProfile("quick", 120_000_000L, 4, 1, 80_000_000L, 1,
                    List.of(0L, 100L, 200L, SEED_COST, 800L, 1600L), 40_000_000L);
            // Seed 001's iperf runs were 10 s; one second per run, five runs, is its rate over 5 s per variant.
            case "full" -> new ScenarioProfile("full", 1_000_000_000L, 3, 2, 500_000_000L, 1,
                    List.of(0L, 50L, 100L, 200L, SEED_COST, 600L, 800L, 1200L, 1600L, 3200L), 200_000_000L);
            default -> throw new IllegalArgumentException("unknown profile '" + profile
                    + "' for the driver scenario; known: tiny, quick, full");
        };
    }

    /**
     * Forks of the standard variants: at least {@link #forks}, then more (up to the budget) while
     * a seed claim's interval is still undecided and the next fork is expected to end within the
     * budget's seconds of the part's start. Quick adds none: its four forks take its share of the
     * quick run.
     */
    public org.ringlab.bench.harness.RepetitionBudget budget() {
        return switch (name) {
            case "full" -> new org.ringlab.bench.harness.RepetitionBudget(forks, forks + 2, 120);
            default -> new org.ringlab.bench.harness.RepetitionBudget(forks, forks, 0);
        };
    }

    /**
     * How long warm-up passes repeat: until no compilation ran for a while (a pass of quick's six
     * variants takes about 0.5 s), at most a few seconds; tiny makes one pass.
     */
    public org.ringlab.bench.harness.JitWarmup warmup() {
        return switch (name) {
            case "quick" -> new org.ringlab.bench.harness.JitWarmup(java.time.Duration.ZERO,
                    java.time.Duration.ofMillis(300), java.time.Duration.ofSeconds(4));
            case "full" -> new org.ringlab.bench.harness.JitWarmup(java.time.Duration.ofSeconds(1),
                    java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(15));
            default -> new org.ringlab.bench.harness.JitWarmup(java.time.Duration.ZERO, java.time.Duration.ZERO,
                    java.time.Duration.ZERO);
        };
    }

    /** Progress steps: one per fork (a fork beyond these grows the plan). */
    public int steps() {
        return forks;
    }
}
