package org.ringlab.bench.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@link ReferenceLoop} samples of the child JVMs {@link Fork#run} started since the last
 * {@link #take}: the command that runs experiments one after the other takes them after each
 * experiment, so every section of results.json holds the reference of its own children.
 */
public final class ReferenceLog {

    private static final List<ReferenceLoop.Sample> SAMPLES = new ArrayList<>();

    private ReferenceLog() {
    }

    static synchronized void add(ReferenceLoop.Sample sample) {
        SAMPLES.add(sample);
    }

    /** Every sample since the last call, oldest first; the log is empty afterwards. */
    public static synchronized List<ReferenceLoop.Sample> take() {
        List<ReferenceLoop.Sample> out = List.copyOf(SAMPLES);
        SAMPLES.clear();
        return out;
    }
}
