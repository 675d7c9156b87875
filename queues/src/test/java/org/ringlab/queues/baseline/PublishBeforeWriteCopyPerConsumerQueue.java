package org.ringlab.queues.baseline;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * The deliberately broken twin of {@link CopyPerConsumerQueue}: it release-stores every
 * sub-ring's producer position before writing the frames, so a consumer may read a frame that
 * is not written yet. {@code CopyPerConsumerConcurrencyTest} must catch it.
 */
final class PublishBeforeWriteCopyPerConsumerQueue extends CopyPerConsumerQueue {

    private final int consumers;

    PublishBeforeWriteCopyPerConsumerQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec);
        this.consumers = spec.consumers();
    }

    @Override
    void writeCopies(Producer producer, MemorySegment record, long length, long frame) {
        for (int c = 0; c < consumers; c++) {
            // BROKEN on purpose: publishes frames not yet written.
            soPosition(CopyPerConsumerDescriptor.producerPositionOffset(c), producer.reservedStart(c) + frame);
        }
        super.writeCopies(producer, record, length, frame);
    }
}
