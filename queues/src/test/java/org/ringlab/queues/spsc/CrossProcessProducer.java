package org.ringlab.queues.spsc;

import java.nio.file.Path;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** Child-process side of the cross-process test: attaches to the named ring and produces. */
public final class CrossProcessProducer {

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        long capacity = Long.parseLong(args[1]);
        long records = Long.parseLong(args[2]);
        try (RingMemory memory = Registries.memoryStrategies().require("mirrored-file")
                .allocate(RingSpec.ofCapacity(capacity).atFile(file));
             RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(Traffic.MAX_RECORD))) {
            Traffic.produce(queue.producer(), records, () -> false);
        }
        System.out.println("produced " + records);
    }
}
