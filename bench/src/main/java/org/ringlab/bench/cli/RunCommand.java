package org.ringlab.bench.cli;

import java.util.List;

import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.Experiments;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ringlab run EXPERIMENT [options]}: one subcommand per experiment found
 * ({@link ExperimentRunCommand}: the shared options plus the experiment's own); a name that is
 * no experiment is refused naming the ones there are.
 */
@Command(name = "run", header = "Runs one experiment and writes its report folder.",
        description = {"Runs one experiment (an id from 'ringlab list', e.g. history, growth,",
        "mapped, driver, broadcast, anchors) and writes its report folder.",
        "'ringlab run EXPERIMENT --help' lists its options: the shared ones and its own."}, sortOptions = false)
public final class RunCommand extends PicocliCommand {

    // Only an unknown name lands here: every experiment is a subcommand.
    @Parameters(index = "0", paramLabel = "EXPERIMENT", arity = "0..1", description = "The experiment's id.")
    String experiment;

    /** Adds one subcommand per experiment ServiceLoader finds to {@code run}. */
    public static void addExperiments(CommandLine run) {
        for (Experiment e : Experiments.all()) {
            run.addSubcommand(e.id(), ExperimentRunCommand.of(e));
        }
    }

    @Override
    public Integer call() {
        List<String> ids = Experiments.all().stream().map(Experiment::id).toList();
        throw refused((experiment == null ? "name an experiment"
                : "unknown experiment '" + experiment + "'") + "; allowed: " + String.join(", ", ids));
    }
}
