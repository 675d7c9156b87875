package org.ringlab.bench.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ringlab run EXPERIMENT}: one experiment with the options every experiment shares
 * ({@link CompareOptions}) and its own ({@link Experiment#options()}, added as a mixin), so
 * {@code run history --help} lists history's and {@code run anchors --sizes 4K} is refused
 * naming the options anchors allows.
 */
@Command(sortOptions = false)
public final class ExperimentRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CompareOptions options;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    private final Experiment experiment;
    private final ExperimentOptions own;

    private ExperimentRunCommand(Experiment experiment, ExperimentOptions own) {
        this.experiment = experiment;
        this.own = own;
    }

    /** The subcommand of {@code run} for {@code experiment}, its own options mixed in. */
    static CommandLine of(Experiment experiment) {
        ExperimentOptions own = experiment.options().orElse(null);
        CommandLine cl = new CommandLine(new ExperimentRunCommand(experiment, own));
        if (own != null) {
            cl.addMixin(experiment.id(), own);
        }
        cl.getCommandSpec().usageMessage().description("Runs " + experiment.id() + " (seed " + experiment.seed()
                + "): " + experiment.description() + ".", "Writes its report folder as 'compare' does."
                + (own == null ? " No options of its own." : ""));
        return cl;
    }

    @Override
    public Integer call() {
        if (own != null) {
            try {
                own.validate();
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        options.experiments = List.of(experiment.id());
        options.own = own;
        return options.run(spec, options.describe("ringlab run " + experiment.id())
                + (own == null ? "" : own.describe()));
    }
}
