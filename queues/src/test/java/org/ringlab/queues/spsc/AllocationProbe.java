package org.ringlab.queues.spsc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Bytes allocated per offer+drain on one strategy, in a JVM of its own (a JVM that has run
 * other strategies has polymorphic call sites, which defeat escape analysis and would measure
 * the test, not the queue). Prints {@code bytesPerOp=<n>}.
 */
public final class AllocationProbe {

    static long sink;

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int operations = 2_000_000;
        double perOp = Double.NaN;
        try (RingMemory memory = Registries.memoryStrategies().require(args[0]).allocate(RingSpec.ofCapacity(65536));
             RecordQueue queue = new SpscDiscipline().create(memory, QueueSpec.variable(64))) {
            MemorySegment record = Arena.ofAuto().allocate(48);
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            RecordQueue.RecordHandler handler = r -> sink += r.byteSize();
            MemorySegment dst = Arena.ofAuto().allocate(64);
            // The least of the later rounds: JIT (re)compilation on a loaded machine allocates now
            // and then, but an allocation per operation would show in every round.
            for (int round = 0; round < 7; round++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < operations; i++) {
                    producer.offer(record);
                    if ((i & 31) == 31) {
                        consumer.drain(handler, 32);
                    }
                    if ((i & 1023) == 1000) {
                        producer.offer(record);
                        consumer.poll(dst);
                    }
                }
                consumer.drain(handler, 1 << 20);
                double thisRound = (threads.getCurrentThreadAllocatedBytes() - before) / (double) operations;
                if (round >= 2) {
                    perOp = Double.isNaN(perOp) ? thisRound : Math.min(perOp, thisRound);
                }
            }
        }
        System.out.println("bytesPerOp=" + perOp);
    }
}
