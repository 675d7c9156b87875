package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.spsc.SpscRingQueue;

/**
 * copy-per-consumer's fit check reads two positions of spsc's header
 * ({@link CopyPerConsumerDescriptor#SPSC_PRODUCER_POSITION}, {@link CopyPerConsumerDescriptor#SPSC_CONSUMER_POSITION}):
 * this fails the day spsc's header moves them, before a sub-ring's fit check reads the wrong word.
 */
class SpscHeaderCouplingTest {

    @Test
    void theFitCheckReadsSpscsPositions() {
        try (RingMemory parent = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(8192))) {
            MemorySegment header = parent.header().asSlice(CopyPerConsumerDescriptor.subHeaderOffset(0),
                    CopyPerConsumerDescriptor.SUB_HEADER_LENGTH);
            SubRingMemory view = SubRingMemory.of(parent, 0, 4096, header, new SubRingMemory.WriteCursor());
            SpscRingQueue q = SpscRingQueue.create("spsc", view, QueueSpec.variable(64));
            MemorySegment record = MemorySegment.ofArray(new byte[10]); // frame 16
            q.producer().offer(record);
            q.consumer(0).poll(MemorySegment.ofArray(new byte[64]));
            q.producer().offer(record);
            assertEquals(32, header.get(ValueLayout.JAVA_LONG, CopyPerConsumerDescriptor.SPSC_PRODUCER_POSITION));
            assertEquals(16, header.get(ValueLayout.JAVA_LONG, CopyPerConsumerDescriptor.SPSC_CONSUMER_POSITION));
            q.close();
        }
    }
}
