package org.ringlab.queues.baseline;

import org.ringlab.api.Availability;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

/** {@code locked-list}: seed 001's "before", a linked list of heap records under a lock ({@link LockedListQueue}). */
public final class LockedListDiscipline implements QueueDiscipline {

    @Override
    public String name() {
        return "locked-list";
    }

    @Override
    public String description() {
        return "baseline: linked list under a lock, a byte[] allocated per record (kmalloc); the memory gives only its capacity";
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        return new LockedListQueue(name(), memory, spec);
    }
}
