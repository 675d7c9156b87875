package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * What {@code locked-list} allocates per record on each path, printed (MatrixAllocationTest's
 * figures for the baseline, which allocates by design): a {@code byte[]} and a list node per
 * record (the driver's kmalloc), plus the heap segments it wraps a record in for {@code peek}
 * and {@code drain}. Asserted: at least the record's array per record on the producer's paths
 * (the baseline still allocates, or it would not be seed 001's "before"), and at most 512 B per
 * record on any path (a regression beyond that is not the mechanism).
 */
class LockedListAllocationTest {

    static final int RECORD = 48;
    /** A byte[48]: 16 bytes of header and the 48 bytes. */
    static final int ARRAY_BYTES = 16 + RECORD;
    static final int OPERATIONS = 20_000;
    static long sink;

    enum Path { OFFER_POLL, BATCH_DRAIN, CLAIM_COMMIT_POLL, OFFER_PEEK_RELEASE }

    @Test
    void theBaselineAllocatesItsNodePerRecordAndNoMore() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Map<Path, Double> figures = new LinkedHashMap<>();
        try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(1 << 16));
             RecordQueue queue = Registries.disciplines().require("locked-list").create(memory, QueueSpec.variable(64))) {
            QueueProducer p = queue.producer();
            QueueConsumer c = queue.consumer(0);
            MemorySegment record = MemorySegment.ofArray(new byte[RECORD]);
            MemorySegment[] batch = {record, record, record, record};
            MemorySegment dst = MemorySegment.ofArray(new byte[64]);
            for (Path path : Path.values()) {
                double least = Double.MAX_VALUE;
                for (int round = 0; round < 5; round++) {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    int records = run(path, p, c, record, batch, dst);
                    double perRecord = (threads.getCurrentThreadAllocatedBytes() - before) / (double) records;
                    if (round >= 2) {
                        least = Math.min(least, perRecord);
                    }
                }
                figures.put(path, least);
            }
        }
        System.out.println("locked-list × doubled, bytes per record: " + figures);
        for (Map.Entry<Path, Double> f : figures.entrySet()) {
            assertTrue(f.getValue() <= 512, "locked-list " + f.getKey() + ": " + f.getValue() + " B per record: " + figures);
        }
        assertTrue(figures.get(Path.OFFER_POLL) >= ARRAY_BYTES, "offer copies into a new byte[] per record: " + figures);
        assertTrue(figures.get(Path.BATCH_DRAIN) >= ARRAY_BYTES, "a batch too: " + figures);
        assertTrue(figures.get(Path.CLAIM_COMMIT_POLL) >= ARRAY_BYTES, "a claim hands out a new byte[]: " + figures);
    }

    private static int run(Path path, QueueProducer p, QueueConsumer c, MemorySegment record, MemorySegment[] batch,
                           MemorySegment dst) {
        return switch (path) {
            case OFFER_POLL -> offerPoll(p, c, record, dst);
            case BATCH_DRAIN -> batchDrain(p, c, batch);
            case CLAIM_COMMIT_POLL -> claimCommitPoll(p, c, dst);
            case OFFER_PEEK_RELEASE -> offerPeekRelease(p, c, record);
        };
    }

    static int offerPoll(QueueProducer p, QueueConsumer c, MemorySegment record, MemorySegment dst) {
        for (int i = 0; i < OPERATIONS; i++) {
            p.offer(record);
            sink += c.poll(dst);
        }
        return OPERATIONS;
    }

    static int batchDrain(QueueProducer p, QueueConsumer c, MemorySegment[] batch) {
        for (int i = 0; i < OPERATIONS; i++) {
            sink += p.offer(batch, 0, batch.length);
            sink += c.drain(r -> sink += r.byteSize(), batch.length);
        }
        return OPERATIONS * batch.length;
    }

    static int claimCommitPoll(QueueProducer p, QueueConsumer c, MemorySegment dst) {
        for (int i = 0; i < OPERATIONS; i++) {
            MemorySegment claim = p.claim(RECORD);
            claim.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) i);
            p.commit(RECORD);
            sink += c.poll(dst);
        }
        return OPERATIONS;
    }

    static int offerPeekRelease(QueueProducer p, QueueConsumer c, MemorySegment record) {
        for (int i = 0; i < OPERATIONS; i++) {
            p.offer(record);
            sink += c.peek().byteSize();
            c.release();
        }
        return OPERATIONS;
    }
}
