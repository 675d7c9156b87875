package org.ringlab.bench.driver.scenario;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The receive ring between the NIC and the consumer: a queue of the chosen discipline
 * ({@code locked-list} or {@code spsc}, from the registry) carrying 8-byte buffer handles, as
 * seed 001's rings carry buffer pointers. A full ring refuses, and the NIC drops.
 */
final class RxRing implements AutoCloseable {

    static final int HANDLE = 8;

    private final RingMemory memory;
    private final RecordQueue queue;
    private final QueueProducer producer;
    private final QueueConsumer consumer;
    private final MemorySegment scratch = Arena.ofAuto().allocate(HANDLE, HANDLE);
    private final Sink sink = new Sink();
    private final int entries;

    /** The handler drain() calls: copies handles into the caller's array. */
    private static final class Sink implements RecordQueue.RecordHandler {
        long[] out;
        int n;

        @Override
        public void onRecord(MemorySegment record) {
            out[n++] = record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        }
    }

    /** {@code entries} handles, the ring's capacity rounded up to the strategy's granularity. */
    RxRing(MemoryStrategy strategy, QueueDiscipline discipline, int entries) {
        if (entries < 1) {
            throw new IllegalArgumentException("ring entries must be positive, got " + entries);
        }
        long g = Math.max(1, strategy.granularity());
        long capacity = ((long) entries * HANDLE + g - 1) / g * g;
        this.entries = (int) (capacity / HANDLE);
        this.memory = strategy.allocate(RingSpec.ofCapacity(capacity));
        try {
            this.queue = discipline.create(memory, QueueSpec.fixed(HANDLE));
        } catch (RuntimeException e) {
            memory.close();
            throw e;
        }
        this.producer = queue.producer();
        this.consumer = queue.consumer(0);
    }

    int entries() {
        return entries;
    }

    String discipline() {
        return queue.disciplineName();
    }

    /** NIC thread: false when the ring is full. */
    boolean enqueue(long handle) {
        scratch.set(ValueLayout.JAVA_LONG, 0, handle);
        return producer.offer(scratch);
    }

    /** Consumer thread: up to {@code max} handles into {@code out}; how many. */
    int dequeue(long[] out, int max) {
        Sink s = sink;
        s.out = out;
        s.n = 0;
        int n = consumer.drain(s, max);
        if (n != s.n) {
            throw new IllegalStateException(queue.disciplineName() + " drained " + n + " but handed over " + s.n);
        }
        return n;
    }

    /** Consumer thread: whether a handle is waiting. */
    boolean isEmpty() {
        return consumer.peek() == null;
    }

    @Override
    public void close() {
        try {
            queue.close();
        } finally {
            memory.close();
        }
    }
}
