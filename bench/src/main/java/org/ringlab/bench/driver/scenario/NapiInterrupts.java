package org.ringlab.bench.driver.scenario;

/**
 * Seed 001's NAPI: an interrupt only when the consumer had found the ring empty and armed the
 * line; then it polls with a budget, again and again while a poll uses the whole budget.
 */
non-sealed class NapiInterrupts extends InterruptLine { // not final: the lost-wake-up stress test's twin extends it

    /** Seed 001's NAPI_BUDGET. */
    static final int SEED_BUDGET = 64;

    private final int budget;

    NapiInterrupts(int budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("NAPI budget must be positive, got " + budget);
        }
        this.budget = budget;
    }

    @Override
    void packetEnqueued() {
        if (wakeIfArmed()) {
            raise();
        }
    }

    @Override
    int budget(int batch) {
        return budget;
    }

    @Override
    String describe() {
        return "NAPI (budget " + budget + ")";
    }
}
