package org.ringlab.queues.broadcast;

import java.util.function.Consumer;

/**
 * How a {@link RefCountedBroadcastQueue} waits and sizes its slots.
 *
 * @param producerWait how {@link BroadcastProducer#put} and {@link BroadcastProducer#awaitClaim}
 *                     wait while the next slot is still held by a consumer
 * @param consumerWait how {@link BroadcastConsumer#awaitDrain} waits for a record
 * @param adjustAfter  K: the slot count is recomputed once, after the first K records
 *                     (seed 003: 8)
 * @param memoryCap    C: the bytes the slots in use may take; after K records the slot count
 *                     becomes C / M for the largest of those records M (seed 003: 128 MiB)
 * @param onAdjustment told of the adjustment, on the producer thread, after the record that
 *                     triggered it is published; may be a no-op
 */
public record BroadcastOptions(WaitStrategy producerWait, WaitStrategy consumerWait, int adjustAfter,
                               long memoryCap, Consumer<SlotAdjustment> onAdjustment) {

    public static final int DEFAULT_ADJUST_AFTER = 8;
    public static final long DEFAULT_MEMORY_CAP = 128L << 20;

    public BroadcastOptions {
        if (producerWait == null || consumerWait == null) {
            throw new IllegalArgumentException("wait strategies are required, got producer " + producerWait
                    + " and consumer " + consumerWait);
        }
        if (adjustAfter < 1) {
            throw new IllegalArgumentException("the slot count is adjusted after at least 1 record, got " + adjustAfter);
        }
        if (memoryCap < 1) {
            throw new IllegalArgumentException("the memory cap must be positive, got " + memoryCap);
        }
        if (onAdjustment == null) {
            throw new IllegalArgumentException("the adjustment listener is required (use e => {} for none)");
        }
    }

    /** Park on both sides, K = 8, C = 128 MiB, no listener. */
    public static BroadcastOptions defaults() {
        return new BroadcastOptions(WaitStrategy.parking(), WaitStrategy.parking(), DEFAULT_ADJUST_AFTER,
                DEFAULT_MEMORY_CAP, e -> { });
    }

    public BroadcastOptions withProducerWait(WaitStrategy wait) {
        return new BroadcastOptions(wait, consumerWait, adjustAfter, memoryCap, onAdjustment);
    }

    public BroadcastOptions withConsumerWait(WaitStrategy wait) {
        return new BroadcastOptions(producerWait, wait, adjustAfter, memoryCap, onAdjustment);
    }

    public BroadcastOptions withAdjustAfter(int records) {
        return new BroadcastOptions(producerWait, consumerWait, records, memoryCap, onAdjustment);
    }

    public BroadcastOptions withMemoryCap(long bytes) {
        return new BroadcastOptions(producerWait, consumerWait, adjustAfter, bytes, onAdjustment);
    }

    public BroadcastOptions withOnAdjustment(Consumer<SlotAdjustment> listener) {
        return new BroadcastOptions(producerWait, consumerWait, adjustAfter, memoryCap, listener);
    }
}
