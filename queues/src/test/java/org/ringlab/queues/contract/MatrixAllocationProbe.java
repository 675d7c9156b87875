package org.ringlab.queues.contract;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Bytes allocated per operation of one discipline on one strategy, every hot path in turn
 * (offer, batch offer, claim/commit, poll, peek/release, drain), in a JVM of its own (call
 * sites another cell made polymorphic would defeat escape analysis and measure the test).
 * Prints {@code bytesPerOp=<n>}. Arguments: discipline, strategy, consumers, and {@code copy}
 * (the copying paths only: offer, batch offer, poll, drain), {@code claim} (claim/commit in
 * place of every offer, with the batch offer, poll and drain), {@code peek} (peek/release in
 * place of every poll, with offer, batch offer and drain) or {@code all} (also claim/commit
 * and peek/release, which hand out a segment: allocation-free only where escape analysis
 * removes it). The seam placement is {@code -Dringlab.allocation.seam=pad|cross} (default pad).
 */
public final class MatrixAllocationProbe {

    static long sink;

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int consumers = Integer.parseInt(args[2]);
        boolean all = args.length > 3 && args[3].equals("all");
        // claim: every offer is a claim/commit instead, with poll and drain (no peek).
        boolean claims = args.length > 3 && args[3].equals("claim");
        // peek: every poll is a peek/release instead, with offer, batch offer and drain.
        boolean peeks = args.length > 3 && args[3].equals("peek");
        int operations = Integer.getInteger("ringlab.allocation.operations", 200_000);
        MemoryStrategy strategy = Registries.memoryStrategies().require(args[1]);
        long g = strategy.granularity();
        double perOp = Double.NaN;
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(Math.max(g, 1 << 16) / g * g));
             RecordQueue queue = Registries.disciplines().require(args[0]).create(memory,
                     new QueueSpec(QueueSpec.RecordMode.VARIABLE, 64, consumers)
                             .withSeam(System.getProperty("ringlab.allocation.seam", "pad")))) {
            MemorySegment record = Arena.ofAuto().allocate(48);
            MemorySegment[] batch = {record, record, record, record};
            MemorySegment dst = Arena.ofAuto().allocate(64);
            QueueProducer producer = queue.producer();
            QueueConsumer[] cs = new QueueConsumer[consumers];
            for (int c = 0; c < consumers; c++) {
                cs[c] = queue.consumer(c);
            }
            RecordQueue.RecordHandler handler = r -> sink += r.byteSize();
            // The least of the later rounds: JIT (re)compilation on a loaded machine allocates now
            // and then, but an allocation per operation would show in every round. At least 12
            // rounds; up to 48 while none after the first two was allocation-free: at load 30 the
            // C2 compilation of this loop arrived after the 12th round, and C1's code (no escape
            // analysis) allocates every slice it makes.
            for (int round = 0; round < 12 || (round < 48 && !(perOp < 0.1)); round++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < operations; i++) {
                    int step = i & 7;
                    if (!all && (step == 3 || step == 5)) {
                        step = claims ? 3 : peeks ? 5 : 0;
                    }
                    if (claims && step < 2) {
                        step = 3;
                    }
                    if (peeks && step == 4) {
                        step = 5;
                    }
                    switch (step) {
                        case 0, 1 -> producer.offer(record);
                        case 2 -> producer.offer(batch, 0, 2);
                        case 3 -> {
                            MemorySegment claim = producer.claim(32);
                            if (claim != null) {
                                claim.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) i);
                                producer.commit(32);
                            }
                        }
                        case 4 -> {
                            for (QueueConsumer c : cs) {
                                sink += c.poll(dst);
                            }
                        }
                        case 5 -> {
                            for (QueueConsumer c : cs) {
                                MemorySegment r = c.peek();
                                if (r != null) {
                                    sink += r.byteSize();
                                    c.release();
                                }
                            }
                        }
                        default -> {
                            for (QueueConsumer c : cs) {
                                sink += c.drain(handler, 8);
                            }
                        }
                    }
                }
                for (QueueConsumer c : cs) {
                    c.drain(handler, Integer.MAX_VALUE);
                }
                double thisRound = (threads.getCurrentThreadAllocatedBytes() - before) / (double) operations;
                if (round >= 2) {
                    perOp = Double.isNaN(perOp) ? thisRound : Math.min(perOp, thisRound);
                }
            }
        }
        System.out.println("bytesPerOp=" + perOp);
    }
}
