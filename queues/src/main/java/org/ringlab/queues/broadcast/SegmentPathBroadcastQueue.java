package org.ringlab.queues.broadcast;

import java.lang.foreign.MemorySegment;

import org.ringlab.api.QueueSpec;
import org.ringlab.api.SegmentPathMemory;
import org.ringlab.queues.support.QueueChecks;

/**
 * {@code broadcast} on a {@link SegmentPathMemory}, its slots reached through
 * {@link SegmentPathSlots}: the shape's record path (publish, claim and commit, peek, poll,
 * drain, release), owned by this final class and its two final handles.
 *
 * <p>This source is the template of every broadcast shape: the build generates each other shape
 * from it (queues' pom, execution {@code broadcast-shapes}), substituting the class name, the
 * slots class and the memory type, so the protocol is written once and each shape's record path
 * is bytecode of its own, whose calls go to one final slots class: the JIT's profile of one
 * shape never sees another shape's types. The steps every record takes, in order: the producer
 * writes (or commits) the record's bytes, seals the slot (what consumers will be handed: a kept
 * segment, a gathered window, or nothing), stages its row, and publishes (pending counts, then
 * the sequence, then wake-ups); a consumer acquires the sequence, checks the row, takes the
 * window or reads, and releases. The stress tests' broken twins are generated from this source
 * too, each with one step moved.
 */
final class SegmentPathBroadcastQueue extends RefCountedBroadcastQueue {

    SegmentPathBroadcastQueue(String disciplineName, SegmentPathMemory memory, QueueSpec spec, BroadcastOptions options) {
        super(disciplineName, memory, spec, options);
        SegmentPathSlots slots = new SegmentPathSlots(memory, this);
        Consumer[] consumers = new Consumer[spec.consumers()];
        for (int c = 0; c < consumers.length; c++) {
            consumers[c] = new Consumer(this, c, slots);
        }
        open(new Producer(this, slots), consumers);
    }

    private static final class Producer extends ProducerCursor {

        private final SegmentPathSlots slots;

        Producer(RefCountedBroadcastQueue queue, SegmentPathSlots slots) {
            super(queue);
            this.slots = slots;
            this.writePosition = slots.firstPosition();
        }

        @Override
        public boolean offer(MemorySegment record) {
            boolean outer = inFlight.enter();
            try {
                lifecycle.ensureOpen();
                int length = lifecycle.checkLength(record.byteSize());
                checkNoClaim();
                if (table.lvPending(writeSlot) != 0) {
                    failedOffers++;
                    return false;
                }
                send(record, length);
                return true;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public void put(MemorySegment record) {
            boolean outer = inFlight.enter();
            try {
                lifecycle.ensureOpen();
                int length = lifecycle.checkLength(record.byteSize());
                checkNoClaim();
                awaitSlot(writeSlot);
                send(record, length);
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        /** Writes, seals, stages and publishes one record into the free slot at the write cursor. */
        private void send(MemorySegment record, int length) {
            int s = writeSlot;
            long p = writePosition;
            slots.write(s, p, record);
            slots.seal(s, p, length);
            stage(p, length);
            publish();
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            boolean outer = inFlight.enter();
            try {
                lifecycle.ensureOpen();
                QueueChecks.checkBatch(lifecycle.spec, records, offset, count); // all or nothing
                checkNoClaim();
                int written = 0;
                for (int i = offset; i < offset + count; i++) {
                    int s = writeSlot;
                    if (!freeForBatch(s)) {
                        failedOffers++;
                        break;
                    }
                    long p = writePosition;
                    int length = (int) records[i].byteSize();
                    slots.write(s, p, records[i]);
                    slots.seal(s, p, length);
                    stage(p, length);
                    written++;
                }
                if (written > 0) {
                    publish();
                }
                return written;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public MemorySegment claim(int length) {
            boolean outer = inFlight.enter();
            try {
                lifecycle.ensureOpen();
                lifecycle.checkLength(length);
                MemorySegment claim = null;
                if (table.lvPending(writeSlot) != 0) {
                    failedOffers++;
                    claimOpen = false;
                } else {
                    claim = openClaim(length);
                }
                holdWhileClaimed();
                return claim;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public MemorySegment awaitClaim(int length) {
            boolean outer = inFlight.enter();
            try {
                lifecycle.ensureOpen();
                lifecycle.checkLength(length);
                awaitSlot(writeSlot);
                MemorySegment claim = openClaim(length);
                holdWhileClaimed();
                return claim;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private MemorySegment openClaim(int length) {
            claimPosition = writePosition;
            claimLength = length;
            claimOpen = true;
            return slots.claim(writeSlot, claimPosition, length);
        }

        @Override
        public void commit(int length) {
            boolean outer = inFlight.enter();
            try {
                lifecycle.ensureOpen();
                if (!claimOpen) {
                    throw new IllegalStateException("commit(" + length + ") without a successful claim");
                }
                lifecycle.checkLength(length);
                if (length > claimLength) {
                    throw new IllegalArgumentException("commit of " + length + " bytes: the claim was for " + claimLength);
                }
                int s = writeSlot;
                long p = claimPosition;
                slots.commit(s, p, length);
                claimOpen = false;
                slots.seal(s, p, length);
                stage(p, length);
                publish();
                holdWhileClaimed();
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        /** Stages the record at {@code position} in the slot at the write cursor and places the next one. */
        private void stage(long position, int length) {
            advance(position, length);
            writePosition = slots.positionAfter(position, length, writeSlot, writeLap);
        }

        /** Publishes every staged record: under the gate the pending counts, then the sequence; then wake-ups. */
        private void publish() {
            members.acquireGate();
            int n = members.joinedCount;
            long from = publishedSequence;
            long to = writeSequence;
            table.setPendingCounts(from, to, n, publishedSlot, publishedSlotsInUse);
            table.svPublished(to);
            publishedSequence = to;
            publishedSlot = writeSlot;
            publishedSlotsInUse = writeSlotsInUse;
            members.releaseGate();
            if (n == 0) {
                unconsumed += to - from;
            }
            afterPublish();
        }
    }

    private static final class Consumer extends ConsumerCursor.Padded {

        private final SegmentPathSlots slots;

        Consumer(RefCountedBroadcastQueue queue, int index, SegmentPathSlots slots) {
            super(queue, index);
            this.slots = slots;
        }

        /** The record at the cursor, its row checked; taken by any consumer thread, several at once. */
        private MemorySegment view() {
            int s = checkedSlot();
            return slots.window(s, table.position(s), table.length(s));
        }

        @Override
        public MemorySegment peek() {
            boolean outer = inFlight.enter();
            try {
                ensureUsable("peek");
                MemorySegment record = null;
                if (available()) {
                    held = cursor;
                    record = view();
                }
                holdWhilePeeked();
                return record;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public void release() {
            boolean outer = inFlight.enter();
            try {
                ensureUsable("release");
                releaseHeld();
                holdWhilePeeked();
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public int drain(RecordHandler handler, int limit) {
            boolean outer = inFlight.enter();
            try {
                ensureUsable("drain");
                QueueChecks.checkDrain(handler, limit);
                int n = 0;
                draining = true; // once per drain, not per record
                try {
                    while (n < limit && available()) {
                        MemorySegment record = view();
                        try {
                            handler.onRecord(record);
                        } finally {
                            held = SlotTable.NONE; // a handler that throws leaves its record unconsumed, and not held
                        }
                        releaseAndAdvance();
                        n++;
                    }
                } finally {
                    draining = false;
                    delivered += n;
                }
                return n;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public int poll(MemorySegment dst) {
            boolean outer = inFlight.enter();
            try {
                long room = dst.byteSize(); // the NPE for a null destination, even when empty
                ensureUsable("poll");
                held = SlotTable.NONE; // a record peek() returned is consumed by this poll, or (bad destination) no longer held
                holdWhilePeeked();
                if (!available()) {
                    return EMPTY;
                }
                int s = checkedSlot();
                int length = table.length(s);
                if (length > room || dst.isReadOnly()) {
                    QueueChecks.checkDestination(dst, length);
                }
                slots.read(s, table.position(s), length, dst); // no segment of the record is made
                releaseAndAdvance();
                delivered++;
                return length;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public int awaitDrain(RecordHandler handler) {
            boolean outer = inFlight.enter();
            try {
                ensureUsable("awaitDrain");
                WaitStrategy wait = lifecycle.options.consumerWait();
                for (int step = 0; ; step++) {
                    int n = drain(handler, Integer.MAX_VALUE);
                    if (n > 0) {
                        return n;
                    }
                    if (wait.parksAt(step)) {
                        parkUntilPublished(wait, step);
                    } else {
                        wait.idle(step);
                    }
                    lifecycle.ensureOpen();
                }
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        /** Registers in the waiting mask, re-checks, parks; the producer unparks on the next publish. */
        private void parkUntilPublished(WaitStrategy wait, int step) {
            waiter = Thread.currentThread();
            members.markWaiting(bit);
            try {
                if (table.lvvPublished() == cursor && !lifecycle.closed()) {
                    wait.idle(step);
                }
            } finally {
                members.clearWaiting(bit); // also when the re-check throws (memory closed)
            }
        }
    }
}
