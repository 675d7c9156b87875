package org.ringlab.bench.driver.scenario;

import static org.ringlab.bench.util.Cells.cell;
import static org.ringlab.bench.util.Cells.ratioCell;
import static org.ringlab.bench.util.Cells.median;

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
import org.ringlab.bench.harness.ForkedRows;
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
     * CPU ns per packet of the four loops (rows: empty drain(1), empty drain(32), work drain(1),
     * work drain(32)), a group of repetitions per fork.
     *
     * @param flowTableBytes the table's size
     * @param forks          the repetitions of every child JVM (one from a single JVM)
     */
    public record Result(long flowTableBytes, ForkedRows forks) {

        /**
         * Seed 001's batching results: drain(1) / drain(32) CPU per packet with work, round
         * {@code r} of both measured back to back, its variance pooled in {@code pool} with the
         * other one-thread CPU-time ratios ({@link DriverPools#ONE_THREAD_CPU}); and each side's ns
         * per packet, which is its ms per million packets, beside the seed's absolute times.
         */
        public List<Claim> claims(RoundPool pool) {
            String detail = String.format(java.util.Locale.ROOT, "with work %.0f → %.0f ns/packet (medians), a %d MiB "
                    + "flow table; empty handler %.2f× (not judged)", median(forks.flat(2)), median(forks.flat(3)),
                    flowTableBytes >> 20, median(forks.flat(0)) / median(forks.flat(1)));
            List<Claim> c = new ArrayList<>();
            c.addAll(SeedEntries.judge("driver.batch-speedup", pool.paired(DriverPools.ONE_THREAD_CPU, forks.rounds(2),
                    forks.rounds(3)), detail));
            c.addAll(SeedEntries.judge("driver.batch1-ms-per-million", SeedClaim.figureOfForks(forks.groups(2)),
                    "ns per packet = ms per million packets"));
            c.addAll(SeedEntries.judge("driver.batch32-ms-per-million", SeedClaim.figureOfForks(forks.groups(3)),
                    "ns per packet = ms per million packets"));
            return c;
        }

        /** The claims on their own variance. */
        public List<Claim> claims() {
            return claims(RoundPool.none());
        }

        public List<Measurement> measurements(String experiment, String strategy) {
            List<Measurement> ms = new ArrayList<>();
            String[] handlers = {"empty", "parse+checksum+flow table"};
            for (int i = 0; i < 4; i++) {
                ms.add(Measurement.ofForks(experiment, Measurement.labels("part", "batching with work", "strategy",
                        strategy, "handler", handlers[i / 2], "batch", i % 2 == 0 ? "drain(1)" : "drain(32)"), "time",
                        "ns/packet", false, false, forks.groups(i)));
            }
            for (int h = 0; h < 2; h++) {
                ms.add(Measurement.ofForks(experiment, Measurement.labels("part", "batching with work", "strategy",
                        strategy, "handler", handlers[h]), "batch32OverBatch1", "x", true, false,
                        forks.ratioGroups(2 * h, 2 * h + 1)));
            }
            return ms;
        }

        public Table table(String strategy) {
            double[][] v = {forks.flat(0), forks.flat(1), forks.flat(2), forks.flat(3)};
            return new Table("(f) batching with work: spsc on " + strategy + ", one thread offers 32 frames of 64 B and "
                    + "drains them; the handler parses, checksums and updates a " + (flowTableBytes >> 20)
                    + " MiB flow table (random flows), or does nothing; CPU ns per packet, median [min..max] of "
                    + v[2].length, List.of("handler", "drain(1)", "drain(32)", "speed-up"),
                    List.of(List.of("empty", cell(v[0]), cell(v[1]), ratioCell(v[0], v[1])),
                            List.of("parse + checksum + flow table", cell(v[2]), cell(v[3]), ratioCell(v[2], v[3]))));
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
        return new Result(flowTableBytes, new ForkedRows(List.<double[][]>of(f)));
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
