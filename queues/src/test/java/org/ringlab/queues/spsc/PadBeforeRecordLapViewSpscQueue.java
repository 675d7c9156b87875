package org.ringlab.queues.spsc;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * {@link LapViewSpscQueue} that releases a padding word <em>before</em> it stores the word of the
 * record behind the padding (at the start of the next lap), so a consumer that acquires the
 * padding and skips to the record may read that lap's old bytes as its word. SpscConcurrencyTest
 * must see wrong records from it, or its checks prove nothing about the padding's publication.
 */
final class PadBeforeRecordLapViewSpscQueue extends LapViewSpscQueue {

    private long deferredOffset = -1;
    private int deferredWord;

    PadBeforeRecordLapViewSpscQueue(LapViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    /** The word behind padding (the single offer's and commit's only plain word store here): held back. */
    @Override
    void storeWord(long offset, int word) {
        deferredOffset = offset;
        deferredWord = word;
    }

    @Override
    void publish(long offset, int word, long terminator) {
        if (word < 0 && deferredOffset >= 0) {
            // BROKEN on purpose: the padding is released, then the record behind it is made whole
            publishWord(offset, word);
            super.storeWord(deferredOffset, deferredWord);
            writeTerminator(terminator);
            deferredOffset = -1;
            return;
        }
        super.publish(offset, word, terminator);
    }
}
