package org.ringlab.queues.broadcast;

import java.util.concurrent.locks.LockSupport;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.queues.support.QueueChecks;

/**
 * A broadcast producer's state (write cursor, published cursor, claim, counters), and the steps
 * of its record path that do not depend on how the slots are reached: the wait for a free slot,
 * the move of the write cursor, the one-time slot adjustment, the wake-ups after a publish. Each
 * shape's producer handle (a nested final class of the shape) extends it and owns its record
 * path (offer, claim, commit, publish), calling these final methods: nothing here is overridable.
 */
abstract class ProducerCursor implements BroadcastProducer {

    // Write cursor: where the next record goes. Ahead of the published cursor only while a
    // batch is being written.
    long writeSequence;
    int writeSlot;
    long writeLap;
    /** Where the next record goes: the slot's position, or (packed) the end of the last record; the shape sets it. */
    long writePosition;
    int writeSlotsInUse;
    // Published cursor, the state at the published sequence; changed only under the gate,
    // where join() reads it.
    long publishedSequence;
    int publishedSlot;
    int publishedSlotsInUse;

    boolean claimOpen;
    long claimPosition;
    int claimLength;
    private int largestEarly;
    private SlotAdjustment announce;

    long bytes;
    long failedOffers;
    long unconsumed;
    long stalls;
    long stallNanos;
    long consumerWakeups;
    long highWaterBytes;
    long largest;

    final BroadcastLifecycle lifecycle;
    final SlotTable table;
    final BroadcastMembers members;
    final RefCountedBroadcastQueue queue;
    private final WaitStrategy producerWait;
    /**
     * The in-flight bracket (DeferredUnmap): every operation runs inside it, so the memory is
     * never unmapped while this handle is in an operation.
     */
    final InFlight inFlight;

    ProducerCursor(RefCountedBroadcastQueue queue) {
        this.queue = queue;
        this.lifecycle = queue.lifecycle;
        this.table = queue.table;
        this.members = queue.members;
        this.producerWait = lifecycle.options.producerWait();
        this.writeSlotsInUse = table.physicalSlots;
        this.publishedSlotsInUse = table.physicalSlots;
        this.inFlight = DeferredUnmap.register(table.header);
    }

    @Override
    public final long nextSequence() {
        lifecycle.ensureOpen();
        return writeSequence;
    }

    /** An offer while a claim is outstanding is refused; the claim stays valid. */
    final void checkNoClaim() {
        if (claimOpen) {
            throw QueueChecks.claimOutstanding(claimLength);
        }
    }

    /**
     * A claim handed to the caller keeps this handle inside its in-flight bracket until the
     * commit (or a replacing claim that fails): a memory closed meanwhile defers its unmap.
     */
    final void holdWhileClaimed() {
        if (claimOpen) {
            inFlight.hold();
        } else {
            inFlight.unhold();
        }
    }

    /** Whether slot {@code s} is free for the next record of a batch: no consumer holds it, and this batch has not filled it. */
    final boolean freeForBatch(int s) {
        return table.lvPending(s) == 0 && table.sequence(s) < publishedSequence;
    }

    /** Waits with the producer's strategy until no consumer holds {@code slot}; counts the stall. */
    final void awaitSlot(int slot) {
        if (table.lvPending(slot) == 0) {
            return;
        }
        stalls++;
        long start = System.nanoTime();
        try {
            for (int step = 0; table.lvPending(slot) != 0; step++) {
                lifecycle.ensureOpen();
                if (producerWait.parksAt(step)) {
                    members.svProducerWaiter(Thread.currentThread());
                    // Volatile after volatile: the releasing consumer decrements, then reads
                    // the waiter; one of us sees the other.
                    if (table.lvvPending(slot) != 0 && !lifecycle.closed()) {
                        producerWait.idle(step);
                    }
                    members.svProducerWaiter(null);
                } else {
                    producerWait.idle(step);
                }
            }
            lifecycle.ensureOpen();
        } finally {
            stallNanos += System.nanoTime() - start;
        }
    }

    /**
     * Records the slot's new record at {@code position} (plain stores, published by the next
     * publish) and moves the write cursor to the next slot; the shape then places the next
     * record ({@link #writePosition}).
     */
    final void advance(long position, int length) {
        highWaterBytes += table.stageRow(writeSlot, length, position, writeSequence);
        if (length > largest) {
            largest = length;
        }
        if (writeSequence < table.adjustAt && length > largestEarly) {
            largestEarly = length;
        }
        bytes += length;
        long next = ++writeSequence;
        int s = writeSlot + 1;
        if (next == table.adjustAt) {
            adjust();
        }
        if (s >= writeSlotsInUse) {
            s = 0;
            writeLap += table.capacity;
        }
        writeSlot = s;
    }

    /** After K records: slots in use = C / M, clamped. Published with record K - 1. */
    private void adjust() {
        SlotAdjustment a = SlotAdjustment.compute(table.adjustAt, largestEarly, lifecycle.options.memoryCap(),
                table.physicalSlots, writeSlotsInUse);
        table.adjustTo(a.after());
        writeSlotsInUse = a.after();
        announce = a;
    }

    /**
     * After a publish: unparks each consumer waiting for a record (one load when nobody waits),
     * then reports the slot adjustment once it is published.
     */
    final void afterPublish() {
        long waiting = members.lvWaiting();
        if (waiting != 0) {
            wake(waiting);
        }
        SlotAdjustment a = announce;
        if (a != null) {
            announce = null;
            table.adjustment = a;
            lifecycle.options.onAdjustment().accept(a);
        }
    }

    /** Unparks each waiting consumer once: its queue just went from empty to non-empty. */
    private void wake(long waiting) {
        ConsumerCursor[] consumers = queue.consumers();
        for (long w = waiting; w != 0; w &= w - 1) {
            long bit = w & -w;
            if (members.takeWaiting(bit)) {
                consumerWakeups++;
                LockSupport.unpark(consumers[Long.numberOfTrailingZeros(bit)].waiter);
            }
        }
    }
}
