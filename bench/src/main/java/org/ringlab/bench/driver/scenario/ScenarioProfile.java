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
 * @param warmupNanos    NIC run time of the one untimed run of each variant before the timed rounds
 */
public record ScenarioProfile(String name, long durationNanos, int repetitions, long sweepNanos, int sweepRepetitions,
                              List<Long> sweepInterruptNanos, long warmupNanos) {

    public static final long SEED_COST = -1;

    public ScenarioProfile {
        sweepInterruptNanos = List.copyOf(sweepInterruptNanos);
    }

    public static ScenarioProfile named(String profile) {
        return switch (profile) {
            case "tiny" -> new ScenarioProfile("tiny", 30_000_000L, 1, 20_000_000L, 1, List.of(0L, SEED_COST), 10_000_000L);
            // The warm-up: without it the first timed round of "after" lost 35-45 % of the packets in
            // three of four idle quick runs (the JIT still compiling), the later rounds 0-3 %.
            case "quick" -> new ScenarioProfile("quick", 300_000_000L, 3, 200_000_000L, 2,
                    List.of(0L, 100L, 200L, SEED_COST, 800L, 1600L), 200_000_000L);
            // Seed 001's iperf runs were 10 s; one second per run, five runs, is its rate over 5 s per variant.
            case "full" -> new ScenarioProfile("full", 1_000_000_000L, 5, 500_000_000L, 3,
                    List.of(0L, 50L, 100L, 200L, SEED_COST, 600L, 800L, 1200L, 1600L, 3200L), 1_000_000_000L);
            default -> throw new IllegalArgumentException("unknown profile '" + profile
                    + "' for the driver scenario; known: tiny, quick, full");
        };
    }

    /**
     * Rounds of the standard variants: at least {@link #repetitions}, then more (up to the
     * budget) while a seed claim's interval is still undecided.
     */
    public org.ringlab.bench.harness.RepetitionBudget budget() {
        return switch (name) {
            case "quick" -> new org.ringlab.bench.harness.RepetitionBudget(repetitions, repetitions + 2, 8);
            case "full" -> new org.ringlab.bench.harness.RepetitionBudget(repetitions, repetitions + 5, 40);
            default -> new org.ringlab.bench.harness.RepetitionBudget(repetitions, repetitions, 0);
        };
    }

    /** Runs this profile makes (for progress plans). */
    public int steps() {
        return 1 + sweepInterruptNanos.size();
    }
}
