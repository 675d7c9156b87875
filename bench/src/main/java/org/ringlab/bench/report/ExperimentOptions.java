package org.ringlab.bench.report;

/**
 * An experiment's own command-line options: a picocli-annotated object that
 * {@code ringlab run EXPERIMENT} adds as a mixin beside the options every experiment shares, so
 * {@code ringlab run history --help} lists history's, and an option of another experiment is
 * refused. The experiment reads the parsed object back through {@link RunContext#options}.
 */
public interface ExperimentOptions {

    /**
     * Checks the parsed values before any measuring; throws {@link IllegalArgumentException}
     * naming the option, the bad value and what is allowed.
     */
    void validate();

    /** The options as typed, for the report's command line ({@code " --sizes 4KiB,64KiB"}); empty when defaults. */
    String describe();
}
