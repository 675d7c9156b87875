package org.ringlab.queues.spsc;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * The length-word protocol's deliberately broken reuse twin: the producer publishes without
 * writing the zero terminator after the record, so the word at the consumer's next position
 * is whatever an earlier lap left there (an old payload byte reads as a record).
 * SpscLengthWordReuseTest must see phantom records from it.
 */
final class NoTerminatorMirrorViewSpscQueue extends MirrorViewSpscQueue {

    NoTerminatorMirrorViewSpscQueue(MirrorViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void writeTerminator(long offset) {
        // BROKEN on purpose: the next record's word keeps the bytes of an earlier lap
    }
}
