package org.ringlab.queues.mapped;

import java.lang.foreign.MemorySegment;

/**
 * The mapped queue writer's deliberately broken twin: it release-stores a record's header word
 * (checksummed over bytes not written yet) before copying the payload, so a reader following
 * closely can see a record announced but not there. {@link MappedPublicationStressTest} must
 * catch it.
 */
final class PublishBeforeWriteMappedQueueWriter extends MappedQueueWriter {

    PublishBeforeWriteMappedQueueWriter(QueueFile queue, long position, long lastRecord) {
        super(queue, position, lastRecord);
    }

    @Override
    void writeAndPublish(MemorySegment record, long offset, int length) {
        publish(offset, length); // BROKEN on purpose: announces bytes not written yet
        writePayload(record, offset, length);
    }
}
