package org.ringlab.queues.broadcast;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.RecordQueue;

/**
 * One consumer of a {@link RefCountedBroadcastQueue}: it sees every record published while it
 * is joined, in order, and holds each one's slot until it releases it. Like every handle it
 * belongs to one thread at a time; {@link RefCountedBroadcastQueue#leave} must be called from
 * that thread (or once it has stopped).
 */
public interface BroadcastConsumer extends QueueConsumer {

    /** This consumer's index, {@code 0 <= index < spec().consumers()}. */
    int index();

    /** Whether it is joined: records published now reach it. */
    boolean isJoined();

    /** Records published but not yet released by this consumer (0 when it is not joined). */
    long lag();

    /**
     * Waits with the queue's consumer {@link WaitStrategy} until a record is pending, then hands
     * every pending record to {@code handler} and releases each: the coalesced drain. A parked
     * consumer is woken once, when its pending queue goes from empty to non-empty. Returns how
     * many records it drained (at least 1); throws {@link IllegalStateException} when the queue
     * is closed while it waits.
     */
    int awaitDrain(RecordQueue.RecordHandler handler);
}
