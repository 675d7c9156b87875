package org.ringlab.bench.history;

import java.nio.file.Path;
import java.util.List;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.harness.RepetitionBudget;

/**
 * A validated history run: which available strategies, which element sizes, how big a ring,
 * how many repetitions, where to write files.
 *
 * @param ringBytes target ring capacity; each cell rounds it up to its element size and granularity
 * @param out       the report folder to write, or {@code null}
 * @param skipped   one line per discovered strategy left out because it is unavailable
 * @param repetitions timed repetitions per round (per forked JVM)
 * @param budget    rounds per cell: every strategy gets {@code minRounds}; the claimed pair
 *                  (baseline, candidate) gets more while a claim is inconclusive
 * @param cold      seed 000's whole runs, made by the claimed pair first in every round
 */
public record HistoryPlan(Profile profile, List<MemoryStrategy> strategies, List<Long> sizes, long ringBytes,
                          int warmup, int repetitions, boolean fork, long seed, Path out, List<String> skipped,
                          String baseline, String candidate, RepetitionBudget budget, ColdRun.ColdPlan cold) {

    public HistoryPlan {
        strategies = List.copyOf(strategies);
        sizes = List.copyOf(sizes);
        skipped = List.copyOf(skipped);
    }

    /** With the profile's repetition budget and cold runs. */
    public HistoryPlan(Profile profile, List<MemoryStrategy> strategies, List<Long> sizes, long ringBytes, int warmup,
                       int repetitions, boolean fork, long seed, Path out, List<String> skipped, String baseline,
                       String candidate) {
        this(profile, strategies, sizes, ringBytes, warmup, repetitions, fork, seed, out, skipped, baseline, candidate,
                profile.budget(), profile.coldPlan());
    }

    /** Whether {@code strategy} is one of the pair the claims compare. */
    boolean claimed(String strategy) {
        return strategy.equals(baseline) || strategy.equals(candidate);
    }

    public int cellCount() {
        return strategies.size() * sizes.size();
    }
}
