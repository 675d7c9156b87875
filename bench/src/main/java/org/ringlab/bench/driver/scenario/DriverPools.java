package org.ringlab.bench.driver.scenario;

/**
 * The driver experiment's kinds of figure whose round variances pool ({@link org.ringlab.bench.harness.RoundPool}):
 * claims of one kind are alike noisy across parts (a wall-clock two-thread rate is noisier than one
 * thread's CPU time, a loss share noisier than either), so each kind pools on its own, and a
 * claim that varies more than the rest of its kind keeps its own variance.
 */
public final class DriverPools {

    /** Two threads, wall time, records/µs: (a) spsc / locked-list per strategy, (c) drain(32) / drain(1). */
    public static final String TWO_THREAD_THROUGHPUT = "two-thread throughput ratios";
    /** One thread, its CPU time: (b) malloc / pool, (g) copy / offset, (f) drain(1) / drain(32) with work. */
    public static final String ONE_THREAD_CPU = "one-thread CPU-time ratios";
    /** The consumer's CPU under a paced producer: (d) napi / wake-per-item per record, (e) after / before CPU share. */
    public static final String POLLER_CPU = "poller CPU ratios";
    /** What a paced producer got through: (d) napi / wake-per-item delivered share, (e) each variant's delivered rate and offered rate, after / before. */
    public static final String DELIVERED = "delivered ratios";
    /** (e)'s loss: each variant's loss %, before / after. */
    public static final String LOSS = "loss shares";

    private DriverPools() {
    }
}
