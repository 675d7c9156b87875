package org.ringlab.bench.anchors;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * ringlab's {@code spsc} discipline on memory of one strategy, variable-length records as
 * Agrona's (a 4-byte length header, frames aligned to 8: a 64-byte record takes 72 bytes in
 * both rings). Offers through {@link QueueProducer#offer(MemorySegment)} and polls through
 * {@link QueueConsumer#poll(MemorySegment)}: one copy in, one copy out.
 */
final class RinglabSpscAnchor implements AnchorQueue {

    static final String PREFIX = "spsc@";

    private final String name;
    private final RingMemory memory;
    private final RecordQueue queue;
    private final QueueProducer producer;
    private final QueueConsumer consumer;
    private final int recordSize;
    // Segments over the caller's arrays, made again only when the caller passes another array.
    private byte[] srcArray;
    private MemorySegment srcSegment;
    private byte[] dstArray;
    private MemorySegment dstSegment;

    RinglabSpscAnchor(QueueDiscipline spsc, MemoryStrategy strategy, SeamPlacement seam, int recordSize, long capacity,
                      String name) {
        this.name = name;
        this.recordSize = recordSize;
        this.memory = strategy.allocate(RingSpec.ofCapacity(capacity));
        try {
            touch(memory);
            this.queue = spsc.create(memory, QueueSpec.variable(recordSize).withSeam(seam));
        } catch (RuntimeException | Error e) {
            memory.close();
            throw e;
        }
        this.producer = queue.producer();
        this.consumer = queue.consumer(0);
    }

    /**
     * Makes every page of a mirror mapping resident before the run, as the anchors' memory is
     * (Agrona's and the Disruptor's buffers are zeroed when allocated, JCTools' slots
     * preallocated, the heap strategies' arenas zeroed). A fresh mirror mapping is not: in round
     * trips the first write to each of its pages took a fault of about 7 µs, one record in 56,
     * and that was spsc's whole p99. (A growable ring offers no view to touch: its first lap
     * still faults.)
     */
    private static void touch(RingMemory memory) {
        if (memory instanceof org.ringlab.api.MirrorViewMemory m) {
            m.mirrorView().fill((byte) 0); // both views: a frame over the seam is written through the second
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int recordSize() {
        return recordSize;
    }

    @Override
    public boolean offer(byte[] src) {
        if (src != srcArray) {
            srcSegment = MemorySegment.ofArray(src).asSlice(0, recordSize);
            srcArray = src;
        }
        return producer.offer(srcSegment);
    }

    @Override
    public int poll(byte[] dst) {
        if (dst != dstArray) {
            dstSegment = MemorySegment.ofArray(dst);
            dstArray = dst;
        }
        return consumer.poll(dstSegment);
    }

    /** The queue's producer, for loops that offer batches ({@link DrainRuns}). */
    QueueProducer producer() {
        return producer;
    }

    /** The queue's consumer, for loops that drain ({@link DrainRuns}). */
    QueueConsumer consumer() {
        return consumer;
    }

    /**
     * Bytes the strategy moved beyond the one copy in and out, plus the bytes the queue skipped
     * as padding at the seam, since this queue was opened: what the memory itself counts
     * ({@link org.ringlab.api.CopyCounters#extraBytes()}) and the discipline's
     * {@code paddingBytes} counter (0 where the discipline keeps none). The mechanism's bytes.
     */
    long mechanismBytes() {
        return memory.copyCounters().extraBytes() + queue.counters().getOrDefault("paddingBytes", 0L);
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
