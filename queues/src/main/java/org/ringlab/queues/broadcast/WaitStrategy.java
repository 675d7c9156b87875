package org.ringlab.queues.broadcast;

import java.time.Duration;

/**
 * How a thread waits for the other side of a queue: the producer for a slot its consumers
 * still hold, a consumer for its next record. The waiter calls {@link #idle(int)} each time it
 * finds the condition still false, with {@code step} counting those calls since the wait began
 * (0, 1, 2 …), and re-checks after every call.
 *
 * <p>A strategy that parks says at which steps it may do so ({@link #parksAt(int)}): the
 * waiter then registers to be unparked by the side that makes progress before it calls
 * {@code idle}, so a wake-up costs one {@code unpark} and happens only when a waiter is
 * registered. Spinning and yielding waiters never register and cost the other side nothing.
 */
public interface WaitStrategy {

    /** Short name for reports: {@code spin}, {@code yield} or {@code park}. */
    String name();

    /** Waits a little; the awaited condition has been found false {@code step + 1} times in a row. */
    void idle(int step);

    /** Whether {@link #idle(int)} at {@code step} may park the thread until it is unparked. */
    boolean parksAt(int step);

    /** Busy-spins ({@link Thread#onSpinWait()}): lowest latency, burns a core. */
    static WaitStrategy spin() {
        return SpinWait.INSTANCE;
    }

    /** {@link Thread#yield()} on every step: gives the core away, never sleeps. */
    static WaitStrategy yielding() {
        return YieldWait.INSTANCE;
    }

    /**
     * Spins 100 steps, yields 10, then parks until unparked, at most 1 ms at a time (a safety
     * net: a waiter that nobody signals, such as a framer on a foreign producer, still
     * re-checks). The queue unparks a registered waiter as soon as it can go on.
     */
    static WaitStrategy parking() {
        return ParkWait.DEFAULT;
    }

    /** As {@link #parking()}, parking at most {@code maxPark} at a time. */
    static WaitStrategy parking(Duration maxPark) {
        return new ParkWait(maxPark);
    }
}
