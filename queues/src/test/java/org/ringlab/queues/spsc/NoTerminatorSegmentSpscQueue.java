package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * The segment path's deliberately broken reuse twin (of {@link SegmentSpscQueue}): the producer
 * publishes without writing the zero terminator after the record (neither with the payload nor
 * on its own), so the word at the
 * consumer's next position is whatever an earlier lap left there (an old payload byte reads as
 * a record). SpscLengthWordReuseTest must see phantom records from it on doubled and split.
 */
final class NoTerminatorSegmentSpscQueue extends SegmentSpscQueue {

    NoTerminatorSegmentSpscQueue(RingMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writeTerminator(long at) {
        // BROKEN on purpose: the next record's word keeps the bytes of an earlier lap
    }

    /** The payload alone: the one-record path writes its terminator in the same SPI call, skipped here too. */
    @Override
    void writeRecord(long at, MemorySegment record, long end) {
        memory.write(at + SpscDescriptor.RECORD_HEADER_LENGTH, record); // BROKEN on purpose, as above
    }
}
