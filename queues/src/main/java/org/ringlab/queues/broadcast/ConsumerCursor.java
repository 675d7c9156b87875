package org.ringlab.queues.broadcast;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.queues.support.QueueChecks;

/**
 * A broadcast consumer's state, and the steps of its record path that do not depend on how the
 * slots are reached: whether a record is published, the checked row, the release of a slot.
 * Each shape's consumer handle (a nested final class of the shape) extends {@link Padded} and
 * owns its record path, calling these final methods: nothing here is overridable.
 */
abstract class ConsumerCursor extends ConsumerPadBefore implements BroadcastConsumer {

    private static final VarHandle CURSOR;

    static {
        try {
            CURSOR = MethodHandles.lookup().findVarHandle(ConsumerCursor.class, "cursor", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Next sequence to read; opaque stores, read by the queue's counters for the lag. */
    long cursor;
    /** Slot of {@code cursor}, and the slot count in force there. */
    int slot;
    int slotsInUse;
    long publishedCache;
    /** Sequence {@code peek()} returned, until released; {@link SlotTable#NONE} otherwise. */
    long held = SlotTable.NONE;
    long delivered;
    boolean joined;
    /** Set while drain runs its handler: a call on this consumer from there is refused (QueueConsumer's re-entry rule). */
    boolean draining;
    /** The thread that parks; set before the waiting bit, read by the producer after clearing it. */
    volatile Thread waiter;

    final int index;
    final long bit;
    final BroadcastLifecycle lifecycle;
    final SlotTable table;
    final BroadcastMembers members;
    final RefCountedBroadcastQueue queue;
    /**
     * The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's handler
     * too), so the memory is never unmapped while this handle is in an operation.
     */
    final InFlight inFlight;

    ConsumerCursor(RefCountedBroadcastQueue queue, int index) {
        this.queue = queue;
        this.index = index;
        this.bit = 1L << index;
        this.lifecycle = queue.lifecycle;
        this.table = queue.table;
        this.members = queue.members;
        this.inFlight = DeferredUnmap.register(table.header);
    }

    /** Joins at {@code sequence}; called under the gate. */
    final void start(long sequence, int atSlot, int inUse) {
        CURSOR.setOpaque(this, sequence);
        slot = atSlot;
        slotsInUse = inUse;
        publishedCache = sequence;
        held = SlotTable.NONE;
        joined = true;
    }

    /** The cursor, for another thread (the counters' lag). */
    final long opaqueCursor() {
        return (long) CURSOR.getOpaque(this);
    }

    @Override
    public final int index() {
        return index;
    }

    @Override
    public final boolean isJoined() {
        return joined;
    }

    @Override
    public final long lag() {
        boolean outer = inFlight.enter();
        try {
            lifecycle.ensureOpen();
            return joined ? Math.max(0, table.lvPublished() - cursor) : 0;
        } finally {
            if (outer) {
                inFlight.exit();
            }
        }
    }

    /** Open, joined, and not called from this consumer's own drain handler. */
    final void ensureUsable(String operation) {
        lifecycle.ensureOpen();
        if (!joined) {
            throw new IllegalStateException("consumer " + index + " is not joined (it left); join() returns a joined consumer");
        }
        if (draining) {
            throw QueueChecks.reentered(operation, this);
        }
    }

    /** Whether record {@code cursor} is published; refreshes the cached sequence only when needed. */
    final boolean available() {
        long q = cursor;
        return q < publishedCache || q < (publishedCache = table.lvPublished());
    }

    /**
     * The slot of the record at the cursor, checked: its row was staged, and its pending count
     * set, before the sequence we acquired. Both are checked (two loads of lines we are about to
     * touch anyway): a record we can see must be in its slot and pending, at least for us.
     */
    final int checkedSlot() {
        int s = slot;
        long holds = table.sequence(s);
        long pending = table.lvPending(s);
        if (holds != cursor || pending <= 0) {
            throw new IllegalStateException("consumer " + index + " sees record " + cursor + " in slot " + s
                    + " but the slot holds record " + holds + " with pending count " + pending
                    + ": a slot was reused while held, or published before it was counted");
        }
        return s;
    }

    /** A peeked record keeps this handle inside its in-flight bracket until release (see the producer's claim). */
    final void holdWhilePeeked() {
        if (held != SlotTable.NONE) {
            inFlight.hold();
        } else {
            inFlight.unhold();
        }
    }

    /** Releases the slot at the cursor and moves the cursor to the next record. */
    final void releaseAndAdvance() {
        int s = slot;
        long before = table.gaaPending(s, -1);
        if (before <= 0) {
            throw new IllegalStateException("consumer " + index + " released slot " + s + " (record " + cursor
                    + ") but its pending count was " + before + ": released more often than it was published");
        }
        if (before == 1) {
            members.wakeProducer();
        }
        long next = cursor + 1;
        int n = s + 1;
        if (next == table.adjustAt) {
            slotsInUse = table.adjustedSlots; // published with record adjustAt - 1, which we held
        }
        if (n >= slotsInUse) {
            n = 0;
        }
        slot = n;
        CURSOR.setOpaque(this, next);
    }

    /** The release half of peek/release: the record peek() returned. */
    final void releaseHeld() {
        if (held == SlotTable.NONE) {
            throw new IllegalStateException("consumer " + index + " holds no record: release() needs a record from peek()");
        }
        held = SlotTable.NONE;
        releaseAndAdvance();
        delivered++;
    }

    @Override
    public final String toString() {
        return lifecycle.disciplineName + " consumer " + index + (joined ? " at record " + cursor : " (not joined)");
    }

    /** Padding after a consumer's fields: two consumers' hot fields never share a cache line. */
    abstract static class Padded extends ConsumerCursor {
        long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;

        Padded(RefCountedBroadcastQueue queue, int index) {
            super(queue, index);
        }
    }
}

/** Padding before a consumer's fields: two consumers' hot fields never share a cache line. */
abstract class ConsumerPadBefore {
    long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}
