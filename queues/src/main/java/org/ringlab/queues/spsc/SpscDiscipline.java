package org.ringlab.queues.spsc;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

/** {@code spsc}: the lock-free single-producer single-consumer ring ({@link SpscRingQueue}). */
public final class SpscDiscipline implements QueueDiscipline {

    @Override
    public String name() {
        return "spsc";
    }

    @Override
    public String description() {
        return "lock-free 1 producer / 1 consumer; variable records on a mirror view published by each record's length word"
                + " (a zero terminator after the newest: the consumer never writes the ring), elsewhere by acquire/release"
                + " positions in the header, the opposite one cached";
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        return SpscRingQueue.create(name(), memory, spec);
    }
}
