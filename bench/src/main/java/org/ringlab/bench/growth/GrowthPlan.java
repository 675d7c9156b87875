package org.ringlab.bench.growth;

import java.nio.file.Path;
import java.util.List;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.growth.GrowthWorkload;

/**
 * A validated growth run of one workload: which available strategies, what each buffer does,
 * how many repetitions, where to write files.
 *
 * @param growthCase the workload and what it stands for (a seed's test, or one given on the command line)
 * @param out        the report folder to write, or {@code null}
 * @param skipped    one line per discovered strategy left out because it is unavailable
 */
public record GrowthPlan(GrowthProfile profile, List<GrowthStrategy> strategies, GrowthCase growthCase,
                         int repetitions, boolean fork, long seed, Path out, List<String> skipped) {

    public GrowthPlan {
        strategies = List.copyOf(strategies);
        skipped = List.copyOf(skipped);
    }

    public GrowthWorkload workload() {
        return growthCase.workload();
    }

    public int runCount() {
        return strategies.size() * repetitions;
    }
}
