package org.ringlab.queues.spsc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Bytes allocated per operation by spsc's paths that hand the caller a segment (claim/commit,
 * peek/release), each called from a small method of its own as an application would (a loop
 * of hundreds of bytecodes around them, as in MatrixAllocationProbe, is compiled on-stack with
 * a profile too young to inline the claim, which then escapes through its return value and
 * measures the harness). Prints {@code bytesPerOp=<n>}. Arguments: strategy, seam placement, and {@code grow} for a growth policy (a growable strategy).
 */
public final class HandOutAllocationProbe {

    static long sink;

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int operations = Integer.getInteger("ringlab.allocation.operations", 200_000);
        double perOp = Double.NaN;
        var strategy = Registries.memoryStrategies().require(args[0]);
        long g = strategy.granularity();
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(Math.max(g, 1 << 16) / g * g));
             RecordQueue queue = SpscRingQueue.create("spsc", memory, args.length > 2 && args[2].equals("grow")
                     ? QueueSpec.variable(64).withSeam(args[1]).growingUpTo(memory.capacity() * 4)
                     : QueueSpec.variable(64).withSeam(args[1]))) {
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            MemorySegment record = Arena.ofAuto().allocate(48);
            MemorySegment dst = Arena.ofAuto().allocate(64);
            for (int round = 0; round < 12; round++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < operations; i++) {
                    sink += (i & 1) == 0 ? claimCommitPoll(producer, consumer, dst, i) : offerPeekRelease(producer, consumer, record);
                }
                double thisRound = (threads.getCurrentThreadAllocatedBytes() - before) / (double) operations;
                if (round >= 2) {
                    perOp = Double.isNaN(perOp) ? thisRound : Math.min(perOp, thisRound);
                }
            }
        }
        System.out.println("bytesPerOp=" + perOp);
    }

    static int claimCommitPoll(QueueProducer producer, QueueConsumer consumer, MemorySegment dst, int i) {
        MemorySegment claim = producer.claim(40);
        if (claim == null) {
            return 0;
        }
        claim.set(ValueLayout.JAVA_INT_UNALIGNED, 0, i);
        producer.commit(40);
        return consumer.poll(dst);
    }

    static long offerPeekRelease(QueueProducer producer, QueueConsumer consumer, MemorySegment record) {
        producer.offer(record);
        MemorySegment r = consumer.peek();
        if (r == null) {
            return 0;
        }
        long v = r.get(ValueLayout.JAVA_BYTE, 0);
        consumer.release();
        return v;
    }
}
