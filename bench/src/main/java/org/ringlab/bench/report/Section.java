package org.ringlab.bench.report;

import java.util.Objects;

import org.ringlab.bench.harness.RoundOrder;

/**
 * One experiment's section of a report: what it produced, or why it produced nothing (an
 * experiment that throws does not lose the others).
 *
 * @param id          the experiment id
 * @param seed        the seed file it reproduces
 * @param description one line from the experiment
 * @param result      what it produced, or {@code null} when it failed
 * @param failure     why it failed, or {@code null}
 * @param seconds     wall time it took
 * @param reference   the reference loop of its child JVMs, or {@code null} when it forked none
 * @param roundOrders the order its rounds ran their alternatives in, as drawn ({@link RoundOrder}); empty when
 *                    it drew none
 */
public record Section(String id, String seed, String description, ExperimentResult result, String failure,
                      double seconds, Reference reference, java.util.List<RoundOrder.Drawn> roundOrders) {

    public Section {
        Objects.requireNonNull(id, "id");
        roundOrders = roundOrders == null ? java.util.List.of() : java.util.List.copyOf(roundOrders);
        if ((result == null) == (failure == null)) {
            throw new IllegalArgumentException("section " + id + ": exactly one of result and failure, got " + result
                    + " and " + failure);
        }
    }

    /** Without round orders. */
    public Section(String id, String seed, String description, ExperimentResult result, String failure,
                   double seconds, Reference reference) {
        this(id, seed, description, result, failure, seconds, reference, java.util.List.of());
    }

    /** Without a reference (nothing forked, or a JMH import). */
    public Section(String id, String seed, String description, ExperimentResult result, String failure,
                   double seconds) {
        this(id, seed, description, result, failure, seconds, null);
    }

    /**
     * {@code e}'s result with the reference samples of the children it forked (none: no
     * reference), and a note naming those that ran the core kernel slow after their cell
     * ({@link Reference#episodeNote}).
     */
    public static Section of(Experiment e, ExperimentResult result, double seconds,
                             java.util.List<org.ringlab.bench.harness.ReferenceLoop.Sample> children) {
        return of(e, result, seconds, children, java.util.List.of());
    }

    /** {@link #of} with the round orders the experiment drew. */
    public static Section of(Experiment e, ExperimentResult result, double seconds,
                             java.util.List<org.ringlab.bench.harness.ReferenceLoop.Sample> children,
                             java.util.List<RoundOrder.Drawn> roundOrders) {
        Reference reference = Reference.of(e.referenceKernel(), children);
        String episodes = reference == null ? null : reference.episodeNote();
        return new Section(e.id(), e.seed(), e.description(), episodes == null ? result : result.withNote(episodes),
                null, seconds, reference, roundOrders);
    }

    public static Section failed(Experiment e, String failure, double seconds) {
        return new Section(e.id(), e.seed(), e.description(), null, failure, seconds);
    }

    public boolean ok() {
        return failure == null;
    }
}
