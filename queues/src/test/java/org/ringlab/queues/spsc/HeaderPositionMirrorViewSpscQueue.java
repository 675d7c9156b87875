package org.ringlab.queues.spsc;

import java.lang.invoke.VarHandle;

import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;

/**
 * The attach's deliberately broken twin: a producer that attaches continues at the producer
 * position the header holds, as the mirror view's producer did while it stored that position
 * after every record. The header is now stored only on cold paths (a full cache, close), so
 * after a producer that did not close it is behind, and this twin overwrites published records.
 * SpscProducerAttachTest must see lost or rewritten records from it.
 */
final class HeaderPositionMirrorViewSpscQueue extends MirrorViewSpscQueue {

    private static final VarHandle POSITION = SpscRingQueue.POSITION;

    HeaderPositionMirrorViewSpscQueue(MirrorViewMemory memory, QueueSpec spec) {
        super("spsc", memory, spec);
    }

    @Override
    long recoverProducerPosition(long consumerPosition) {
        // BROKEN on purpose: trusts the header's cold-path value instead of walking the words
        return (long) POSITION.getAcquire(memory.header(), SpscDescriptor.PRODUCER_POSITION_OFFSET);
    }
}
