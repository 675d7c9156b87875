package org.ringlab.queues.napi;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

/** {@code napi}: NAPI-style interrupt/poll switching with a budget over an spsc ring ({@link NapiAdaptiveQueue}). */
public final class NapiDiscipline implements QueueDiscipline {

    @Override
    public String name() {
        return "napi";
    }

    @Override
    public String description() {
        return "spsc ring with a NAPI consumer: parks until woken, then polls (budget 64, batches of 32); drops on full";
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    /** A queue with {@link NapiConfig#defaults()}; build {@link NapiAdaptiveQueue} directly for others. */
    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        return new NapiAdaptiveQueue(memory, spec, NapiConfig.defaults());
    }
}
