package org.ringlab.queues.broadcast;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/** {@link WaitStrategy#parking()}: spin, then yield, then park until unparked (bounded). */
final class ParkWait implements WaitStrategy {

    static final int SPINS = 100;
    static final int YIELDS = 10;
    static final long DEFAULT_MAX_PARK_MILLIS = 1;
    static final ParkWait DEFAULT = new ParkWait(Duration.ofMillis(DEFAULT_MAX_PARK_MILLIS));

    private final long maxParkNanos;

    ParkWait(Duration maxPark) {
        if (maxPark == null || maxPark.isNegative() || maxPark.isZero()) {
            throw new IllegalArgumentException("the longest park must be positive, got " + maxPark);
        }
        this.maxParkNanos = maxPark.toNanos();
    }

    @Override
    public String name() {
        return "park";
    }

    @Override
    public void idle(int step) {
        if (step < SPINS) {
            Thread.onSpinWait();
        } else if (step < SPINS + YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(this, maxParkNanos);
        }
    }

    @Override
    public boolean parksAt(int step) {
        return step >= SPINS + YIELDS;
    }

    @Override
    public String toString() {
        return "park(max " + Duration.ofNanos(maxParkNanos) + ")";
    }
}
