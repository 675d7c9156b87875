package org.ringlab.bench.report;

import java.io.PrintWriter;
import java.util.List;

/**
 * What one experiment run is given.
 *
 * @param profile     {@code tiny} (tests only), {@code quick} (default) or {@code full}
 * @param seed        seed of every random workload of the run
 * @param strategies  memory (or growth) strategy names to keep; empty = every available one
 * @param disciplines queue discipline names to keep; empty = every available one
 * @param fork        measure in child JVMs where the experiment supports it
 * @param progress    where to report the current combination
 * @param out         the terminal: tables are printed here as they complete
 */
public record RunContext(String profile, long seed, List<String> strategies, List<String> disciplines, boolean fork,
                         Progress progress, PrintWriter out) {

    public RunContext {
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
