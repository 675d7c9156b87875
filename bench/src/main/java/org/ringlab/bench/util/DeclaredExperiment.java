package org.ringlab.bench.util;

import java.util.Set;

/**
 * What an experiment declares about itself, given once to the constructor instead of a method
 * each: its id, the seed file it reproduces, its line for {@code --help} and the report, and the
 * catalogue metrics it measures. An experiment extends this and implements {@code report.Experiment},
 * whose methods of these names it inherits from here (util imports no report type).
 */
public abstract class DeclaredExperiment {

    private final String id;
    private final String seed;
    private final String description;
    private final Set<String> metrics;

    protected DeclaredExperiment(String id, String seed, String description, Set<String> metrics) {
        this.id = id;
        this.seed = seed;
        this.description = description;
        this.metrics = Set.copyOf(metrics);
    }

    public final String id() {
        return id;
    }

    public final String seed() {
        return seed;
    }

    public final String description() {
        return description;
    }

    public final Set<String> metrics() {
        return metrics;
    }
}
