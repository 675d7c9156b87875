package org.ringlab.queues.napi;

/**
 * A snapshot of a {@link NapiAdaptiveQueue}'s counters. Each counter is exact once its thread
 * has stopped; read while the threads run, each is a recent value and they need not agree.
 *
 * @param offered             records the producer tried to enqueue (offers, batch entries, claims)
 * @param delivered           records handed to the consumer (poller or consumer handle)
 * @param dropped             offers refused because the ring was full ({@code offered - accepted})
 * @param polls               NAPI polls run by the poller
 * @param switchesToPoll      interrupt mode to poll mode: woken by the producer, or a parking
 *                            cancelled because records arrived meanwhile
 * @param switchesToInterrupt poll mode to interrupt mode: a poll processed less than the budget
 * @param wakeUps             signals the producer sent ({@code LockSupport.unpark}): the "interrupts"
 * @param parks               times the poller actually called {@code LockSupport.park}
 */
public record NapiStats(long offered, long delivered, long dropped, long polls, long switchesToPoll,
                        long switchesToInterrupt, long wakeUps, long parks) {

    /** Records the ring accepted. */
    public long accepted() {
        return offered - dropped;
    }
}
