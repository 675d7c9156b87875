package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueProducer;

/**
 * The producer of a {@link RefCountedBroadcastQueue}. The {@link QueueProducer} methods fail
 * fast ({@code false}, {@code null}, 0) while the next slot is still held by a consumer; the
 * methods here wait for it with the queue's producer {@link WaitStrategy}, so the slowest
 * consumer sets the pace, and the time spent waiting is counted
 * ({@code producerStallNanos}).
 */
public interface BroadcastProducer extends QueueProducer {

    /** Copies {@code record} into the next slot and publishes it, waiting while the slot is held. */
    void put(MemorySegment record);

    /**
     * A writable segment of {@code length} bytes in the next slot, waiting while it is held;
     * fill it, then {@link #commit(int)}.
     */
    MemorySegment awaitClaim(int length);

    /** Sequence number the next published record gets (records published so far). */
    long nextSequence();
}
