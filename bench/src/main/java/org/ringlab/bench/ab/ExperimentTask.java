package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Experiments;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;

/**
 * One experiment run in a child JVM of some build ({@link Fork#runOn}): the child finds the
 * experiment by id on its own class path, runs it {@code repetitions} times and sends back every
 * figure of every repetition. The parent ({@code ringlab ab}) knows no experiment, queue or
 * strategy: it compares what two builds' children send back, figure by figure.
 *
 * @param experiment  the experiment id
 * @param profile     its profile
 * @param seed        the workload seed, the same for both builds
 * @param strategies  strategy filter (empty: every available one)
 * @param disciplines discipline filter (empty: every available one)
 * @param fork        whether the experiment forks its own cells (its grandchildren run on this build too)
 * @param repetitions runs of the experiment in this child
 * @param barrier     a directory both children of a duet meet in before each repetition
 *                    ({@link DuetBarrier}), or {@code null} outside a duet
 * @param side        this child's side in the duet ({@code A} or {@code B}), or {@code null}
 */
public record ExperimentTask(String experiment, String profile, long seed, List<String> strategies,
                             List<String> disciplines, boolean fork, int repetitions, String barrier, String side)
        implements ForkedTask<ExperimentTask.Figures> {

    /** One figure of one repetition: a {@link Measurement}'s identity, direction and samples. */
    public record Figure(String key, String combination, String metric, String unit, boolean higherIsBetter,
                         boolean timed, double[] samples) {

        static Figure of(Measurement m) {
            return new Figure(m.key(), m.combination(), m.metric(), m.unit(), m.higherIsBetter(), m.timed(),
                    m.samples());
        }
    }

    /** Every repetition's figures, in repetition order, and what the experiment skipped. */
    public record Figures(List<List<Figure>> repetitions, List<String> skipped) {
    }

    public ExperimentTask {
        strategies = List.copyOf(strategies);
        disciplines = List.copyOf(disciplines);
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be >= 1, got " + repetitions);
        }
        if ((barrier == null) != (side == null)) {
            throw new IllegalArgumentException("a duet needs both a barrier and a side, got " + barrier + " and " + side);
        }
    }

    @Override
    public Figures measure() {
        Experiment e = Experiments.find(experiment).orElseThrow(() -> new IllegalArgumentException("this build has"
                + " no experiment '" + experiment + "'; it has: " + String.join(", ", Experiments.ids())));
        // The tables go nowhere, the progress to stderr, which the parent logs.
        PrintWriter tables = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        Progress progress = new Progress(new PrintWriter(System.err, true, StandardCharsets.UTF_8));
        List<List<Figure>> out = new ArrayList<>();
        List<String> skipped = List.of();
        for (int r = 0; r < repetitions; r++) {
            if (barrier != null) {
                DuetBarrier.await(Path.of(barrier), side, r);
            }
            progress.experiment(experiment, r + 1, repetitions);
            ExperimentResult result = e.run(new RunContext(profile, seed, strategies, disciplines, fork, progress,
                    tables));
            out.add(result.measurements().stream().map(Figure::of).toList());
            skipped = result.skipped();
        }
        return new Figures(out, skipped);
    }

    @Override
    public Class<Figures> resultType() {
        return Figures.class;
    }

    @Override
    public String describe() {
        return experiment + (side == null ? "" : " (duet side " + side + ")");
    }
}
