package org.ringlab.queues.spsc;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * The length-word protocol's deliberately broken ordering twin: the record's word is
 * release-stored <em>before</em> the terminator after it is written, so a consumer right behind
 * the producer consumes the record and then reads the next word while it still holds an
 * earlier lap's payload bytes: a phantom or torn record. The gap between the two stores is
 * widened with a short spin (the race it models is a few instructions wide; the spin lets a
 * CI-sized run see it). SpscConcurrencyTest must catch it.
 */
final class TerminateAfterPublishMirrorViewSpscQueue extends MirrorViewSpscQueue {

    static volatile long sink;

    TerminateAfterPublishMirrorViewSpscQueue(MirrorViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    void publish(long offset, int word, long terminator) {
        publishWord(offset, word); // BROKEN on purpose: the next word is not zero yet
        long s = 0;
        for (int i = 0; i < 64; i++) {
            s += i;
            Thread.onSpinWait();
        }
        sink = s;
        writeTerminator(terminator);
    }
}
