package org.ringlab.queues.spsc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Not a benchmark and not a test: a load for reading the JIT's inlining decisions. One shape
 * (spsc on the strategy named by the first argument, 64-byte records, or fixed ones with
 * {@code fixed} as the second) offers then polls one record at a time on one thread for a few
 * seconds; run it under {@code -XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining
 * -XX:+PrintCompilation} and read what C2 (tier 4) did with {@code offer} and {@code poll} in
 * {@link #round}. It prints the records moved and nothing about time.
 */
public final class InliningDriver {

    private InliningDriver() {
    }

    public static void main(String[] args) {
        String strategy = args.length > 0 ? args[0] : "mirrored-memfd";
        boolean fixed = args.length > 1 && args[1].equals("fixed");
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 4;
        QueueSpec spec = fixed ? QueueSpec.fixed(64) : QueueSpec.variable(64);
        try (RingMemory memory = Registries.memoryStrategies().require(strategy).allocate(RingSpec.ofCapacity(1 << 16));
             RecordQueue queue = SpscRingQueue.create("spsc", memory, spec);
             Arena arena = Arena.ofConfined()) {
            MemorySegment record = arena.allocate(64);
            MemorySegment dst = arena.allocate(64);
            QueueProducer producer = queue.producer();
            QueueConsumer consumer = queue.consumer(0);
            long moved = 0;
            long until = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < until) {
                moved += round(producer, consumer, record, dst, 10_000);
            }
            System.out.println(queue.getClass().getSimpleName() + " on " + strategy + ": " + moved + " records moved");
        }
    }

    /** The caller C2 compiles with offer and poll inlined, or not: what PrintInlining reports. */
    static long round(QueueProducer producer, QueueConsumer consumer, MemorySegment record, MemorySegment dst, int n) {
        long moved = 0;
        for (int i = 0; i < n; i++) {
            if (producer.offer(record)) {
                moved += consumer.poll(dst);
            }
        }
        return moved;
    }
}
