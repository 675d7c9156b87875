package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@link LapViewCrossSpscQueue} that release-stores the word of a record whose payload crosses
 * the seam <em>before</em> the strategy writes that payload, so the consumer may read (through
 * the strategy's window or read) bytes that are not there yet. SpscConcurrencyTest must see torn
 * records from it, or its checks prove nothing about the crossing path.
 */
final class PublishBeforeWriteAcrossLapViewSpscQueue extends LapViewCrossSpscQueue {

    PublishBeforeWriteAcrossLapViewSpscQueue(LapViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writeAcross(long position, MemorySegment record) {
        // BROKEN on purpose: publishes unwritten bytes
        long at = position - SpscDescriptor.RECORD_HEADER_LENGTH;
        long length = record.byteSize();
        publish(offset(at), SpscDescriptor.recordWord(length), offset(at + SpscDescriptor.variableFrameLength(length)));
        super.writeAcross(position, record);
    }
}
