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
        return "lock-free 1 producer / 1 consumer, acquire/release positions in the memory's header, cached opposite position";
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
