package org.ringlab.bench.history;

import java.nio.file.Path;
import java.util.List;

import org.ringlab.api.MemoryStrategy;

/**
 * A validated history run: which available strategies, which element sizes, how big a ring,
 * how many repetitions, where to write files.
 *
 * @param ringBytes target ring capacity; each cell rounds it up to its element size and granularity
 * @param out       the report folder to write, or {@code null}
 * @param skipped   one line per discovered strategy left out because it is unavailable
 */
public record HistoryPlan(Profile profile, List<MemoryStrategy> strategies, List<Long> sizes, long ringBytes,
                          int warmup, int repetitions, boolean fork, long seed, Path out, List<String> skipped,
                          String baseline, String candidate) {

    public HistoryPlan {
        strategies = List.copyOf(strategies);
        sizes = List.copyOf(sizes);
        skipped = List.copyOf(skipped);
    }

    public int cellCount() {
        return strategies.size() * sizes.size();
    }
}
