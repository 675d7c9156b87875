package org.ringlab.queues.baseline;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

/**
 * {@code copy-per-consumer}: the baseline of seed 003 (taskBus before its 2024-09 redesign):
 * the producer copies every record into each consumer's own queue ({@link CopyPerConsumerQueue}).
 */
public final class CopyPerConsumerDiscipline implements QueueDiscipline {

    @Override
    public String name() {
        return "copy-per-consumer";
    }

    @Override
    public String description() {
        return "baseline: 1 producer / N consumers, every record copied into each consumer's own sub-ring (taskBus before 2024-09)";
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        return new CopyPerConsumerQueue(name(), memory, spec);
    }
}
