package org.ringlab.bench.driver.scenario;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.ratioCell;
import static org.ringlab.bench.util.Cells.ratios;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;

/**
 * Seed 001's batching figure (1 M packets processed one at a time and in batches of 32; its
 * figures are in the catalogue) needs processing that costs something: here every packet is a 64-byte frame the
 * handler parses, checksums and accounts in a {@link FlowTable} larger than the L2, flows drawn
 * at random so most updates miss the cache. One thread offers 32 frames into an {@code spsc}
 * ring and drains them, one per {@code drain} call or 32; beside it the same loop with an empty
 * handler (today's part (c)). CPU time of the thread per packet, offers included.
 *
 * <p>Entry point: {@link #run(MemoryStrategy, QueueDiscipline, Interleaving, int, long, long)}.
 */
public final class BatchingWithWork {

    static final int FRAME = 64;
    static final int SOURCE_FRAMES = 4096;
    static final long RING = 64 * 1024;
    /**
     * Per repetition, CPU ns per packet; with several forks, fork 0's repetitions first, every
     * fork as many.
     *
     * @param flowTableBytes the table's size
     * @param forks          the child JVMs the repetitions came from, one after the other
     */
    public record Result(long flowTableBytes, double[] emptyOne, double[] emptyBatch, double[] workOne,
                         double[] workBatch, int forks) {

        public Result {
            if (forks < 1 || workOne.length % forks != 0) {
                throw new IllegalArgumentException(workOne.length + " repetitions do not split into " + forks + " forks");
            }
        }

        /** Every repetition from one JVM. */
        public Result(long flowTableBytes, double[] emptyOne, double[] emptyBatch, double[] workOne, double[] workBatch) {
            this(flowTableBytes, emptyOne, emptyBatch, workOne, workBatch, 1);
        }

        /** The four loops' repetitions as {@code ForkedRows.Rows} rows. */
        public double[][] rows() {
            return new double[][] {emptyOne, emptyBatch, workOne, workBatch};
        }

        /** The claim's paired rounds: one per fork, or one per repetition from a single JVM. */
        private List<double[]> rounds(double[] v) {
            return forks == 1 ? SeedClaim.rounds(v) : groups(v);
        }

        /** {@code v}'s repetitions, one array per fork. */
        private List<double[]> groups(double[] v) {
            int per = v.length / forks;
            List<double[]> out = new ArrayList<>(forks);
            for (int f = 0; f < forks; f++) {
                out.add(java.util.Arrays.copyOfRange(v, f * per, (f + 1) * per));
            }
            return out;
        }

        /**
         * Seed 001's batching results: drain(1) / drain(32) CPU per packet with work, round
         * {@code r} of both measured back to back, its variance pooled in {@code pool} with the
         * other one-thread CPU-time ratios ({@link DriverPools#ONE_THREAD_CPU}); and each side's ns
         * per packet, which is its ms per million packets, beside the seed's absolute times.
         */
        public List<Claim> claims(RoundPool pool) {
            String detail = String.format(java.util.Locale.ROOT, "with work %.0f → %.0f ns/packet (medians), a %d MiB "
                    + "flow table; empty handler %.2f× (not judged)", org.ringlab.bench.util.Cells.median(workOne),
                    org.ringlab.bench.util.Cells.median(workBatch), flowTableBytes >> 20,
                    org.ringlab.bench.util.Cells.median(emptyOne) / org.ringlab.bench.util.Cells.median(emptyBatch));
            List<Claim> c = new ArrayList<>();
            c.addAll(SeedEntries.judge("driver.batch-speedup", pool.paired(DriverPools.ONE_THREAD_CPU, rounds(workOne),
                    rounds(workBatch)), detail));
            c.addAll(SeedEntries.judge("driver.batch1-ms-per-million", SeedClaim.figureOfForks(groups(workOne)),
                    "ns per packet = ms per million packets"));
            c.addAll(SeedEntries.judge("driver.batch32-ms-per-million", SeedClaim.figureOfForks(groups(workBatch)),
                    "ns per packet = ms per million packets"));
            return c;
        }

        /** The claims on their own variance. */
        public List<Claim> claims() {
            return claims(RoundPool.none());
        }

        public List<Measurement> measurements(String experiment, String strategy) {
            List<Measurement> ms = new ArrayList<>();
            String[][] rows = {{"empty", "drain(1)"}, {"empty", "drain(32)"}, {"parse+checksum+flow table", "drain(1)"},
                    {"parse+checksum+flow table", "drain(32)"}};
            double[][] v = {emptyOne, emptyBatch, workOne, workBatch};
            for (int i = 0; i < 4; i++) {
                ms.add(Measurement.ofForks(experiment, Measurement.labels("part", "batching with work", "strategy",
                        strategy, "handler", rows[i][0], "batch", rows[i][1]), "time", "ns/packet", false, false,
                        groups(v[i])));
            }
            ms.add(new Measurement(experiment, Measurement.labels("part", "batching with work", "strategy", strategy,
                    "handler", "empty"), "batch32OverBatch1", "x", true, false, ratios(emptyOne, emptyBatch),
                    forkIndices()));
            ms.add(new Measurement(experiment, Measurement.labels("part", "batching with work", "strategy", strategy,
                    "handler", "parse+checksum+flow table"), "batch32OverBatch1", "x", true, false,
                    ratios(workOne, workBatch), forkIndices()));
            return ms;
        }

        private int[] forkIndices() {
            int per = workOne.length / forks;
            int[] f = new int[workOne.length];
            for (int i = 0; i < f.length; i++) {
                f[i] = i / per;
            }
            return f;
        }

        public Table table(String strategy) {
            return new Table("(f) batching with work: spsc on " + strategy + ", one thread offers 32 frames of 64 B and "
                    + "drains them; the handler parses, checksums and updates a " + (flowTableBytes >> 20)
                    + " MiB flow table (random flows), or does nothing; CPU ns per packet, median [min..max] of "
                    + workOne.length, List.of("handler", "drain(1)", "drain(32)", "speed-up"),
                    List.of(List.of("empty", cell(emptyOne), cell(emptyBatch), ratioCell(emptyOne, emptyBatch)),
                            List.of("parse + checksum + flow table", cell(workOne), cell(workBatch),
                                    ratioCell(workOne, workBatch))));
        }
    }

    private BatchingWithWork() {
    }

    /**
     * {@code order}'s repetitions (after one warm-up), the four loops (empty drain(1), empty
     * drain(32), work drain(1), work drain(32)) in each repetition's drawn order.
     */
    public static Result run(MemoryStrategy strategy, QueueDiscipline spsc, Interleaving order, int packets,
                             long flowTableBytes, long seed) {
        if (packets < 32 || order.orders().stream().anyMatch(o -> o.size() != 4)) {
            throw new IllegalArgumentException("packets ≥ 32 and orders of the 4 loops needed, got " + packets + ", "
                    + order.orders());
        }
        int repetitions = order.repetitions();
        double[][] f = new double[4][repetitions];
        try (Arena arena = Arena.ofConfined(); FlowTable table = new FlowTable(flowTableBytes)) {
            MemorySegment source = arena.allocate((long) SOURCE_FRAMES * FRAME, 64);
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < SOURCE_FRAMES; i++) {
                SyntheticFrame.write(source.asSlice((long) i * FRAME, FRAME), FRAME, i, random.nextInt(table.flows()));
            }
            for (int r = -1; r < repetitions; r++) {
                for (int k : order.at(r)) {
                    double v = loop(strategy, spsc, source, packets, (k & 1) == 0 ? 1 : 32, k >= 2 ? table : null);
                    if (r >= 0) {
                        f[k][r] = v;
                    }
                }
            }
        }
        return new Result(flowTableBytes, f[0], f[1], f[2], f[3]);
    }

    /** Work handler: verify + flow table; empty handler: the sequence number only. Checks every packet arrived. */
    private static final class Handler implements RecordQueue.RecordHandler {
        final FlowTable table;
        long count;
        long bad;

        Handler(FlowTable table) {
            this.table = table;
        }

        @Override
        public void onRecord(MemorySegment frame) {
            count++;
            if (table == null) {
                return;
            }
            long s = SyntheticFrame.verify(frame, FRAME);
            if (s == SyntheticFrame.BAD) {
                bad++;
            } else {
                table.update(frame, FRAME, s);
            }
        }
    }

    static double loop(MemoryStrategy strategy, QueueDiscipline spsc, MemorySegment source, int packets, int batch,
                       FlowTable table) {
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(RING));
             RecordQueue queue = spsc.create(memory, QueueSpec.fixed(FRAME))) {
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            Handler h = new Handler(table);
            int rounds = packets / 32;
            long start = cpuNow();
            int next = 0;
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < 32; i++) {
                    if (!producer.offer(source.asSlice((long) next * FRAME, FRAME))) {
                        throw new IllegalStateException("spsc refused a frame into an empty ring");
                    }
                    next = (next + 1) & (SOURCE_FRAMES - 1);
                }
                for (int taken = 0; taken < 32; ) {
                    int n = consumer.drain(h, batch);
                    if (n == 0) {
                        throw new IllegalStateException("drained nothing with " + (32 - taken) + " frames queued");
                    }
                    taken += n;
                }
            }
            long nanos = cpuNow() - start;
            if (h.count != (long) rounds * 32 || h.bad != 0) {
                throw new IllegalStateException("batching loop: " + h.count + " of " + rounds * 32 + " frames, "
                        + h.bad + " bad");
            }
            return (double) nanos / h.count;
        }
    }

    private static long cpuNow() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        return mx.isThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled() ? mx.getCurrentThreadCpuTime()
                : System.nanoTime();
    }

    /** For notes: what the figures are. */
    public static String note() {
        return "(f) differs from seed 001: a JIT-compiled loop on a KVM guest (L2 " + (FlowTable.l2Bytes() >> 10)
                + " KiB per core) where the seed's C ran on a RISC-V SoC; the batch saves the queue's per-call "
                + "acquire/release, which work per packet dilutes, so the speed-up with work should be below the empty one's";
    }

}
