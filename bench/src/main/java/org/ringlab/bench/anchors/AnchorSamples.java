package org.ringlab.bench.anchors;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.util.Strategies;
import org.ringlab.bench.harness.JitWarmup;

/**
 * Every repetition of one anchor: records/µs and GB/s per record size, round-trip latency
 * percentiles. What a child JVM measures for one anchor ({@link AnchorsChild}) and sends its
 * parent as one JSON record: a component added here travels with no other change.
 *
 * @param rate      [size index][repetition] records per µs
 * @param bandwidth [size index][repetition] GB/s
 * @param latency   [column of {@link #LATENCY_COLUMNS}][repetition] ns
 * @param path      [size index][repetition] CPU ns per record, offer then poll on one thread
 * @param mechanism [size index][repetition] CPU ns per record of the strategy's mechanism alone
 *                  ({@link MechanismLoop}), timed after each path repetition; NaN for a third-party anchor
 * @param mechanismBytes [size index][repetition] bytes per record the strategy moved beyond the one
 *                  copy in and out, plus padding, in that path repetition (its own counters); NaN for a
 *                  third-party anchor
 * @param drain     [{@link #DRAIN_COLUMNS} index][repetition]: one-thread CPU ns per record with
 *                  drain(1) and drain(32), two-thread records/µs with drain(1) and drain(32); NaN but
 *                  for spsc on the default mirrored strategy
 */
record AnchorSamples(double[][] rate, double[][] bandwidth, double[][] latency, double[][] path,
                     double[][] mechanism, double[][] mechanismBytes, double[][] drain) {

    /** The record sizes, in table order. */
    static final int[] SIZES = {AnchorsProfile.SMALL_RECORD, AnchorsProfile.LARGE_RECORD};
    static final List<String> LATENCY_COLUMNS = List.of("p50", "p90", "p99", "p99.9", "max");
    /** The drain figures, in {@link #drain()} order. */
    static final List<String> DRAIN_COLUMNS = List.of("one thread drain(1)", "one thread drain(32)",
            "two threads drain(1)", "two threads drain(32)");
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};
    /** A warm-up chunk is this fraction of a repetition's records (20,000 of 500,000 64-byte records). */
    private static final int WARMUP_CHUNKS = 25;

    /** Every table of figures, in component order. */
    static final List<java.util.function.Function<AnchorSamples, double[][]>> TABLES = List.of(AnchorSamples::rate,
            AnchorSamples::bandwidth, AnchorSamples::latency, AnchorSamples::path, AnchorSamples::mechanism,
            AnchorSamples::mechanismBytes, AnchorSamples::drain);

    static AnchorSamples empty(int reps) {
        return new AnchorSamples(new double[SIZES.length][reps], new double[SIZES.length][reps],
                new double[LATENCY_COLUMNS.size()][reps], new double[SIZES.length][reps], nan(SIZES.length, reps),
                nan(SIZES.length, reps), nan(DRAIN_COLUMNS.size(), reps));
    }

    private static double[][] nan(int rows, int reps) {
        double[][] t = new double[rows][reps];
        for (double[] row : t) {
            Arrays.fill(row, Double.NaN);
        }
        return t;
    }

    /** For an anchor measured on one thread only ({@link AnchorsProfile#measuresTwoThreads}): NaN throughput and latency. */
    void leaveTwoThreadFiguresOut() {
        for (double[][] t : List.of(rate, bandwidth, latency)) {
            for (double[] row : t) {
                Arrays.fill(row, Double.NaN);
            }
        }
    }

    /** Whether the child of {@code anchor} also measures drain(32) against drain(1): spsc on the default mirrored strategy. */
    static boolean measuresDrain(String anchor) {
        String strategy = Anchors.strategyOf(anchor);
        return strategy != null && org.ringlab.api.Registries.defaultMirrored().chosen()
                .map(m -> m.name().equals(strategy)).orElse(false);
    }

    static long throughputTimeoutMillis(long records) {
        return TimeUnit.SECONDS.toMillis(60) + records * 20 / 1_000;
    }

    static long latencyTimeoutMillis(AnchorsProfile profile) {
        return TimeUnit.SECONDS.toMillis(60) + (long) (profile.roundTrips() + profile.roundTripWarmup()) * 200 / 1_000;
    }

    /** One throughput repetition of {@code anchor} (a fresh queue), stored as repetition {@code rep} unless negative (warm-up). */
    void measureThroughput(Anchors.Resolved anchor, int sizeIndex, int rep, AnchorsProfile profile) {
        int size = SIZES[sizeIndex];
        long records = profile.records(size);
        AnchorDriver.Throughput t;
        try (AnchorQueue queue = anchor.open(size, AnchorsProfile.RING_BYTES)) {
            t = AnchorDriver.throughput(queue, records, throughputTimeoutMillis(records));
        }
        if (rep >= 0) {
            rate[sizeIndex][rep] = t.recordsPerMicrosecond();
            bandwidth[sizeIndex][rep] = t.gigabytesPerSecond(size);
        }
    }

    /** One latency repetition of {@code anchor}: ping-pong over two fresh queues of 64-byte records. */
    void measureLatency(Anchors.Resolved anchor, int rep, AnchorsProfile profile) {
        Histogram histogram = new Histogram(AnchorDriver.HIGHEST_TRACKABLE_NANOS, 3);
        int size = AnchorsProfile.SMALL_RECORD;
        try (AnchorQueue ping = anchor.open(size, AnchorsProfile.RING_BYTES);
             AnchorQueue pong = anchor.open(size, AnchorsProfile.RING_BYTES)) {
            AnchorDriver.roundTrips(ping, pong, profile.roundTripWarmup(), profile.roundTrips(), histogram,
                    latencyTimeoutMillis(profile));
        }
        for (int p = 0; p < PERCENTILES.length; p++) {
            latency[p][rep] = histogram.getValueAtPercentile(PERCENTILES[p]);
        }
        latency[PERCENTILES.length][rep] = histogram.getMaxValue();
    }

    /**
     * One path repetition: offer then poll {@code records(size)} records on this thread, as CPU
     * time of this thread per record. CPU time, not wall time: a preemption by another process
     * does not count, so the figure holds on a loaded machine where the two-thread figures don't.
     * The warm-up ({@code rep} negative) runs the same loop method in chunks until the JIT is
     * quiet ({@link JitWarmup}), so the timed call enters C2's code of {@link #pathLoop}.
     */
    void measurePath(Anchors.Resolved anchor, int sizeIndex, int rep, AnchorsProfile profile) {
        int size = SIZES[sizeIndex];
        long records = profile.records(size);
        byte[] src = new byte[size];
        byte[] dst = new byte[size];
        try (AnchorQueue queue = anchor.open(size, AnchorsProfile.RING_BYTES)) {
            long mechanismBefore = queue instanceof RinglabSpscAnchor spsc ? spsc.mechanismBytes() : 0;
            long moved = records;
            if (rep < 0) {
                long chunk = Math.max(1, records / WARMUP_CHUNKS);
                moved = chunk * profile.warmup().run(() -> pathLoop(queue, src, dst, chunk),
                        AnchorSamples.class.getName() + ".pathLoop").chunks();
            } else {
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                long start = threads.getCurrentThreadCpuTime();
                pathLoop(queue, src, dst, records);
                long cpu = threads.getCurrentThreadCpuTime() - start;
                if (start < 0 || cpu <= 0) {
                    throw new IllegalStateException("thread CPU time is not measurable here (JVM returned " + start + ")");
                }
                path[sizeIndex][rep] = (double) cpu / records;
            }
            if (queue instanceof RinglabSpscAnchor spsc) {
                // A warm-up warms the replay loop in the shape of its own bytes.
                long bytes = spsc.mechanismBytes() - mechanismBefore;
                if (rep >= 0) {
                    mechanismBytes[sizeIndex][rep] = (double) bytes / records;
                }
                measureMechanism(anchor, sizeIndex, rep, moved, bytes, profile.warmup());
            }
        }
    }

    /**
     * The one-thread path, its own method: warmed in chunks and timed in one call. Every record
     * is stamped with its sequence number and checked when it comes back.
     */
    static void pathLoop(AnchorQueue queue, byte[] src, byte[] dst, long records) {
        int size = queue.recordSize();
        for (long seq = 0; seq < records; seq++) {
            AnchorDriver.stamp(src, size, seq);
            if (!queue.offer(src)) {
                throw new IllegalStateException(queue.name() + ": an empty queue refused record " + seq);
            }
            if (queue.poll(dst) != size || AnchorDriver.sequenceOf(dst, size, queue.name()) != seq) {
                throw new IllegalStateException(queue.name() + ": record " + seq + " did not come back whole");
            }
        }
    }

    /**
     * Right after a path repetition of an spsc anchor: its mechanism alone, the events' shape
     * from a probe of a fresh queue, the bytes from the repetition just run.
     */
    private void measureMechanism(Anchors.Resolved anchor, int sizeIndex, int rep, long records, long bytes,
                                  JitWarmup warmup) {
        if (bytes == 0) {
            if (rep >= 0) {
                mechanism[sizeIndex][rep] = 0; // nothing beyond the one copy in and out: no loop to time
            }
            return;
        }
        MechanismLoop probed;
        try (AnchorQueue fresh = anchor.open(SIZES[sizeIndex], AnchorsProfile.RING_BYTES)) {
            probed = MechanismLoop.probe((RinglabSpscAnchor) fresh, SIZES[sizeIndex],
                    MechanismLoop.probeRecords(SIZES[sizeIndex], AnchorsProfile.RING_BYTES, records));
        }
        // The repetition's own bytes, replayed in as many events per record as the probe saw.
        long events = Math.max(1, Math.min(records, Math.round((double) probed.events() * records / probed.records())));
        MechanismLoop shape = new MechanismLoop(bytes, records, events);
        if (rep < 0) {
            // The warm-up compiles the replay loop as the path's warm-up compiles the queue's;
            // timed interpreted, a 72-byte copy took 30 times its compiled cost.
            shape.warmUp(Math.max(1, records / WARMUP_CHUNKS), AnchorsProfile.RING_BYTES, warmup);
            return;
        }
        mechanism[sizeIndex][rep] = shape.cpuNanosPerRecord(records, AnchorsProfile.RING_BYTES);
    }

    /**
     * The drain comparison: its one-thread warm-up, then every one-thread repetition (drain(1),
     * drain(32) in each), then the two-thread warm-up and repetitions. In blocks rather than
     * one-thread and two-thread in turn: with two-thread runs (empty polls, a different profile
     * for the drain) between the warm-up and the first timed one-thread repetition, that
     * repetition took 1.7–2.5× the next one's time in two children at load 25; the one-thread
     * repetitions now follow their own warm-up directly.
     */
    void measureDrain(String anchor, AnchorsProfile profile, DrainOrders orders) {
        MemoryStrategy strategy = Strategies.memory(Anchors.strategyOf(anchor));
        QueueDiscipline spsc = Strategies.discipline(Anchors.SPSC);
        long records = profile.records(AnchorsProfile.SMALL_RECORD);
        int batches = DrainRuns.BATCHES.length;
        DrainRuns.warmOneThread(strategy, spsc, Math.max(DrainRuns.BATCH, records / WARMUP_CHUNKS), profile.warmup());
        for (int rep = 0; rep < profile.repetitions(); rep++) {
            for (int b : orders.oneThread().at(rep)) {
                drain[b][rep] = DrainRuns.oneThread(strategy, spsc, DrainRuns.BATCHES[b], records);
            }
        }
        for (int rep = -1; rep < profile.repetitions(); rep++) {
            for (int b : orders.twoThreads().at(rep)) {
                double rate = DrainRuns.twoThreads(strategy, spsc, DrainRuns.BATCHES[b], records,
                        throughputTimeoutMillis(records));
                if (rep >= 0) {
                    drain[batches + b][rep] = rate;
                }
            }
        }
    }

    /**
     * Each repetition's order of drain(1) and drain(32), one thread and two, drawn in the parent
     * ({@link Interleaving}, recorded in results.json) under scope {@code "anchors drain … × STRATEGY"}.
     */
    record DrainOrders(Interleaving oneThread, Interleaving twoThreads) {

        static DrainOrders draw(long seed, String anchor, int round, int repetitions) {
            List<String> batches = java.util.Arrays.stream(DrainRuns.BATCHES).mapToObj(b -> "drain(" + b + ")").toList();
            return new DrainOrders(Interleaving.draw(seed, "anchors drain one thread × " + anchor, round, repetitions,
                    batches), Interleaving.draw(seed, "anchors drain two threads × " + anchor, round, repetitions, batches));
        }
    }

    /** Everything for one anchor, in this JVM: per size a warm-up then the repetitions, then the latency repetitions. */
    static AnchorSamples measure(String anchor, AnchorsProfile profile, boolean twoThreads, DrainOrders drainOrders) {
        AnchorSamples s = empty(profile.repetitions());
        Anchors.Resolved resolved = Anchors.resolve(anchor); // once: every queue of the child opens from it
        if (!twoThreads) {
            s.leaveTwoThreadFiguresOut();
        } else {
            for (int i = 0; i < SIZES.length; i++) {
                for (int rep = -1; rep < profile.repetitions(); rep++) {
                    s.measureThroughput(resolved, i, rep, profile);
                }
            }
            for (int rep = 0; rep < profile.repetitions(); rep++) {
                s.measureLatency(resolved, rep, profile);
            }
        }
        for (int i = 0; i < SIZES.length; i++) {
            for (int rep = -1; rep < profile.repetitions(); rep++) {
                s.measurePath(resolved, i, rep, profile);
            }
        }
        if (measuresDrain(anchor)) {
            s.measureDrain(anchor, profile, drainOrders);
        }
        return s;
    }

    /** The rounds' repetitions one after the other, round 0 first: every figure over all rounds. */
    static AnchorSamples concat(List<AnchorSamples> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no rounds to concatenate");
        }
        double[][][] t = TABLES.stream().map(f -> concat(rounds, f)).toArray(double[][][]::new);
        return new AnchorSamples(t[0], t[1], t[2], t[3], t[4], t[5], t[6]);
    }

    private static double[][] concat(List<AnchorSamples> rounds, java.util.function.Function<AnchorSamples, double[][]> t) {
        double[][] out = new double[t.apply(rounds.getFirst()).length][];
        for (int row = 0; row < out.length; row++) {
            int r = row;
            out[row] = rounds.stream().flatMapToDouble(s -> Arrays.stream(t.apply(s)[r])).toArray();
        }
        return out;
    }

    @Override
    public String toString() {
        return "AnchorSamples[rate, bandwidth, latency, path, mechanism, mechanismBytes, drain="
                + TABLES.stream().map(t -> Arrays.deepToString(t.apply(this))).toList() + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AnchorSamples other && TABLES.stream().allMatch(t -> Arrays.deepEquals(t.apply(this),
                t.apply(other)));
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(TABLES.stream().map(t -> t.apply(this)).toArray());
    }
}
