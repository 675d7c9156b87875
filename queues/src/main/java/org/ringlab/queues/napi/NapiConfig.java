package org.ringlab.queues.napi;

/**
 * How a {@link NapiAdaptiveQueue}'s poller works.
 *
 * @param budget     the most records one poll processes before the poller checks in again
 *                   (NAPI's weight, default {@value #DEFAULT_BUDGET}); a poll that processes
 *                   fewer than this returns the poller to interrupt mode
 * @param batch      the most records handed over per {@code drain} inside a poll, i.e. per
 *                   consumer-position store (default {@value #DEFAULT_BATCH}); at most the budget
 * @param signalling {@link Signalling#NAPI}, or the {@link Signalling#WAKE_PER_ITEM} baseline
 */
public record NapiConfig(int budget, int batch, Signalling signalling) {

    public static final int DEFAULT_BUDGET = 64;
    public static final int DEFAULT_BATCH = 32;

    /** How the producer signals and how much the poller does per signal. */
    public enum Signalling {
        /**
         * The producer wakes the poller only when it is parked (one "interrupt"); the poller then
         * polls with the budget and parks again only when a poll processes less than the budget.
         */
        NAPI,
        /**
         * The baseline, an interrupt per packet: the producer signals (unparks) the poller after
         * every record, and the poller handles one record per signal before it goes back to
         * interrupt mode. Budget and batch must both be 1.
         */
        WAKE_PER_ITEM
    }

    public NapiConfig {
        if (signalling == null) {
            throw new IllegalArgumentException("signalling is required (NAPI or WAKE_PER_ITEM)");
        }
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be at least 1 record per poll, got " + budget);
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be at least 1 record per drain, got " + batch);
        }
        if (batch > budget) {
            throw new IllegalArgumentException("batch " + batch + " is larger than the budget " + budget
                    + ": a poll never takes more than its budget");
        }
        if (signalling == Signalling.WAKE_PER_ITEM && budget != 1) {
            throw new IllegalArgumentException("wake-per-item handles one record per wake-up: budget must be 1, got "
                    + budget);
        }
    }

    /** NAPI with budget {@value #DEFAULT_BUDGET} and batches of {@value #DEFAULT_BATCH}. */
    public static NapiConfig defaults() {
        return new NapiConfig(DEFAULT_BUDGET, DEFAULT_BATCH, Signalling.NAPI);
    }

    /** The wake-per-item baseline: a signal and a wake-up for every record. */
    public static NapiConfig wakePerItem() {
        return new NapiConfig(1, 1, Signalling.WAKE_PER_ITEM);
    }

    /** NAPI with this budget and batches of {@code min(batch, budget)}. */
    public static NapiConfig napi(int budget, int batch) {
        return new NapiConfig(budget, batch, Signalling.NAPI);
    }
}
