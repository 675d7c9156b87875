package org.ringlab.bench.report;

import java.util.Objects;

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
 */
public record Section(String id, String seed, String description, ExperimentResult result, String failure,
                      double seconds) {

    public Section {
        Objects.requireNonNull(id, "id");
        if ((result == null) == (failure == null)) {
            throw new IllegalArgumentException("section " + id + ": exactly one of result and failure, got " + result
                    + " and " + failure);
        }
    }

    public static Section of(Experiment e, ExperimentResult result, double seconds) {
        return new Section(e.id(), e.seed(), e.description(), result, null, seconds);
    }

    public static Section failed(Experiment e, String failure, double seconds) {
        return new Section(e.id(), e.seed(), e.description(), null, failure, seconds);
    }

    public boolean ok() {
        return failure == null;
    }
}
