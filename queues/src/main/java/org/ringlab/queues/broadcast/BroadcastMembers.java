package org.ringlab.queues.broadcast;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Who reads a broadcast queue and who waits on it: the gate the producer's publish shares with
 * join and leave, the joined and leaving consumers (guarded by the gate), the mask of consumers
 * parked for a record, and the producer parked for a slot. The gate makes "who counts for this
 * record" exact: a record's pending count is the set of consumers joined when it was published.
 */
final class BroadcastMembers {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle PRODUCER_WAITER;

    static {
        try {
            PRODUCER_WAITER = MethodHandles.lookup().findVarHandle(BroadcastMembers.class, "producerWaiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Shared cells, 128 bytes apart (two lines: adjacent-line prefetch).
    private static final int CELL = 16;
    private static final int GATE = CELL;
    private static final int WAITING = 2 * CELL;
    private static final int PRODUCER_WAKEUPS = 3 * CELL;
    private static final int CELLS_LENGTH = 5 * CELL;

    private static final int GATE_SPINS = 64;

    private final long[] cells = new long[CELLS_LENGTH];
    /** Every consumer index's bit. */
    final long allConsumers;
    @SuppressWarnings("unused") // accessed through PRODUCER_WAITER
    private volatile Thread producerWaiter;

    // Guarded by the gate.
    long joinedMask;
    /**
     * Consumers that left but are still releasing what they held (outside the gate): join()
     * must not hand such a consumer to another thread until it is done.
     */
    long leavingMask;
    int joinedCount;
    long joins;
    long leaves;

    BroadcastMembers(int consumers) {
        this.allConsumers = consumers == 64 ? -1L : (1L << consumers) - 1;
    }

    void acquireGate() {
        for (int spins = 0; !LONGS.compareAndSet(cells, GATE, 0L, 1L); spins++) {
            if (spins < GATE_SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the holder (a join or leave) may have been descheduled
            }
        }
    }

    void releaseGate() {
        // Publishes what the holder changed (membership, published state) to the next holder.
        LONGS.setRelease(cells, GATE, 0L);
    }

    /** The consumers parked for a record; volatile, after the published sequence's volatile store. */
    long lvWaiting() {
        return (long) LONGS.getVolatile(cells, WAITING);
    }

    /** Atomic, so volatile: the producer stores the sequence then loads the mask; one of us sees the other. */
    void markWaiting(long bit) {
        LONGS.getAndBitwiseOr(cells, WAITING, bit);
    }

    void clearWaiting(long bit) {
        LONGS.getAndBitwiseAnd(cells, WAITING, ~bit);
    }

    /** Clears {@code bit}; true when it was set (this caller wakes that consumer, once). */
    boolean takeWaiting(long bit) {
        long before = (long) LONGS.getAndBitwiseAnd(cells, WAITING, ~bit);
        return (before & bit) != 0;
    }

    /** The producer waits for a slot: set before its volatile re-check of the pending count. */
    void svProducerWaiter(Thread t) {
        PRODUCER_WAITER.setVolatile(this, t);
    }

    /** A consumer freed a slot (count 1 to 0): unparks the producer if it waits (volatile after the decrement). */
    void wakeProducer() {
        if (PRODUCER_WAITER.getVolatile(this) != null) {
            Thread t = (Thread) PRODUCER_WAITER.getAndSet(this, (Thread) null);
            if (t != null) {
                LONGS.getAndAdd(cells, PRODUCER_WAKEUPS, 1L);
                LockSupport.unpark(t);
            }
        }
    }

    long producerWakeups() {
        return (long) LONGS.getOpaque(cells, PRODUCER_WAKEUPS);
    }

    /** On close: unparks the producer and every parked consumer, and forgets the waiters. */
    void wakeAll(ConsumerCursor[] consumers) {
        Thread p = (Thread) PRODUCER_WAITER.getAndSet(this, (Thread) null);
        if (p != null) {
            LockSupport.unpark(p);
        }
        LONGS.getAndSet(cells, WAITING, 0L);
        for (ConsumerCursor k : consumers) {
            Thread t = k.waiter;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }
}
