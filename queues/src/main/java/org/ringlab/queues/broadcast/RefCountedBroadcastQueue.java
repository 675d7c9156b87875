package org.ringlab.queues.broadcast;

import static org.ringlab.queues.broadcast.BroadcastDescriptor.MAGIC;
import static org.ringlab.queues.broadcast.BroadcastDescriptor.MAGIC_OFFSET;
import static org.ringlab.queues.broadcast.BroadcastDescriptor.PUBLISHED_OFFSET;
import static org.ringlab.queues.broadcast.BroadcastDescriptor.SLOTS_IN_USE_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.support.QueueChecks;

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
 * {@code commit}) and its window (gather or rotation); see {@link SeamCrossingBroadcastQueue}.
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
 */
public abstract sealed class RefCountedBroadcastQueue implements RecordQueue
        permits InPlaceBroadcastQueue, SegmentPathBroadcastQueue {
    // The package-private core of both memory shapes: the slots, the pending counts, the gate,
    // membership, wake-ups and the handles. A shape supplies only how a slot's bytes are
    // written, claimed, committed and read (writeSlot, claimSlot, commitSlot, window);
    // BroadcastDiscipline picks the shape from the memory's type. Record modes differ only in
    // the length check, which is data (minLength..maxLength), not a mode flag.

    private static final VarHandle HEADER_LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle HEADER_INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle PRODUCER_WAITER;
    private static final VarHandle CURSOR;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_WAITER = lookup.findVarHandle(RefCountedBroadcastQueue.class, "producerWaiter", Thread.class);
            CURSOR = lookup.findVarHandle(ConsumerFields.class, "cursor", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // The slot table: one 64-byte row per slot (after one row of padding), so the pending
    // counts of neighbouring slots never share a cache line.
    private static final int ROW = 8;
    private static final int PENDING = 0;
    private static final int LENGTH = 1;
    private static final int POSITION = 2;
    private static final int SEQUENCE = 3;
    private static final int HIGH_WATER = 4;

    // Shared cells, 128 bytes apart (two lines: adjacent-line prefetch).
    private static final int CELL = 16;
    private static final int GATE = CELL;
    private static final int WAITING = 2 * CELL;
    private static final int PRODUCER_WAKEUPS = 3 * CELL;
    private static final int CELLS_LENGTH = 5 * CELL;

    private static final long NONE = -1;
    private static final int GATE_SPINS = 64;

    private final String disciplineName;
    private final RingMemory memory;
    /** For the message after the memory closed (when {@code memory.strategyName()} throws). */
    private final String strategyName;
    private final QueueSpec spec;
    private final BroadcastOptions options;
    private final WaitStrategy producerWait;
    private final WaitStrategy consumerWait;
    private final MemorySegment header;
    private final long capacity;
    /** Record lengths allowed: exactly the record size (FIXED) or 0 up to it (VARIABLE). */
    private final int minLength;
    private final int maxLength;
    private final int recordSize;
    private final long stride;
    private final int physicalSlots;
    private final long adjustAt;
    private final long[] table;
    private final long[] cells;
    private final Producer producer;
    private final Consumer[] consumers;
    private final long allConsumers;
    @SuppressWarnings("unused") // accessed through PRODUCER_WAITER
    private volatile Thread producerWaiter;
    private volatile boolean closed;
    private volatile SlotAdjustment adjustment;

    // Guarded by the gate.
    private long joinedMask;
    /**
     * Consumers that left but are still releasing what they held (outside the gate): join()
     * must not hand such a consumer to another thread until it is done.
     */
    private long leavingMask;
    private int joinedCount;
    private long joins;
    private long leaves;

    /**
     * Slots in use from sequence {@code adjustAt} on. Written by the producer before it
     * publishes record {@code adjustAt - 1}; read by a consumer only once it holds that record.
     */
    private int adjustedSlots;

    /** Builds the queue on fresh memory (a header no queue has written); {@link BroadcastDiscipline} picks the shape. */
    RefCountedBroadcastQueue(String disciplineName, RingMemory memory, QueueSpec spec, BroadcastOptions options) {
        spec.requireNoGrowth(disciplineName);
        BroadcastDescriptor.checkConsumers(spec.consumers());
        this.disciplineName = disciplineName;
        this.memory = memory;
        this.strategyName = memory.strategyName(); // throws on closed memory: no queue on it
        this.spec = spec;
        this.options = Objects.requireNonNull(options, "options");
        this.producerWait = options.producerWait();
        this.consumerWait = options.consumerWait();
        this.header = memory.header();
        this.capacity = memory.capacity();
        this.minLength = spec.mode() == RecordMode.FIXED ? spec.recordSize() : 0;
        this.maxLength = spec.recordSize();
        this.recordSize = spec.recordSize();
        this.stride = BroadcastDescriptor.stride(recordSize);
        this.physicalSlots = BroadcastDescriptor.physicalSlots(capacity, stride, recordSize);
        this.adjustAt = options.adjustAfter();
        BroadcastDescriptor.checkHeaderFits(header);
        BroadcastDescriptor.checkFresh(header);
        this.table = new long[(physicalSlots + 1) * ROW];
        for (int s = 0; s < physicalSlots; s++) {
            table[row(s) + SEQUENCE] = NONE;
        }
        this.cells = new long[CELLS_LENGTH];
        this.adjustedSlots = physicalSlots;
        int n = spec.consumers();
        this.allConsumers = n == 64 ? -1L : (1L << n) - 1;
        this.consumers = new Consumer[n];
        for (int c = 0; c < n; c++) {
            consumers[c] = new Consumer(c);
        }
        this.producer = new Producer();
        BroadcastDescriptor.writeFields(header, capacity, stride, physicalSlots, spec, options);
        HEADER_LONG.set(header, PUBLISHED_OFFSET, 0L);
        // Publishes the descriptive fields to anyone reading the header.
        HEADER_LONG.setRelease(header, MAGIC_OFFSET, MAGIC);
        // Every consumer starts joined, at sequence 0.
        acquireGate();
        joinedMask = allConsumers;
        joinedCount = n;
        for (Consumer k : consumers) {
            k.start(0, 0, physicalSlots);
        }
        releaseGate();
    }

    private static int row(int slot) {
        return (slot + 1) * ROW;
    }

    // Memory ordering, named: lv = load with acquire, sv = volatile (sequentially consistent)
    // store, sp = plain store, so = store with release, cas/gaa = atomic read-modify-write.

    private long lvPublished() {
        return (long) HEADER_LONG.getAcquire(header, PUBLISHED_OFFSET);
    }

    /** Volatile load: the half of the parking handshake that must not move above the waiting bit's store. */
    private long lvvPublished() {
        return (long) HEADER_LONG.getVolatile(header, PUBLISHED_OFFSET);
    }

    void svPublished(long sequence) {
        HEADER_LONG.setVolatile(header, PUBLISHED_OFFSET, sequence);
    }

    private long lvPending(int slot) {
        return (long) LONGS.getAcquire(table, row(slot) + PENDING);
    }

    private long lvvPending(int slot) {
        return (long) LONGS.getVolatile(table, row(slot) + PENDING);
    }

    private void spPending(int slot, long count) {
        table[row(slot) + PENDING] = count;
    }

    private long gaaPending(int slot, long delta) {
        return (long) LONGS.getAndAdd(table, row(slot) + PENDING, delta);
    }

    private void acquireGate() {
        for (int spins = 0; !LONGS.compareAndSet(cells, GATE, 0L, 1L); spins++) {
            if (spins < GATE_SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the holder (a join or leave) may have been descheduled
            }
        }
    }

    private void releaseGate() {
        // Publishes what the holder changed (membership, published state) to the next holder.
        LONGS.setRelease(cells, GATE, 0L);
    }

    private long lvWaiting() {
        return (long) LONGS.getVolatile(cells, WAITING);
    }

    @Override
    public String disciplineName() {
        ensureQueueOpen(); // a description: answers while the queue is open, its memory closed or not
        return disciplineName;
    }

    @Override
    public QueueSpec spec() {
        ensureQueueOpen(); // a description: answers while the queue is open, its memory closed or not
        return spec;
    }

    @Override
    public RingMemory memory() {
        ensureQueueOpen(); // a description: answers while the queue is open, its memory closed or not
        return memory;
    }

    /** The options the queue was built with. */
    public BroadcastOptions options() {
        return options;
    }

    @Override
    public BroadcastProducer producer() {
        ensureOpen();
        return producer;
    }

    @Override
    public BroadcastConsumer consumer(int index) {
        ensureOpen();
        if (index < 0 || index >= consumers.length) {
            throw new IndexOutOfBoundsException("broadcast queue has consumers 0.." + (consumers.length - 1)
                    + ", asked for " + index);
        }
        return consumers[index];
    }

    /** The slot-count adjustment, once it has happened (after the first K records). */
    public Optional<SlotAdjustment> slotAdjustment() {
        return Optional.ofNullable(adjustment);
    }

    /**
     * Joins a consumer: the lowest index not joined, starting at the next record published.
     * The caller's thread owns the handle. Throws {@link IllegalStateException} when all
     * {@code spec().consumers()} are joined.
     */
    public BroadcastConsumer join() {
        while (true) {
            ensureOpen();
            acquireGate();
            try {
                long free = ~(joinedMask | leavingMask) & allConsumers;
                if (free != 0) {
                    Consumer k = consumers[Long.numberOfTrailingZeros(free)];
                    k.start(producer.publishedSequence, producer.publishedSlot, producer.publishedSlotsInUse);
                    joinedMask |= k.bit;
                    joinedCount++;
                    joins++;
                    return k;
                }
                if (leavingMask == 0) {
                    throw new IllegalStateException("too many consumers: all " + consumers.length
                            + " consumers of this queue are joined (QueueSpec.consumers() = " + consumers.length + ")");
                }
            } finally {
                releaseGate();
            }
            Thread.yield(); // a consumer is leaving: its slot frees once it has released what it held
        }
    }

    /**
     * Leaves: releases every record {@code consumer} still holds (so a departed consumer never
     * blocks the producer) and stops counting it for new records. Call it from the thread that
     * owns the handle, or once that thread has stopped.
     */
    public void leave(BroadcastConsumer consumer) {
        ensureOpen();
        Consumer k = own(consumer);
        long until;
        acquireGate();
        try {
            if (!k.joined) {
                throw new IllegalStateException("consumer " + k.index + " is not joined: it has left already");
            }
            k.joined = false;
            joinedMask &= ~k.bit;
            leavingMask |= k.bit;
            joinedCount--;
            leaves++;
            // Every record before this one counted k, none from it on.
            until = producer.publishedSequence;
        } finally {
            releaseGate();
        }
        // Outside the gate: these slots stay pending until released here, so nothing moves.
        try {
            for (long q = k.cursor; q < until; q++) {
                k.releaseAndAdvance();
            }
            k.held = NONE;
        } finally {
            acquireGate();
            leavingMask &= ~k.bit; // only now may join() hand this consumer to another thread
            releaseGate();
        }
    }

    private Consumer own(BroadcastConsumer consumer) {
        if (consumer instanceof Consumer k && k.queue() == this) {
            return k;
        }
        throw new IllegalArgumentException("not a consumer of this queue: " + consumer);
    }

    @Override
    public Map<String, Long> counters() {
        ensureOpen();
        Map<String, Long> c = new LinkedHashMap<>();
        Producer p = producer;
        long published = lvPublished();
        c.put("recordsPublished", published);
        c.put("bytesPublished", p.bytes);
        c.put("failedOffers", p.failedOffers);
        c.put("recordsWithoutConsumers", p.unconsumed);
        c.put("producerStalls", p.stalls);
        c.put("producerStallNanos", p.stallNanos);
        c.put("producerWakeups", (long) LONGS.getOpaque(cells, PRODUCER_WAKEUPS));
        c.put("consumerWakeups", p.consumerWakeups);
        c.put("slotStride", stride);
        c.put("slotsPhysical", (long) physicalSlots);
        c.put("slotsInUse", (long) (int) HEADER_INT.getAcquire(header, SLOTS_IN_USE_OFFSET));
        c.put("slotAdjustments", adjustment == null ? 0L : 1L);
        c.put("slotBytesHighWater", p.highWaterBytes);
        c.put("largestRecord", p.largest);
        long joined;
        long maxLag = 0;
        acquireGate();
        try {
            joined = joinedMask;
            c.put("joinedConsumers", (long) joinedCount);
            c.put("joins", joins);
            c.put("leaves", leaves);
        } finally {
            releaseGate();
        }
        for (Consumer k : consumers) {
            boolean in = (joined & k.bit) != 0;
            long lag = in ? Math.max(0, published - (long) CURSOR.getOpaque(k)) : 0;
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
    public void close() {
        closed = true;
        Thread p = (Thread) PRODUCER_WAITER.getAndSet(this, (Thread) null);
        if (p != null) {
            LockSupport.unpark(p);
        }
        LONGS.getAndSet(cells, WAITING, 0L);
        for (Consumer k : consumers) {
            Thread t = k.waiter;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * Throws once the queue or its memory is closed. The memory's check matters where an
     * operation touches no memory (a full ring's offer or claim, a release, a mirror view's
     * cached record segment, an empty consumer whose published sequence is cached): the
     * queue's own state is on the heap, so nothing else would notice. Called inside the
     * handle's in-flight bracket, so a close after the check finds the handle inside and
     * defers its unmap ({@link DeferredUnmap}).
     */
    private void ensureOpen() {
        ensureQueueOpen();
        if (!memory.isOpen()) {
            throw memoryClosed();
        }
    }

    private void ensureQueueOpen() {
        if (closed) {
            throw new IllegalStateException(disciplineName + " queue is closed");
        }
    }

    private IllegalStateException memoryClosed() {
        return new IllegalStateException(disciplineName + " queue's memory (" + strategyName
                + ") is closed: the queue cannot be used after RingMemory.close()");
    }

    /** The payload length of a record, checked against the slots. */
    private int checkLength(long length) {
        if (length < minLength || length > maxLength) {
            throw new IllegalArgumentException(spec.mode() == RecordMode.FIXED
                    ? "record of " + length + " bytes: fixed-size records have exactly " + recordSize + " bytes"
                    : "record of " + length + " bytes does not fit a slot: the largest slot holds " + recordSize
                            + " bytes (the queue's record size)");
        }
        return (int) length;
    }

    // The memory shape's steps. Slot s of lap L is at position L * capacity + s * stride (ring
    // offset s * stride): a record never crosses the seam; the cross shape packs records
    // instead (SeamCrossingBroadcastQueue), overriding the two placement steps.

    /** Position of record 0: the start of slot 0. Uses only this class's fields (called while it is built). */
    long firstPosition() {
        return 0;
    }

    /**
     * Position of the record after the one of {@code length} bytes just staged at {@code position}:
     * the start of slot {@code nextSlot} in the lap starting at {@code lap}.
     */
    long positionAfter(long position, int length, int nextSlot, long lap) {
        return lap + nextSlot * stride;
    }

    /** Writes {@code record} into slot {@code slot}, at {@code position}; the producer publishes it afterwards. */
    abstract void writeSlot(int slot, long position, MemorySegment record);

    /** A writable segment of {@code length} bytes at the start of slot {@code slot}, at {@code position}. */
    abstract MemorySegment claimSlot(int slot, long position, int length);

    /** Makes the first {@code length} bytes of the claim of slot {@code slot} part of the ring. */
    abstract void commitSlot(int slot, long position, int length);

    /**
     * The record of {@code length} bytes in slot {@code slot}, at {@code position}, read-only;
     * called by any consumer thread, several at once, for a record it holds.
     */
    abstract MemorySegment window(int slot, long position, int length);

    /**
     * Copies the record of {@code length} bytes in slot {@code slot}, at {@code position}, to the
     * start of {@code dst} (checked to fit): {@code poll}'s copy, which needs no segment of the
     * record. This default copies out of the {@link #window}.
     */
    void readSlot(int slot, long position, int length, MemorySegment dst) {
        MemorySegment.copy(window(slot, position, length), 0, dst, 0, length);
    }

    /**
     * Whether a consumer holds a record from {@code peek} other than the one at
     * {@code position}: a window that moves the ring's bytes (linearize's rotation) would move
     * that record from under its consumer. A held record is the one at its consumer's cursor.
     * One thread only (where windows may move bytes there are no concurrent readers); cold: asked
     * for records that straddle the seam.
     */
    final boolean anotherRecordHeld(long position) {
        for (Consumer k : consumers) {
            if (k.held != NONE && table[row(k.slot) + POSITION] != position) {
                return true;
            }
        }
        return false;
    }

    // Package-private views for the tests.

    long pending(int slot) {
        return lvPending(slot);
    }

    int physicalSlots() {
        return physicalSlots;
    }

    long stride() {
        return stride;
    }

    private final class Producer implements BroadcastProducer {
        // Write cursor: where the next record goes. Ahead of the published cursor only while a
        // batch is being written.
        private long writeSequence;
        private int writeSlot;
        private long writeLap;
        /** Where the next record goes: the slot's position, or (cross) the end of the last record. */
        private long writePosition = firstPosition();
        private int writeSlotsInUse = physicalSlots;
        // Published cursor, the state at the published sequence; changed only under the gate,
        // where join() reads it.
        private long publishedSequence;
        private int publishedSlot;
        private int publishedSlotsInUse = physicalSlots;

        private boolean claimOpen;
        private long claimPosition;
        private int claimLength;
        private int largestEarly;
        private SlotAdjustment announce;

        private long bytes;
        private long failedOffers;
        private long unconsumed;
        private long stalls;
        private long stallNanos;
        private long consumerWakeups;
        private long highWaterBytes;
        private long largest;

        // The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's
        // handler too), so the memory is never unmapped while this handle is in an operation.
        private final InFlight inFlight = DeferredUnmap.register(header);

        @Override
        public boolean offer(MemorySegment record) {
            boolean outer = inFlight.enter();
            try {
                return offerInside(record);
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
                putInside(record);
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            boolean outer = inFlight.enter();
            try {
                return offerInside(records, offset, count);
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
                MemorySegment claim = claimInside(length);
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
                MemorySegment claim = awaitClaimInside(length);
                holdWhileClaimed();
                return claim;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public void commit(int length) {
            boolean outer = inFlight.enter();
            try {
                commitInside(length);
                holdWhileClaimed();
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public long nextSequence() {
            ensureOpen();
            return writeSequence;
        }

        private boolean offerInside(MemorySegment record) {
            ensureOpen();
            int length = checkLength(record.byteSize());
            checkNoClaim();
            if (lvPending(writeSlot) != 0) {
                failedOffers++;
                return false;
            }
            send(record, length);
            return true;
        }

        private void putInside(MemorySegment record) {
            ensureOpen();
            int length = checkLength(record.byteSize());
            checkNoClaim();
            awaitSlot(writeSlot);
            send(record, length);
        }

        /** An offer while a claim is outstanding is refused; the claim stays valid. */
        private void checkNoClaim() {
            if (claimOpen) {
                throw QueueChecks.claimOutstanding(claimLength);
            }
        }

        /** Writes and publishes one record into the free slot at the write cursor. */
        private void send(MemorySegment record, int length) {
            writeAndPublish(writeSlot, writePosition, record, length);
        }

        /** Stages the record just written at {@code position} and publishes it. */
        void stageAndPublish(long position, int length) {
            stage(position, length);
            publish();
        }

        private int offerInside(MemorySegment[] records, int offset, int count) {
            ensureOpen();
            QueueChecks.checkBatch(spec, records, offset, count); // all or nothing: no half-written batch
            checkNoClaim();
            int written = 0;
            for (int i = offset; i < offset + count; i++) {
                int s = writeSlot;
                // A slot is free when no consumer holds it and this batch has not filled it yet.
                if (lvPending(s) != 0 || table[row(s) + SEQUENCE] >= publishedSequence) {
                    failedOffers++;
                    break;
                }
                long position = writePosition;
                writeSlot(s, position, records[i]);
                stage(position, (int) records[i].byteSize());
                written++;
            }
            if (written > 0) {
                publish();
            }
            return written;
        }

        /**
         * A claim handed to the caller keeps this handle inside its in-flight bracket until the
         * commit (or a replacing claim that fails): a memory closed meanwhile defers its unmap.
         */
        private void holdWhileClaimed() {
            if (claimOpen) {
                inFlight.hold();
            } else {
                inFlight.unhold();
            }
        }

        private MemorySegment claimInside(int length) {
            ensureOpen();
            checkLength(length);
            if (lvPending(writeSlot) != 0) {
                failedOffers++;
                claimOpen = false;
                return null;
            }
            return openClaim(length);
        }

        private MemorySegment awaitClaimInside(int length) {
            ensureOpen();
            checkLength(length);
            awaitSlot(writeSlot);
            return openClaim(length);
        }

        private MemorySegment openClaim(int length) {
            claimPosition = writePosition;
            claimLength = length;
            claimOpen = true;
            return RefCountedBroadcastQueue.this.claimSlot(writeSlot, claimPosition, length);
        }

        private void commitInside(int length) {
            ensureOpen();
            if (!claimOpen) {
                throw new IllegalStateException("commit(" + length + ") without a successful claim");
            }
            checkLength(length);
            if (length > claimLength) {
                throw new IllegalArgumentException("commit of " + length + " bytes: the claim was for " + claimLength);
            }
            commitSlot(writeSlot, claimPosition, length);
            claimOpen = false;
            stage(claimPosition, length);
            publish();
        }

        /** Waits with the producer's strategy until no consumer holds {@code slot}; counts the stall. */
        private void awaitSlot(int slot) {
            if (lvPending(slot) == 0) {
                return;
            }
            stalls++;
            long start = System.nanoTime();
            try {
                for (int step = 0; lvPending(slot) != 0; step++) {
                    ensureOpen();
                    if (producerWait.parksAt(step)) {
                        PRODUCER_WAITER.setVolatile(RefCountedBroadcastQueue.this, Thread.currentThread());
                        // Volatile after volatile: the releasing consumer decrements, then reads
                        // the waiter; one of us sees the other.
                        if (lvvPending(slot) != 0 && !closed) {
                            producerWait.idle(step);
                        }
                        PRODUCER_WAITER.setVolatile(RefCountedBroadcastQueue.this, (Thread) null);
                    } else {
                        producerWait.idle(step);
                    }
                }
                ensureOpen();
            } finally {
                stallNanos += System.nanoTime() - start;
            }
        }

        /** Records the slot's new record (plain stores, published by the next publish) and moves the write cursor. */
        private void stage(long position, int length) {
            int r = row(writeSlot);
            table[r + LENGTH] = length;
            table[r + POSITION] = position;
            table[r + SEQUENCE] = writeSequence;
            if (length > table[r + HIGH_WATER]) {
                highWaterBytes += length - table[r + HIGH_WATER];
                table[r + HIGH_WATER] = length;
            }
            if (length > largest) {
                largest = length;
            }
            if (writeSequence < adjustAt && length > largestEarly) {
                largestEarly = length;
            }
            bytes += length;
            long next = ++writeSequence;
            int s = writeSlot + 1;
            if (next == adjustAt) {
                adjust();
            }
            if (s >= writeSlotsInUse) {
                s = 0;
                writeLap += capacity;
            }
            writeSlot = s;
            writePosition = positionAfter(position, length, s, writeLap);
        }

        /** After K records: slots in use = C / M, clamped. Published with record K - 1. */
        private void adjust() {
            SlotAdjustment a = SlotAdjustment.compute(adjustAt, largestEarly, options.memoryCap(), physicalSlots,
                    writeSlotsInUse);
            adjustedSlots = a.after();
            writeSlotsInUse = a.after();
            // Publishes the new count to readers of the header.
            HEADER_INT.setRelease(header, SLOTS_IN_USE_OFFSET, a.after());
            announce = a;
        }

        /** Publishes every staged record: pending counts, then the sequence, then wake-ups. */
        private void publish() {
            acquireGate();
            int n = joinedCount;
            long from = publishedSequence;
            long to = writeSequence;
            countAndPublish(from, to, n, publishedSlot, publishedSlotsInUse);
            publishedSequence = to;
            publishedSlot = writeSlot;
            publishedSlotsInUse = writeSlotsInUse;
            releaseGate();
            if (n == 0) {
                unconsumed += to - from;
            }
            wakeWaiters();
            SlotAdjustment a = announce;
            if (a != null) {
                announce = null;
                adjustment = a;
                options.onAdjustment().accept(a);
            }
        }

        /** Unparks each waiting consumer once: its queue just went from empty to non-empty. */
        void wake(long waiting) {
            for (long w = waiting; w != 0; w &= w - 1) {
                long bit = w & -w;
                long before = (long) LONGS.getAndBitwiseAnd(cells, WAITING, ~bit);
                if ((before & bit) != 0) {
                    consumerWakeups++;
                    LockSupport.unpark(consumers[Long.numberOfTrailingZeros(bit)].waiter);
                }
            }
        }
    }

    /**
     * Writes one record at {@code position} (the free slot at the write cursor), then stages and
     * publishes it. The one step the write-after-publish twin in the tests overrides.
     */
    void writeAndPublish(int slot, long position, MemorySegment record, int length) {
        writeSlot(slot, position, record);
        stageAndPublish(position, length);
    }

    /** Stages the record written at {@code position} in the slot at the write cursor and publishes it. */
    void stageAndPublish(long position, int length) {
        producer.stageAndPublish(position, length);
    }

    /**
     * Under the gate: sets the pending counts of records {@code [from, to)} (slots from
     * {@code slot}, {@code slotsInUse} in use there), then publishes them. The one step the
     * count-after-publish twin in the tests overrides.
     */
    void countAndPublish(long from, long to, int count, int slot, int slotsInUse) {
        setPendingCounts(from, to, count, slot, slotsInUse);
        // Publishes the staged records, their slot rows and pending counts (and the adjusted
        // slot count). Volatile, not only release: the waiting-mask load after it must not move
        // above it (the other half of a parking consumer's handshake).
        svPublished(to);
    }

    /**
     * The parking consumer's re-check, after its waiting bit is set: still nothing past
     * {@code cursor}, and the queue open? The one step the no-re-check twin in the tests overrides.
     */
    boolean nothingPublishedSince(long cursor) {
        return lvvPublished() == cursor && !closed;
    }

    /** Unparks each consumer waiting for a record (one load when nobody waits); after every publish. */
    void wakeWaiters() {
        long waiting = lvWaiting();
        if (waiting != 0) {
            producer.wake(waiting);
        }
    }

    /**
     * Sets the pending count of the slots of records {@code [from, to)}, walking the slots
     * from {@code slot} (of record {@code from}) as the write cursor did.
     */
    void setPendingCounts(long from, long to, int count, int slot, int slotsInUse) {
        int s = slot;
        int inUse = slotsInUse;
        for (long q = from; q < to; q++) {
            spPending(s, count);
            s++;
            if (q + 1 == adjustAt) {
                inUse = adjustedSlots;
            }
            if (s >= inUse) {
                s = 0;
            }
        }
    }

    /** Padding before a consumer's fields: two consumers' hot fields never share a cache line. */
    abstract static class ConsumerPadBefore {
        long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
    }

    /** What the owning thread of a consumer reads and writes on every record. */
    abstract static class ConsumerFields extends ConsumerPadBefore {
        /** Next sequence to read; opaque stores, read by {@link #counters()} for the lag. */
        long cursor;
        /** Slot of {@code cursor}, and the slot count in force there. */
        int slot;
        int slotsInUse;
        long publishedCache;
        /** Sequence {@code peek()} returned, until released; {@link #NONE} otherwise. */
        long held = NONE;
        long delivered;
        boolean joined;
        /** Set while drain runs its handler: a call on this consumer from there is refused (QueueConsumer's re-entry rule). */
        boolean draining;
        /** The thread that parks; set before the waiting bit, read by the producer after clearing it. */
        volatile Thread waiter;
    }

    /** Padding after a consumer's fields. */
    abstract static class ConsumerPadAfter extends ConsumerFields {
        long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;
    }

    private final class Consumer extends ConsumerPadAfter implements BroadcastConsumer {
        private final int index;
        private final long bit;

        // The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's
        // handler too), so the memory is never unmapped while this handle is in an operation.
        private final InFlight inFlight = DeferredUnmap.register(header);

        @Override
        public long lag() {
            boolean outer = inFlight.enter();
            try {
                return lagInside();
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        @Override
        public MemorySegment peek() {
            boolean outer = inFlight.enter();
            try {
                MemorySegment record = peekInside();
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
                releaseInside();
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
                return drainInside(handler, limit);
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
                return pollInside(dst);
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
                return awaitDrainInside(handler);
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        Consumer(int index) {
            this.index = index;
            this.bit = 1L << index;
        }

        RefCountedBroadcastQueue queue() {
            return RefCountedBroadcastQueue.this;
        }

        /** Joins at {@code sequence}; called under the gate. */
        void start(long sequence, int atSlot, int inUse) {
            CURSOR.setOpaque(this, sequence);
            slot = atSlot;
            slotsInUse = inUse;
            publishedCache = sequence;
            held = NONE;
            joined = true;
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public boolean isJoined() {
            return joined;
        }

        private long lagInside() {
            ensureOpen();
            return joined ? Math.max(0, lvPublished() - cursor) : 0;
        }

        private void ensureUsable() {
            ensureOpen();
            if (!joined) {
                throw new IllegalStateException("consumer " + index + " is not joined (it left); join() returns a joined consumer");
            }
        }

        /** Whether record {@code cursor} is published; refreshes the cached sequence only when needed. */
        private boolean available() {
            long q = cursor;
            return q < publishedCache || q < (publishedCache = lvPublished());
        }

        /**
         * The record at the cursor: its row was staged, and its pending count set, before the
         * sequence we acquired. Both are checked (two loads of lines we are about to touch
         * anyway): a record we can see must be in its slot and pending, at least for us.
         */
        private MemorySegment view() {
            int r = checkedRow();
            return window(slot, table[r + POSITION], (int) table[r + LENGTH]);
        }

        /** The row of the record at the cursor, checked as {@link #view()} says. */
        private int checkedRow() {
            int r = row(slot);
            long holds = table[r + SEQUENCE];
            long pending = lvPending(slot);
            if (holds != cursor || pending <= 0) {
                throw new IllegalStateException("consumer " + index + " sees record " + cursor + " in slot " + slot
                        + " but the slot holds record " + holds + " with pending count " + pending
                        + ": a slot was reused while held, or published before it was counted");
            }
            return r;
        }

        /** A peeked record keeps this handle inside its in-flight bracket until release (see holdWhileClaimed). */
        private void holdWhilePeeked() {
            if (held != NONE) {
                inFlight.hold();
            } else {
                inFlight.unhold();
            }
        }

        private MemorySegment peekInside() {
            ensureUsable();
            if (draining) {
                throw QueueChecks.reentered("peek", this);
            }
            if (!available()) {
                return null;
            }
            held = cursor;
            return view();
        }

        private void releaseInside() {
            ensureUsable();
            if (draining) {
                throw QueueChecks.reentered("release", this);
            }
            if (held == NONE) {
                throw new IllegalStateException("consumer " + index + " holds no record: release() needs a record from peek()");
            }
            held = NONE;
            releaseAndAdvance();
            delivered++;
        }

        /** Releases the slot at the cursor and moves the cursor to the next record. */
        void releaseAndAdvance() {
            int s = slot;
            // Releases our reads of the slot to the producer: it may overwrite the slot once the count is 0.
            long before = gaaPending(s, -1);
            if (before <= 0) {
                throw new IllegalStateException("consumer " + index + " released slot " + s + " (record " + cursor
                        + ") but its pending count was " + before + ": released more often than it was published");
            }
            if (before == 1 && PRODUCER_WAITER.getVolatile(RefCountedBroadcastQueue.this) != null) {
                Thread t = (Thread) PRODUCER_WAITER.getAndSet(RefCountedBroadcastQueue.this, (Thread) null);
                if (t != null) {
                    LONGS.getAndAdd(cells, PRODUCER_WAKEUPS, 1L);
                    LockSupport.unpark(t);
                }
            }
            long next = cursor + 1;
            int n = s + 1;
            if (next == adjustAt) {
                slotsInUse = adjustedSlots; // published with record adjustAt - 1, which we held
            }
            if (n >= slotsInUse) {
                n = 0;
            }
            slot = n;
            CURSOR.setOpaque(this, next);
        }

        private int drainInside(RecordHandler handler, int limit) {
            ensureUsable();
            if (draining) {
                throw QueueChecks.reentered("drain", this);
            }
            QueueChecks.checkDrain(handler, limit);
            int n = 0;
            draining = true; // once per drain, not per record
            try {
                while (n < limit && available()) {
                    MemorySegment record = view();
                    try {
                        handler.onRecord(record);
                    } finally {
                        held = NONE; // a handler that throws leaves its record unconsumed, and not held
                    }
                    releaseAndAdvance();
                    n++;
                }
            } finally {
                draining = false;
                delivered += n;
            }
            return n;
        }

        private int pollInside(MemorySegment dst) {
            long room = dst.byteSize(); // the NPE for a null destination, even when empty
            ensureUsable();
            if (draining) {
                throw QueueChecks.reentered("poll", this);
            }
            held = NONE; // a record peek() returned is consumed by this poll, or (bad destination) no longer held
            holdWhilePeeked();
            if (!available()) {
                return EMPTY;
            }
            int r = checkedRow();
            int length = (int) table[r + LENGTH];
            if (length > room || dst.isReadOnly()) {
                QueueChecks.checkDestination(dst, length);
            }
            readSlot(slot, table[r + POSITION], length, dst); // no segment of the record is made
            releaseAndAdvance();
            delivered++;
            return length;
        }

        private int awaitDrainInside(RecordHandler handler) {
            ensureUsable();
            if (draining) {
                throw QueueChecks.reentered("awaitDrain", this);
            }
            for (int step = 0; ; step++) {
                int n = drain(handler, Integer.MAX_VALUE);
                if (n > 0) {
                    return n;
                }
                if (consumerWait.parksAt(step)) {
                    parkUntilPublished(step);
                } else {
                    consumerWait.idle(step);
                }
                ensureOpen();
            }
        }

        /** Registers in the waiting mask, re-checks, parks; the producer unparks on the next publish. */
        private void parkUntilPublished(int step) {
            waiter = Thread.currentThread();
            // Atomic, so volatile: the producer stores the sequence then loads the mask; one of us sees the other.
            LONGS.getAndBitwiseOr(cells, WAITING, bit);
            try {
                if (nothingPublishedSince(cursor)) {
                    consumerWait.idle(step);
                }
            } finally {
                LONGS.getAndBitwiseAnd(cells, WAITING, ~bit); // also when the re-check throws (memory closed)
            }
        }

        @Override
        public String toString() {
            return disciplineName + " consumer " + index + (joined ? " at record " + cursor : " (not joined)");
        }
    }
}
