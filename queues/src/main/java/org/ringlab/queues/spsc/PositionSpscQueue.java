package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.CONSUMER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.MAGIC;
import static org.ringlab.queues.spsc.SpscDescriptor.MAGIC_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.PRODUCER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.RECORD_HEADER_LENGTH;

import static org.ringlab.queues.spsc.SpscDescriptor.CAPACITY_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.api.Capability;
import org.ringlab.api.DeferredUnmap;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.InFlight;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SeamPlacement;
import org.ringlab.queues.support.QueueChecks;

/**
 * Lock-free single-producer single-consumer queue on any {@link RingMemory} (Lamport's ring
 * with the opposite position cached, as in seed 001's driver ring and JCTools' SpscArrayQueue).
 *
 * <p>Positions are byte positions in the ring, 64-bit and monotonic; they live in the memory's
 * header ({@link SpscDescriptor}), so the same queue works across processes on a shared
 * mapping. The producer writes a record with plain stores, then publishes it with a release
 * store of its position; the consumer reads that position with an acquire load before it reads
 * the record, and frees space with a release store of its own position, which the producer
 * reads with an acquire load before it overwrites anything.
 *
 * <p>On memory whose claims and windows are contiguous across the seam (mirrored, doubled) a
 * record never splits and no padding is written. On the others (split, linearize) a record
 * that would cross the seam starts at the next lap instead: variable-length records leave a
 * padding frame, fixed-size records skip by the same rule on both sides. So the queue never
 * makes those strategies stage, gather or rotate: every record is written and read in place.
 * That is the default seam placement, {@link SeamPlacement#PAD}; with
 * {@link SeamPlacement#CROSS} in the spec a record straddles the seam instead, through the
 * strategy's {@code claim}/{@code commit} staging and {@code window} gather, so the strategy's
 * seam code runs at its real cost and no ring space is skipped.
 *
 * <h2>Growth</h2>
 * With a {@link QueueSpec#growth() growth policy} on a {@link GrowableRingMemory}, an offer,
 * batch or claim that finds the ring full grows it instead (to the policy's next capacity,
 * keeping the live bytes from the consumer position to the producer position, so FIFO order
 * and every queued byte survive); past the policy's maximum the offer fails as full. A grow
 * unmaps the old ring <em>and header</em>, so the consumer must not be inside either while it
 * runs, and must see the new mapping, header and capacity afterwards. The positions in the
 * header cannot carry that handshake (the header moves), so it uses two flags in Java fields
 * of this queue, a Dekker pair:
 * <ul>
 *   <li>the consumer enters with a volatile store {@code consumerInside = 1} followed by a
 *       volatile load of {@code growPending}; if a grow is pending it steps out again
 *       ({@code consumerInside = 0}) and waits until the flag clears. It stays inside from
 *       the start of a {@code drain} or {@code peek} to its end or {@code release}, and leaves
 *       with a release store {@code consumerInside = 0};</li>
 *   <li>the producer announces a grow with a volatile store {@code growPending = 1} followed
 *       by a volatile load of {@code consumerInside}. Volatile accesses are sequentially
 *       consistent, so at least one side sees the other's flag: never both inside. When the
 *       consumer is out, the producer grows, re-reads the header and capacity, and clears
 *       {@code growPending} with a release store that publishes all of it to the consumer's
 *       next entry. When the consumer stays inside past a short spin (it holds a record
 *       between {@code peek} and {@code release}, possibly on the producer's own thread), the
 *       producer withdraws the request and the offer fails as full (counted as
 *       {@code growsDeferred}): nobody ever blocks on the other.</li>
 * </ul>
 * Without a growth policy none of this runs: the hot paths only test a final boolean, and the
 * producer reaches the growth code only when the ring is full. Growth needs windows and
 * claims that are contiguous across the seam (the padding rule depends on the capacity).
 * A segment from {@code peek} or a claim stays valid until {@code release} or {@code commit}.
 *
 * <h2>The mirror-view fast path</h2>
 * On a {@link MirrorViewMemory} (every mirrored
 * strategy) and does not grow, records are written and read straight at their offsets in that
 * 2N segment: no claim/commit/window per record, so none of their checks and slices (about a
 * fifth of the cost of a 64-byte record measured against Agrona's ring). The positions and
 * their release/acquire protocol are the same on both paths.
 */
non-sealed class PositionSpscQueue extends SpscRingQueue {
    // Not final only so that the stress tests' broken twins (same-package subclasses in
    // src/test) can override one package-private step each: {@link #write} and
    // {@link #consumerLeft}. Nothing in production subclasses it, so the JIT binds those calls
    // statically (class hierarchy analysis): no flag and no test switch on the hot path.

    private static final VarHandle FLAG;
    /** How long the producer waits for the consumer to leave the ring before it gives up a grow. */
    private static final int GROW_SPINS = 1 << 12;

    static {
        try {
            FLAG = MethodHandles.lookup().findVarHandle(Flag.class, "value", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // header, capacity and mask change only in a grow (producer thread, consumer outside the
    // ring), published to the consumer by the release store that clears growPending.
    private MemorySegment header;
    private long capacity;
    private long mask;
    private final boolean fixed;
    private final int recordSize;
    /** Records never cross the seam: the memory's windows or claims are not contiguous there. */
    private final boolean padded;
    /** The memory's claims or windows copy at the seam: pad and cross place records differently. */
    private final boolean seamCopies;
    /**
     * The memory's mirror view when records go straight into it (see the class comment), else
     * null. Only with fixed-size records: variable records on a mirror view are
     * {@link MirrorViewSpscQueue}'s.
     */
    private final MemorySegment view;
    /** The same, read-only: what peek and drain hand out. */
    private final MemorySegment readView;
    /** Whether a full ring grows: everything below is null/unused when it does not. */
    private final boolean canGrow;
    private final GrowableRingMemory growable;
    private final GrowthPolicy growth;
    private final long granularity;
    /** Written by the producer, read by the consumer; each on a padded line of its own. */
    private final Flag growPending;
    /** Written by the consumer, read by the producer. */
    private final Flag consumerInside;
    private final Producer producer;
    private final Consumer consumer;

    /** Builds the queue, or attaches to the one another process already set up in {@code memory}. */
    PositionSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        super(disciplineName, memory, spec);
        this.header = memory.header();
        this.capacity = memory.capacity();
        this.mask = Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
        this.fixed = spec.mode() == RecordMode.FIXED;
        this.recordSize = spec.recordSize();
        // The memory's type says how to reach it: a mirror view is contiguous across the seam by
        // construction; a segment-path memory is when its claims and windows never copy.
        // Otherwise the spec's seam placement decides: pad to the next lap, or cross through the
        // strategy's own staging and gather.
        boolean seamCopies = !(memory instanceof MirrorViewMemory) && !(memory.capabilities().contains(Capability.ZERO_COPY_CLAIM)
                && memory.capabilities().contains(Capability.ZERO_COPY_WINDOW));
        this.seamCopies = seamCopies;
        this.padded = seamCopies && spec.seam() == SeamPlacement.PAD;
        long maxFrame = fixed ? recordSize : SpscDescriptor.variableFrameLength(recordSize);
        // Padded, a record may have to skip to the next lap: at most half the ring per record
        // keeps an empty queue always able to take the largest one.
        long room = padded ? capacity / 2 : capacity;
        if (maxFrame > room) {
            throw new IllegalArgumentException("a record of " + recordSize + " bytes takes " + maxFrame
                    + " bytes in the ring; the most a ring of " + capacity + " bytes takes here is " + room
                    + (padded ? " (half the ring: " + memory.strategyName() + " windows are not contiguous across the seam and"
                            + " the seam placement is pad; with cross a record may take the whole ring)" : ""));
        }
        if (!fixed && capacity % SpscDescriptor.FRAME_ALIGNMENT != 0) {
            throw new IllegalArgumentException("variable-length records need a capacity that is a multiple of "
                    + SpscDescriptor.FRAME_ALIGNMENT + ", got " + capacity);
        }
        this.growth = spec.growth();
        this.canGrow = growth != null;
        if (canGrow) {
            this.growable = growableMemory(memory, growth, padded);
            this.granularity = memory.granularity();
            long limit = growth.maxCapacity(granularity);
            if (limit < capacity) {
                throw new IllegalArgumentException("growth up to " + growth.maxCapacity() + " bytes"
                        + (limit == growth.maxCapacity() ? "" : " (" + limit + " at granularity " + granularity + ")")
                        + " is below the ring's capacity " + capacity);
            }
            this.growPending = new Flag();
            this.consumerInside = new Flag();
        } else {
            this.growable = null;
            this.granularity = 0;
            this.growPending = null;
            this.consumerInside = null;
        }
        MemorySegment mirror = memory instanceof MirrorViewMemory m && fixed ? m.mirrorView() : null;
        this.view = mirror;
        this.readView = mirror == null ? null : mirror.asReadOnly();
        SpscDescriptor.checkHeaderFits(header);
        initializeOrAttach(header, capacity, spec, seamCopies, SpscDescriptor.PUBLISHED_BY_POSITION, () -> { });
        this.producer = new Producer(lvPosition(PRODUCER_POSITION_OFFSET));
        this.consumer = new Consumer(lvPosition(CONSUMER_POSITION_OFFSET));
    }

    /** The memory as a growable ring, or a message naming the strategy: no silent fallback to a fixed ring. */
    private static GrowableRingMemory growableMemory(RingMemory memory, GrowthPolicy growth, boolean padded) {
        if (!(memory instanceof GrowableRingMemory g)) {
            throw new IllegalArgumentException("the spec asks for growth " + growth + " but " + memory.strategyName()
                    + " memory cannot grow (it is not a GrowableRingMemory): allocate it with a growable"
                    + " strategy such as mirrored-memfd-growable, or drop the growth policy");
        }
        if (padded) {
            throw new IllegalArgumentException("spsc grows only rings whose claims and windows are contiguous across the"
                    + " seam, or with seam placement cross; " + memory.strategyName() + " memory is not contiguous and the"
                    + " placement is pad (its padding depends on the capacity)");
        }
        return g;
    }

    // Memory ordering, named: lv = load with acquire, so = store with release.

    private long lvPosition(long offset) {
        return (long) POSITION.getAcquire(header, offset);
    }

    final void soPosition(long offset, long value) {
        POSITION.setRelease(header, offset, value);
    }

    // The grow handshake's flags (a Dekker pair: the stores that announce and the loads that
    // check are volatile, sequentially consistent; the stores that retract are releases).

    private int lvGrowPending() {
        return (int) FLAG.getVolatile(growPending);
    }

    private void svGrowPending(int value) {
        FLAG.setVolatile(growPending, value);
    }

    private void soGrowPending(int value) {
        FLAG.setRelease(growPending, value);
    }

    private int lvConsumerInside() {
        return (int) FLAG.getVolatile(consumerInside);
    }

    private void svConsumerInside(int value) {
        FLAG.setVolatile(consumerInside, value);
    }

    private void soConsumerInside(int value) {
        FLAG.setRelease(consumerInside, value);
    }

    @Override
    public Map<String, Long> counters() {
        ensureOpen();
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("producerPosition", lvPosition(PRODUCER_POSITION_OFFSET));
        c.put("consumerPosition", lvPosition(CONSUMER_POSITION_OFFSET));
        c.put("recordsOffered", producer.records);
        c.put("failedOffers", producer.failedOffers);
        c.put("recordsConsumed", consumer.records);
        c.put("paddingBytes", producer.paddingBytes);
        if (canGrow) {
            c.put("capacity", capacity);
            c.put("grows", producer.grows);
            c.put("growthBytes", memory.copyCounters().growthBytes());
            c.put("growsDeferred", producer.growsDeferred);
        }
        return c;
    }

    @Override
    QueueProducer producerHandle() {
        return producer;
    }

    @Override
    QueueConsumer consumerHandle() {
        return consumer;
    }

    @Override
    void closeHandles() {
        producer.closed = true;
        consumer.closed = true;
    }

    /** {@code position mod capacity}: a mask for power-of-two rings, a division otherwise. */
    private long offset(long position) {
        return mask >= 0 ? position & mask : position % capacity;
    }

    /** Bytes a record of {@code length} payload bytes takes in the ring. */
    private long frameLength(long length) {
        return fixed ? recordSize : SpscDescriptor.variableFrameLength(length);
    }

    private void checkLength(long length) {
        if (fixed ? length != recordSize : length < 0 || length > recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
    }

    /**
     * Writes one frame at {@code at} with plain stores; the caller publishes it afterwards
     * (a step of its own so that the publish-before-write twin can override it).
     */
    void write(long at, long frame, MemorySegment record, long length) {
        MemorySegment v = view;
        if (v != null) {
            MemorySegment.copy(record, 0, v, offset(at), length); // a view means fixed records here
            return;
        }
        // Segment path: the strategy's own write calls, which make no segment (a claim's slice
        // would be allocated per record); across the seam with cross they copy in two parts.
        if (!fixed) {
            memory.writeInt(at, SpscDescriptor.recordWord(length));
            at += RECORD_HEADER_LENGTH;
        }
        if (length > 0) {
            memory.write(at, record);
        }
    }

    /**
     * The grow handshake's wait (producer thread, {@code growPending} announced): spins a short
     * while for the consumer to be outside the ring; false when it stays. A step of its own so
     * that the grow-under-the-consumer twin can override it.
     */
    boolean consumerLeft() {
        for (int spins = 0; lvConsumerInside() != 0; spins++) {
            if (spins == GROW_SPINS) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    private final class Producer extends CacheLinePadding implements QueueProducer {
        private boolean closed;      // plain: see close()
        private long position;       // next byte to write; published to the header
        private long consumerCache;  // last consumer position read: saves an acquire per offer
        private long claimPosition = FULL;
        private MemorySegment claimed;  // the whole frame of the outstanding claim
        private int claimLength;        // its payload length: a commit may not publish more
        private long records;
        private long failedOffers;
        private long paddingBytes;
        private long grows;
        private long growsDeferred;

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
                return claimInside(length);
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
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        Producer(long position) {
            this.position = position;
            this.consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
        }

        private void ensureOpen() {
            if (closed) {
                throw closedException();
            }
        }

        /** Where a frame of {@code frame} bytes starts, writing padding if needed; FULL when it doesn't fit. */
        private long reserve(long from, long frame) {
            long start = from;
            if (padded) {
                long offset = offset(from);
                if (offset + frame > capacity) {
                    start = from + capacity - offset;
                }
            }
            long end = start + frame;
            if (end - consumerCache > capacity) {
                consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
                if (end - consumerCache > capacity && !(canGrow && grow(from, end))) {
                    return FULL;
                }
            }
            if (start != from) {
                writePadding(from, start - from);
            }
            return start;
        }

        /**
         * Grows the ring so that {@code [consumer position, end)} fits, keeping the bytes up to
         * {@code liveTo} (written, perhaps not yet published: a batch). False when that would
         * pass the policy's maximum, or the consumer stayed inside the ring.
         */
        private boolean grow(long liveTo, long end) {
            if (!growth.canGrowTo(end - consumerCache, granularity)) {
                return false;
            }
            svGrowPending(1);
            try {
                if (!consumerLeft()) {
                    growsDeferred++;
                    return false;
                }
                long liveFrom = lvPosition(CONSUMER_POSITION_OFFSET); // stable: the consumer is outside
                consumerCache = liveFrom;
                if (end - liveFrom <= capacity) {
                    return true; // it freed enough on its way out
                }
                long next = growth.nextCapacity(capacity, end - liveFrom, granularity);
                growable.grow(next, liveFrom, liveTo);
                header = memory.header(); // same bytes, new address: the old segment is unmapped
                capacity = next;
                mask = Long.bitCount(next) == 1 ? next - 1 : -1;
                header.set(ValueLayout.JAVA_LONG, CAPACITY_OFFSET, next); // keeps the descriptor true
                grows++;
                return true;
            } finally {
                // Publishes the grown ring (the memory's new mapping, header, capacity, mask) to
                // the consumer's next entry, or withdraws a request it did not wait for.
                soGrowPending(0);
            }
        }

        private void writePadding(long at, long length) {
            paddingBytes += length;
            if (!fixed) {
                memory.writeInt(at, (int) -length); // the rest of the padding is never read
            }
        }

        private boolean offerInside(MemorySegment record) {
            ensureOpen();
            long length = record.byteSize(); // the NPE for a null record
            if (claimPosition != FULL) {
                throw QueueChecks.claimOutstanding(claimLength);
            }
            checkLength(length);
            long frame = frameLength(length);
            long at = reserve(position, frame);
            if (at == FULL) {
                failedOffers++;
                return false;
            }
            write(at, frame, record, length);
            position = at + frame;
            records++;
            // Publishes the record written above (and any padding before it).
            soPosition(PRODUCER_POSITION_OFFSET, position);
            return true;
        }

        private int offerInside(MemorySegment[] records, int offset, int count) {
            ensureOpen();
            QueueChecks.checkBatch(spec, records, offset, count);
            if (claimPosition != FULL) {
                throw QueueChecks.claimOutstanding(claimLength);
            }
            long at = position;
            int written = 0;
            for (int i = offset, end = offset + count; i < end; i++) {
                MemorySegment record = records[i];
                long length = record.byteSize();
                checkLength(length);
                long frame = frameLength(length);
                long start = reserve(at, frame);
                if (start == FULL) {
                    failedOffers++;
                    break;
                }
                write(start, frame, record, length);
                at = start + frame;
                written++;
            }
            if (written > 0) {
                position = at;
                this.records += written;
                // Publishes the whole batch with one store.
                soPosition(PRODUCER_POSITION_OFFSET, at);
            }
            return written;
        }

        private MemorySegment claimInside(int length) {
            ensureOpen();
            checkLength(length);
            long frame = frameLength(length);
            long at = reserve(position, frame);
            if (at == FULL) {
                failedOffers++;
                claimPosition = FULL;
                inFlight.unhold();
                return null;
            }
            // Padding before the claim is already in the ring (unpublished): a claim that
            // replaces this one starts after it, never backwards over it.
            position = at;
            claimPosition = at;
            inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
            claimLength = length;
            MemorySegment dst = view != null ? view.asSlice(offset(at), frame) : memory.claim(at, frame);
            claimed = dst;
            return fixed ? dst : dst.asSlice(RECORD_HEADER_LENGTH, length);
        }

        private void commitInside(int length) {
            ensureOpen();
            long at = claimPosition;
            if (at == FULL) {
                throw new IllegalStateException("commit(" + length + ") without a successful claim");
            }
            checkLength(length);
            if (length > claimLength) {
                // Its frame would run past what the claim reserved, over bytes the consumer may not have read.
                throw new IllegalArgumentException("commit of " + length + " bytes: the claim was for " + claimLength);
            }
            long frame = frameLength(length);
            if (!fixed) {
                claimed.set(ValueLayout.JAVA_INT, 0, SpscDescriptor.recordWord(length));
            }
            if (view == null) {
                memory.commit(at, frame);
            }
            claimPosition = FULL;
            inFlight.unhold();
            claimed = null;
            position = at + frame;
            records++;
            // Publishes the record the caller wrote into the claim.
            soPosition(PRODUCER_POSITION_OFFSET, position);
        }
    }

    private final class Consumer extends CacheLinePadding implements QueueConsumer {
        private boolean closed;      // plain: see close()
        private long position;       // next byte to read; published to the header
        private long producerCache;  // last producer position read
        private long pendingEnd = FULL; // end of the record peek() returned
        private int nextLength = -1;    // padded variable rings: the length nextRecord() already read, else -1
        private long records;
        private boolean inside;        // growable rings: inside the ring (consumerInside is 1)

        // The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's
        // handler too), so the memory is never unmapped while this handle is in an operation.
        private final InFlight inFlight = DeferredUnmap.register(header);

        @Override
        public MemorySegment peek() {
            boolean outer = inFlight.enter();
            try {
                return peekInside();
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

        Consumer(long position) {
            this.position = position;
            this.producerCache = position;
        }

        private void ensureOpen() {
            if (closed) {
                throw closedException();
            }
        }

        /** Start of the next record at or after {@code from}, skipping padding; FULL when none is published. */
        private long nextRecord(long from) {
            if (from >= producerCache) {
                producerCache = lvPosition(PRODUCER_POSITION_OFFSET);
                if (from >= producerCache) {
                    return FULL;
                }
            }
            // Padding and the record after it were published by the same store: both are visible.
            if (padded) {
                long offset = offset(from);
                if (fixed) {
                    if (offset + recordSize > capacity) {
                        return from + capacity - offset;
                    }
                } else {
                    int word = memory.readInt(from);
                    if (word < 0) {
                        return from - word; // padding
                    }
                    int length = SpscDescriptor.recordLength(word);
                    nextLength = length; // read() needs it next: one window per header, not two
                }
            }
            return from;
        }

        /** The record's payload at {@code at}; sets {@code end} to the position after its frame. */
        private MemorySegment read(long at) {
            MemorySegment v = readView;
            if (v != null) { // fixed records (see view)
                pendingEnd = at + recordSize;
                inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
                return v.asSlice(offset(at), recordSize);
            }
            if (fixed) {
                pendingEnd = at + recordSize;
                inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
                return memory.window(at, recordSize);
            }
            int length = nextLength >= 0 ? nextLength : SpscDescriptor.recordLength(memory.readInt(at));
            nextLength = -1;
            pendingEnd = at + SpscDescriptor.variableFrameLength(length);
            inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
            return memory.window(at + RECORD_HEADER_LENGTH, length);
        }

        /** Growable rings: enters once no grow is pending; a grow then waits until it leaves. */
        private void enterRing() {
            if (inside) {
                return; // still holding the record peek() returned
            }
            svConsumerInside(1);
            while (lvGrowPending() != 0) {
                // Step out so that the grow can run, and wait for its publication.
                soConsumerInside(0);
                while (lvGrowPending() != 0) {
                    Thread.onSpinWait();
                }
                svConsumerInside(1);
            }
            inside = true;
        }

        private void leaveRing() {
            if (inside) {
                inside = false;
                // Tells the producer this consumer's accesses to the ring and header are over.
                soConsumerInside(0);
            }
        }

        private MemorySegment peekInside() {
            ensureOpen();
            if (!canGrow) {
                return peekRing();
            }
            enterRing();
            MemorySegment record = null;
            try {
                record = peekRing();
                return record;
            } finally {
                if (record == null) {
                    leaveRing(); // nothing held: a grow may run
                }
            }
        }

        private MemorySegment peekRing() {
            long at = nextRecord(position);
            if (at == FULL) {
                return null;
            }
            return read(at);
        }

        private void releaseInside() {
            ensureOpen();
            long end = pendingEnd;
            if (end == FULL) {
                throw new IllegalStateException("release() without a record from peek()");
            }
            pendingEnd = FULL;
            inFlight.unhold();
            position = end;
            records++;
            // Frees the record's bytes for the producer: it may overwrite them after this store.
            soPosition(CONSUMER_POSITION_OFFSET, end);
            if (canGrow) {
                leaveRing();
            }
        }

        private int drainInside(RecordHandler handler, int limit) {
            ensureOpen();
            QueueChecks.checkDrain(handler, limit);
            if (!canGrow) {
                return drainRing(handler, limit);
            }
            enterRing();
            try {
                return drainRing(handler, limit);
            } finally {
                leaveRing();
            }
        }

        private int drainRing(RecordHandler handler, int limit) {
            long at = position;
            int n = 0;
            try {
                while (n < limit) {
                    long start = nextRecord(at);
                    if (start == FULL) {
                        break;
                    }
                    handler.onRecord(read(start));
                    at = pendingEnd;
                    n++;
                }
            } finally {
                // A handler that throws leaves its record and those after it queued; the ones
                // before it are consumed.
                pendingEnd = FULL;
                inFlight.unhold();
                nextLength = -1;
                if (n > 0) {
                    position = at;
                    records += n;
                    // Frees every drained record with one store.
                    soPosition(CONSUMER_POSITION_OFFSET, at);
                }
            }
            return n;
        }

        private int pollInside(MemorySegment dst) {
            long room = dst.byteSize(); // the NPE for a null destination, even when empty
            if (view != null) {
                return pollView(dst, room);
            }
            ensureOpen();
            if (!canGrow) {
                return pollSegment(dst, room);
            }
            enterRing();
            try {
                return pollSegment(dst, room);
            } finally {
                leaveRing();
            }
        }

        /** poll through the memory's own read calls: one copy out, no window segment made. */
        private int pollSegment(MemorySegment dst, long room) {
            long at = nextRecord(position);
            if (at == FULL) {
                return EMPTY;
            }
            int length;
            long payload;
            if (fixed) {
                length = recordSize;
                payload = at;
            } else {
                length = nextLength >= 0 ? nextLength : SpscDescriptor.recordLength(memory.readInt(at));
                nextLength = -1;
                payload = at + RECORD_HEADER_LENGTH;
            }
            if (length > room || dst.isReadOnly()) {
                QueueChecks.checkDestination(dst, length);
            }
            if (length > 0) {
                memory.read(payload, dst, 0, length);
            }
            long end = at + frameLength(length);
            pendingEnd = FULL; // a record peek() returned is consumed too
            inFlight.unhold();
            position = end;
            records++;
            // Frees the record's bytes for the producer: it may overwrite them after this store.
            soPosition(CONSUMER_POSITION_OFFSET, end);
            return length;
        }

        /** poll on the mirror view: one copy out of the ring, no segment made (never a growable ring). */
        private int pollView(MemorySegment dst, long room) {
            ensureOpen();
            long at = nextRecord(position);
            if (at == FULL) {
                return EMPTY;
            }
            MemorySegment v = view;
            long o = offset(at);
            int length = recordSize; // fixed records (see view)
            if (length > room || dst.isReadOnly()) {
                QueueChecks.checkDestination(dst, length);
            }
            MemorySegment.copy(v, o, dst, 0, length);
            long end = at + length;
            pendingEnd = FULL; // a record peek() returned is consumed too
            inFlight.unhold();
            position = end;
            records++;
            // Frees the record's bytes for the producer: it may overwrite them after this store.
            soPosition(CONSUMER_POSITION_OFFSET, end);
            return length;
        }
    }

    /** One flag of the grow handshake, alone on its cache lines. */
    private static final class Flag extends CacheLinePadding {
        int value;
        long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;
    }
}
