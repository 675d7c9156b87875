package org.ringlab.bench.report;

/**
 * One of ringlab's experiments ({@code history}, {@code driver}, {@code growth},
 * {@code broadcast}, {@code mapped}, {@code anchors}): runs on a profile and returns its
 * measurements, tables, charts and the seed's claims beside what was measured. Found through
 * {@link java.util.ServiceLoader} inside the bench module, so {@code ringlab} (no arguments)
 * runs every one without a hand-written list.
 */
public interface Experiment {

    /** The id used by {@code --experiment}: lower case, no spaces. */
    String id();

    /** The seed file it reproduces (for example {@code 001_56e9b601bad63b40.txt}), or "—". */
    String seed();

    /** One line for {@code --help} and the report. */
    String description();

    /**
     * Runs on {@code context.profile()} and returns the result. Reports progress through
     * {@code context.progress()}; an unavailable strategy or discipline goes into
     * {@link ExperimentResult#skipped()} with its reason, never silently dropped. Throws
     * {@link IllegalArgumentException} for an unknown profile or a filter that selects nothing.
     */
    ExperimentResult run(RunContext context);

    /**
     * The figures this experiment measures for the seed catalogues ({@code "history.write-ratio"},
     * each starting with {@link #id()} and a dot): a catalogue entry may name only these, and every
     * claim the experiment returns for an entry judges one of them.
     */
    default java.util.Set<String> metrics() {
        return java.util.Set.of();
    }

    /**
     * A fresh object of this experiment's own options ({@link ExperimentOptions}) for
     * {@code ringlab run EXPERIMENT}, or empty when it has none beyond the shared ones.
     */
    default java.util.Optional<ExperimentOptions> options() {
        return java.util.Optional.empty();
    }

    /**
     * The reference kernel that normalises this experiment's timed figures in {@code ringlab
     * diff}: {@link org.ringlab.bench.harness.ReferenceLoop.Kernel#CPU} by default, {@code MEMORY}
     * for an experiment whose figures stream MiBs through memory. ({@code CORE} names the children
     * that ran it slow after their cell and normalises nothing: per child it did not track the
     * cell's figures, docs/experiments.md.)
     */
    default org.ringlab.bench.harness.ReferenceLoop.Kernel referenceKernel() {
        return org.ringlab.bench.harness.ReferenceLoop.Kernel.CPU;
    }
}
