package org.ringlab.bench.util;

import java.util.List;

/**
 * A run's name filters as the command line gave them: the strategies and the disciplines to
 * keep, each list empty to keep every one.
 */
public record NameFilters(List<String> strategies, List<String> disciplines) {

    public NameFilters {
        strategies = List.copyOf(strategies);
        disciplines = List.copyOf(disciplines);
    }

    /** True when {@code name} passes the strategy filter. */
    public boolean wantsStrategy(String name) {
        return strategies.isEmpty() || strategies.contains(name);
    }

    /** True when {@code name} passes the discipline filter. */
    public boolean wantsDiscipline(String name) {
        return disciplines.isEmpty() || disciplines.contains(name);
    }
}
