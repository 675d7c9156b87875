package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.DoubledViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@link DoubledViewSpscQueue} that writes offered payloads once, skipping the strategy's second
 * write: its own consumer still reads every record right (it reads each from its first byte), so
 * no queue-level check sees it; the ring's two copies differ. DoubledViewSpscTest must see that,
 * or it proves nothing about the mechanism being paid.
 */
final class NoTwinDoubledViewSpscQueue extends DoubledViewSpscQueue {

    private final MemorySegment array;

    NoTwinDoubledViewSpscQueue(DoubledViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
        this.array = memory.doubledView();
    }

    @Override
    void writePayload(long offset, MemorySegment record, long length) {
        // BROKEN on purpose: the first copy only
        MemorySegment.copy(record, 0, array, offset + SpscDescriptor.RECORD_HEADER_LENGTH, length);
    }
}
