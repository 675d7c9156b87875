package org.ringlab.queues.broadcast;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

/**
 * Seed 003's QSARC (taskBus since 2024-09) on any {@link RingMemory}: one producer, up to
 * 64 consumers, each record stored once.
 *
 * <h2>Slots</h2>
 * The ring is cut into slots of {@code stride = align64(recordSize)} bytes
 * ({@link BroadcastDescriptor}); record {@code q} goes to the next slot in turn, at position
 * {@code lap * capacity + slot * stride}, so positions only grow and a record never crosses
 * the seam: no strategy stages, gathers or rotates, and the consumers' windows are plain views
 * that many threads may take at once. Quasi-static: the ring is reserved up front (virtual
 * memory on the mapped strategies), and a slot's used storage grows to the largest record
 * written to it and never shrinks ({@code slotBytesHighWater}; on mapped memory the untouched
 * pages of a slot are never faulted in). Adaptive: until the first K records all the slots the
 * ring holds are in use; then the count becomes C / M for the largest of those records M,
 * clamped to at least 8 and to what the ring holds ({@link SlotAdjustment}, reported once).
 *
 * <h2>Seam placement cross</h2>
 * With {@link org.ringlab.api.SeamPlacement#CROSS} on memory whose claims or windows copy at
 * the seam (split, linearize), records are packed back to back instead (8-byte aligned, from
 * half a slot into the ring, so slot-sized records straddle the seam once a lap, split in
 * half), and a record that straddles goes through the strategy's staging ({@code claim}/
 * {@code commit}) and its window (gather or rotation); see {@link SeamCrossingSlots}.
 * The slot rows stay what bounds the records in flight: a record takes at most a stride, so
 * the slots in use never span more than the ring, and a slot whose pending count is 0 frees
 * every byte the next record needs. Single copy as before: one record in the ring, one gather
 * (split) or rotation (linearize) per straddling record, whatever the number of consumers.
 *
 * <h2>Publication</h2>
 * The producer writes a record into a slot whose pending count is 0, then, under a small gate
 * it shares only with {@link #join()} and {@link #leave}, sets the count to the number of
 * joined consumers and stores the published sequence (a volatile store). A consumer reads the
 * published sequence (acquire), reads the record through a window, and releases the slot with
 * an atomic decrement, after which the producer may reuse it. When the next slot is still
 * pending the producer fails fast ({@code offer}, {@code claim}) or waits
 * ({@link BroadcastProducer#put}), so the slowest consumer sets the pace; its lag and the
 * producer's stall time are in {@link #counters()}.
 *
 * <h2>Wake-ups</h2>
 * A consumer that parks in {@link BroadcastConsumer#awaitDrain} sets its bit in a waiting
 * mask first; after each publish the producer reads that mask (one load when nobody waits)
 * and unparks each waiter once: only when the waiter's queue goes from empty to non-empty.
 * The woken consumer drains everything pending in one go.
 *
 * <h2>Membership</h2>
 * All {@code spec.consumers()} consumers are joined at creation. {@link #leave} releases
 * every record the consumer still holds; {@link #join()} takes a free index and starts at the
 * next record published. The gate makes "who counts for this record" exact: a record's
 * pending count is the set of consumers joined when it was published.
 *
 * <h2>Closing</h2>
 * After {@link #close()}, or after its {@link RingMemory#close()}, every operation of the
 * producer and of every consumer handle throws {@link IllegalStateException}, also those
 * that would touch no memory (an offer or claim on a full ring, a poll, peek or drain on an
 * empty one, a release); {@code close()} itself is idempotent.
 *
 * <p>Everything consumers write lives on the Java heap (see {@link BroadcastDescriptor}):
 * the queue is for threads of one JVM; between processes taskBus uses pipes, which the
 * {@code org.ringlab.queues.framing.StreamFramer} feeds into this queue.
 *
 * <h2>Structure</h2>
 * This class is the public type and holds the cold parts, each a final class it is composed
 * of: the {@link SlotTable} (rows, pending counts, published sequence), the
 * {@link BroadcastMembers} (gate, joined and leaving consumers, waiters) and the
 * {@link BroadcastLifecycle} (identity, length checks, closed flag). Every shape is a final
 * subclass that owns its record path: its producer and consumer handles are nested final
 * classes that call its final slots class ({@code *Slots}: how a slot's bytes are written,
 * claimed, committed, sealed for the consumers and read) and the final helpers of
 * {@link ProducerCursor} and {@link ConsumerCursor}; nothing they call per record can be
 * overridden, so the JIT profiles each shape's path apart from the others'. The record path is
 * written once, in {@link SegmentPathBroadcastQueue}; the build generates the other shapes from
 * that source with their slots class and memory type substituted (queues' pom).
 * {@link BroadcastDiscipline} picks the shape from the memory's type.
 */
public abstract class RefCountedBroadcastQueue implements RecordQueue {
    // Not sealed, but its constructor is package-private: only this package's shapes (and the
    // tests' broken twins, generated from the same source) extend it. Record modes differ only
    // in the length check, which is data (minLength..maxLength), not a mode flag.

    final BroadcastLifecycle lifecycle;
    final SlotTable table;
    final BroadcastMembers members;
    private ProducerCursor producer;
    private ConsumerCursor[] consumers;

    /** Builds the queue's cold parts on fresh memory (a header no queue has written); the shape then calls {@link #open}. */
    RefCountedBroadcastQueue(String disciplineName, RingMemory memory, QueueSpec spec, BroadcastOptions options) {
        this.lifecycle = new BroadcastLifecycle(disciplineName, memory, spec, options);
        this.table = new SlotTable(memory.header(), memory.capacity(), spec.recordSize(), options.adjustAfter());
        this.members = new BroadcastMembers(spec.consumers());
    }

    /** Called by the shape's constructor with its handles: writes the header and joins every consumer at sequence 0. */
    final void open(ProducerCursor producer, ConsumerCursor[] consumers) {
        this.producer = producer;
        this.consumers = consumers;
        table.writeHeader(lifecycle.spec, lifecycle.options);
        members.acquireGate();
        members.joinedMask = members.allConsumers;
        members.joinedCount = consumers.length;
        for (ConsumerCursor k : consumers) {
            k.start(0, 0, table.physicalSlots);
        }
        members.releaseGate();
    }

    final ConsumerCursor[] consumers() {
        return consumers;
    }

    @Override
    public final String disciplineName() {
        lifecycle.ensureQueueOpen(); // a description: answers while the queue is open, its memory closed or not
        return lifecycle.disciplineName;
    }

    @Override
    public final QueueSpec spec() {
        lifecycle.ensureQueueOpen(); // a description: answers while the queue is open, its memory closed or not
        return lifecycle.spec;
    }

    @Override
    public final RingMemory memory() {
        lifecycle.ensureQueueOpen(); // a description: answers while the queue is open, its memory closed or not
        return lifecycle.memory;
    }

    /** The options the queue was built with. */
    public final BroadcastOptions options() {
        return lifecycle.options;
    }

    @Override
    public final BroadcastProducer producer() {
        lifecycle.ensureOpen();
        return producer;
    }

    @Override
    public final BroadcastConsumer consumer(int index) {
        lifecycle.ensureOpen();
        if (index < 0 || index >= consumers.length) {
            throw new IndexOutOfBoundsException("broadcast queue has consumers 0.." + (consumers.length - 1)
                    + ", asked for " + index);
        }
        return consumers[index];
    }

    /** The slot-count adjustment, once it has happened (after the first K records). */
    public final Optional<SlotAdjustment> slotAdjustment() {
        return Optional.ofNullable(table.adjustment);
    }

    /**
     * Joins a consumer: the lowest index not joined, starting at the next record published.
     * The caller's thread owns the handle. Throws {@link IllegalStateException} when all
     * {@code spec().consumers()} are joined.
     */
    public final BroadcastConsumer join() {
        while (true) {
            lifecycle.ensureOpen();
            members.acquireGate();
            try {
                long free = ~(members.joinedMask | members.leavingMask) & members.allConsumers;
                if (free != 0) {
                    ConsumerCursor k = consumers[Long.numberOfTrailingZeros(free)];
                    k.start(producer.publishedSequence, producer.publishedSlot, producer.publishedSlotsInUse);
                    members.joinedMask |= k.bit;
                    members.joinedCount++;
                    members.joins++;
                    return k;
                }
                if (members.leavingMask == 0) {
                    throw new IllegalStateException("too many consumers: all " + consumers.length
                            + " consumers of this queue are joined (QueueSpec.consumers() = " + consumers.length + ")");
                }
            } finally {
                members.releaseGate();
            }
            Thread.yield(); // a consumer is leaving: its slot frees once it has released what it held
        }
    }

    /**
     * Leaves: releases every record {@code consumer} still holds (so a departed consumer never
     * blocks the producer) and stops counting it for new records. Call it from the thread that
     * owns the handle, or once that thread has stopped.
     */
    public final void leave(BroadcastConsumer consumer) {
        lifecycle.ensureOpen();
        ConsumerCursor k = own(consumer);
        long until;
        members.acquireGate();
        try {
            if (!k.joined) {
                throw new IllegalStateException("consumer " + k.index + " is not joined: it has left already");
            }
            k.joined = false;
            members.joinedMask &= ~k.bit;
            members.leavingMask |= k.bit;
            members.joinedCount--;
            members.leaves++;
            // Every record before this one counted k, none from it on.
            until = producer.publishedSequence;
        } finally {
            members.releaseGate();
        }
        // Outside the gate: these slots stay pending until released here, so nothing moves.
        try {
            for (long q = k.cursor; q < until; q++) {
                k.releaseAndAdvance();
            }
            k.held = SlotTable.NONE;
        } finally {
            members.acquireGate();
            members.leavingMask &= ~k.bit; // only now may join() hand this consumer to another thread
            members.releaseGate();
        }
    }

    private ConsumerCursor own(BroadcastConsumer consumer) {
        if (consumer instanceof ConsumerCursor k && k.queue == this) {
            return k;
        }
        throw new IllegalArgumentException("not a consumer of this queue: " + consumer);
    }

    @Override
    public final Map<String, Long> counters() {
        lifecycle.ensureOpen();
        Map<String, Long> c = new LinkedHashMap<>();
        ProducerCursor p = producer;
        long published = table.lvPublished();
        c.put("recordsPublished", published);
        c.put("bytesPublished", p.bytes);
        c.put("failedOffers", p.failedOffers);
        c.put("recordsWithoutConsumers", p.unconsumed);
        c.put("producerStalls", p.stalls);
        c.put("producerStallNanos", p.stallNanos);
        c.put("producerWakeups", members.producerWakeups());
        c.put("consumerWakeups", p.consumerWakeups);
        c.put("slotStride", table.stride);
        c.put("slotsPhysical", (long) table.physicalSlots);
        c.put("slotsInUse", (long) table.slotsInUseInHeader());
        c.put("slotAdjustments", table.adjustment == null ? 0L : 1L);
        c.put("slotBytesHighWater", p.highWaterBytes);
        c.put("largestRecord", p.largest);
        long joined;
        long maxLag = 0;
        members.acquireGate();
        try {
            joined = members.joinedMask;
            c.put("joinedConsumers", (long) members.joinedCount);
            c.put("joins", members.joins);
            c.put("leaves", members.leaves);
        } finally {
            members.releaseGate();
        }
        for (ConsumerCursor k : consumers) {
            boolean in = (joined & k.bit) != 0;
            long lag = in ? Math.max(0, published - k.opaqueCursor()) : 0;
            maxLag = Math.max(maxLag, lag);
            c.put("consumer." + k.index + ".joined", in ? 1L : 0L);
            c.put("consumer." + k.index + ".lag", lag);
            c.put("consumer." + k.index + ".delivered", k.delivered);
        }
        c.put("maxLag", maxLag);
        return c;
    }

    /** Closes the queue and wakes every parked waiter, which then throws {@link IllegalStateException}. */
    @Override
    public final void close() {
        lifecycle.markClosed();
        members.wakeAll(consumers);
    }

    /**
     * Whether a consumer holds a record from {@code peek} other than the one at
     * {@code position}: a window that moves the ring's bytes (linearize's rotation) would move
     * that record from under its consumer. A held record is the one at its consumer's cursor.
     * One thread only (where windows may move bytes there are no concurrent readers); cold: asked
     * for records that straddle the seam.
     */
    final boolean anotherRecordHeld(long position) {
        for (ConsumerCursor k : consumers) {
            if (k.held != SlotTable.NONE && table.position(k.slot) != position) {
                return true;
            }
        }
        return false;
    }

    // Package-private views for the tests.

    final long pending(int slot) {
        return table.lvPending(slot);
    }

    final int physicalSlots() {
        return table.physicalSlots;
    }

    final long stride() {
        return table.stride;
    }
}
