package org.ringlab.queues.spsc;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * The segment path's deliberately broken reuse twin (of {@link SegmentSpscQueue}): the producer
 * publishes without writing the zero terminator after the record (neither in the memory's
 * writeThenZeroInt, which it replaces with the payload alone, nor in the queue's own
 * writeTerminator), so the word at the consumer's next position is whatever an earlier lap
 * left there (an old payload byte reads as a record). SpscLengthWordReuseTest must see phantom records from it on doubled and split.
 */
final class NoTerminatorSegmentSpscQueue extends SegmentSpscQueue {

    NoTerminatorSegmentSpscQueue(RingMemory memory, QueueSpec spec) {
        super("spsc", new ForwardingSegmentMemory(memory) {
            @Override
            public void writeThenZeroInt(long position, MemorySegment payload, long zeroPosition) {
                delegate.write(position, payload); // BROKEN on purpose: the payload alone, no terminator after it
            }
        }, spec);
    }

    @Override
    void writeTerminator(long at) {
        // BROKEN on purpose: the next record's word keeps the bytes of an earlier lap
    }
}
