package org.ringlab.bench.jmh;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** A queue of one discipline on memory of one strategy, both resolved through the registries. */
final class QueueBench implements AutoCloseable {

    final RingMemory memory;
    final RecordQueue queue;

    QueueBench(String discipline, String strategy, long capacity, QueueSpec spec) {
        memory = Registries.memoryStrategies().require(strategy).allocate(RingSpec.ofCapacity(capacity));
        try {
            queue = Registries.disciplines().require(discipline).create(memory, spec);
        } catch (RuntimeException e) {
            memory.close();
            throw e;
        }
    }

    static MemorySegment record(int size) {
        MemorySegment r = MemorySegment.ofArray(new byte[size]);
        r.fill((byte) 7);
        return r;
    }

    @Override
    public void close() {
        queue.close();
        memory.close();
    }
}
