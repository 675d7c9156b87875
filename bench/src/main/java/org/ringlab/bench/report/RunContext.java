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
 * @param own         the experiment's own options as parsed by {@code ringlab run EXPERIMENT}, or
 *                    {@code null} (its defaults: {@code compare} and the tests)
 */
public record RunContext(String profile, long seed, List<String> strategies, List<String> disciplines, boolean fork,
                         Progress progress, PrintWriter out, ExperimentOptions own) {

    public RunContext {
        strategies = List.copyOf(strategies);
        disciplines = List.copyOf(disciplines);
    }

    /** Without options of the experiment's own: its defaults. */
    public RunContext(String profile, long seed, List<String> strategies, List<String> disciplines, boolean fork,
                      Progress progress, PrintWriter out) {
        this(profile, seed, strategies, disciplines, fork, progress, out, null);
    }

    /** The experiment's own options when given as {@code type}, else {@code defaults}. */
    public <T extends ExperimentOptions> T options(Class<T> type, java.util.function.Supplier<T> defaults) {
        return type.isInstance(own) ? type.cast(own) : defaults.get();
    }

    /** The strategy and discipline filters, as the selection of strategies reads them. */
    public org.ringlab.bench.util.NameFilters filters() {
        return new org.ringlab.bench.util.NameFilters(strategies, disciplines);
    }

    /** True when {@code name} passes the strategy filter. */
    public boolean wantsStrategy(String name) {
        return filters().wantsStrategy(name);
    }

    /** True when {@code name} passes the discipline filter. */
    public boolean wantsDiscipline(String name) {
        return filters().wantsDiscipline(name);
    }
}
