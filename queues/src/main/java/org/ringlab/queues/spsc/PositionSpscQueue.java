package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.CONSUMER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.PRODUCER_POSITION_OFFSET;

import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.support.QueueChecks;

/**
 * The core of every position-published {@code spsc} queue (Lamport's ring with the opposite
 * position cached, as in seed 001's driver ring and JCTools' SpscArrayQueue): the producer and
 * consumer handles, their checks and their release/acquire protocol, once. Each final subclass
 * is one memory shape and record mode and supplies only the steps that differ (how a frame is
 * sized, placed at the seam, written and read); {@link SpscRingQueue#create} picks it from the
 * memory's type and the spec, so no hot path tests a mode flag:
 * <ul>
 *   <li>{@link GrowableSpscQueue}, {@link FixedGrowableSpscQueue}: a growth policy on a
 *       {@link org.ringlab.api.GrowableRingMemory} (the growable mirror);</li>
 *   <li>{@link FixedSlotSpscQueue}, {@link PaddedFixedSlotSpscQueue},
 *       {@link FixedMirrorViewSpscQueue}: fixed-size records.</li>
 * </ul>
 * Variable-length records on a segment path without growth publish through their length
 * word instead ({@link WordSegmentSpscQueue}).
 *
 * <p>Positions are byte positions in the ring, 64-bit and monotonic; they live in the memory's
 * header ({@link SpscDescriptor}), so the same queue works across processes on a shared
 * mapping. The producer writes a record with plain stores, then publishes it with a release
 * store of its position; the consumer reads that position with an acquire load before it reads
 * the record, and frees space with a release store of its own position, which the producer
 * reads with an acquire load before it overwrites anything.
 *
 * <p>A claim hands out a segment the queue does not keep (so escape analysis can remove it
 * where the caller does not keep it either); a segment from {@code peek} or a claim stays
 * valid until {@code release} or {@code commit}.
 */
abstract non-sealed class PositionSpscQueue extends SpscRingQueue {

    // header, capacity and mask change only in a grow (producer thread, consumer outside the
    // ring), published to the consumer by the release store that ends the grow handshake.
    MemorySegment header;
    long capacity;
    long mask;
    final int recordSize;
    final Producer producer;
    final Consumer consumer;

    /** Builds the queue, or attaches to the one another process already set up in {@code memory}. */
    PositionSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec, boolean seamCopies, long room) {
        super(disciplineName, memory, spec);
        this.header = memory.header();
        this.capacity = memory.capacity();
        this.mask = maskOf(capacity);
        this.recordSize = spec.recordSize();
        long maxFrame = maxFrame();
        if (maxFrame > room) {
            throw new IllegalArgumentException("a record of " + recordSize + " bytes takes " + maxFrame
                    + " bytes in the ring; the most a ring of " + capacity + " bytes takes here is " + room
                    + (room < capacity ? " (half the ring: " + memory.strategyName() + " windows are not contiguous across"
                            + " the seam and the seam placement is pad; with cross a record may take the whole ring)" : ""));
        }
        SpscDescriptor.checkHeaderFits(header);
        initializeOrAttach(header, capacity, spec, seamCopies, SpscDescriptor.PUBLISHED_BY_POSITION, () -> { });
        this.producer = new Producer(lvPosition(PRODUCER_POSITION_OFFSET));
        this.consumer = new Consumer(lvPosition(CONSUMER_POSITION_OFFSET));
    }

    static long maskOf(long capacity) {
        return Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
    }

    /** Whether the memory's claims or windows copy at the seam: pad and cross then place records differently. */
    static boolean seamCopies(RingMemory memory) {
        return !(memory instanceof org.ringlab.api.MirrorViewMemory)
                && !(memory.capabilities().contains(org.ringlab.api.Capability.ZERO_COPY_CLAIM)
                        && memory.capabilities().contains(org.ringlab.api.Capability.ZERO_COPY_WINDOW));
    }

    // Memory ordering, named: lv = load with acquire, so = store with release.

    final long lvPosition(long offset) {
        return (long) POSITION.getAcquire(header, offset);
    }

    final void soPosition(long offset, long value) {
        POSITION.setRelease(header, offset, value);
    }

    /** {@code position mod capacity}: a mask for power-of-two rings, a division otherwise. */
    final long offset(long position) {
        long m = mask;
        return m >= 0 ? position & m : position % capacity;
    }

    // ---- The steps a shape supplies (producer thread unless said otherwise) ----

    /** The largest frame a record of the spec takes (constructor only). */
    abstract long maxFrame();

    /** Bytes a record of {@code length} payload bytes takes in the ring. */
    abstract long frameLength(long length);

    /** Throws (the spec's message) unless {@code length} is a record length the spec allows. */
    abstract void checkLength(long length);

    /** Where a frame of {@code frame} bytes goes when the next byte is {@code from}: {@code from}, or the next lap. */
    long place(long from, long frame) {
        return from;
    }

    /** Marks {@code [at, at + length)} as padding (only shapes whose {@link #place} skips). */
    void writePadding(long at, long length) {
        throw new AssertionError("padding on a queue that never pads");
    }

    /**
     * Writes one frame at {@code at} with plain stores; the caller publishes it afterwards
     * (a step of its own so that the publish-before-write twin can override it).
     */
    abstract void write(long at, MemorySegment record, long length);

    /** The payload segment of a claim of {@code length} bytes in a frame of {@code frame} bytes at {@code at}. */
    abstract MemorySegment claimFrame(long at, long frame, int length);

    /** Makes the claimed frame at {@code at} a record of {@code length} bytes (the claim was for {@code claimed}). */
    abstract void commitFrame(long at, int length, int claimed);

    /**
     * Grows the ring so that a frame ending at {@code end} fits, keeping the bytes up to
     * {@code liveTo}; false when it cannot (never, on a ring without growth). Cold: only when full.
     */
    boolean grow(long liveTo, long end) {
        return false;
    }

    /**
     * The grow handshake's wait (producer thread, a grow announced): whether the consumer is
     * outside the ring. A step of its own so that the grow-under-the-consumer twin can override it.
     */
    boolean consumerLeft(GrowHandshake handshake) {
        return handshake.consumerLeft();
    }

    /** Consumer: the start of the record at or after {@code from} (skipping padding), {@code from} is published. */
    long skip(Consumer c, long from) {
        return from;
    }

    /** Consumer: the payload length of the record at {@code at}. */
    abstract int recordLength(Consumer c, long at);

    /** Consumer: copies the payload of the record at {@code at} ({@code length} bytes) to {@code dst}. */
    abstract void readPayload(long at, MemorySegment dst, int length);

    /** Consumer: the payload of the record at {@code at}, read-only, valid until its release. */
    abstract MemorySegment window(long at, int length);

    /** Consumer: enters the ring before an operation (growable rings: the grow handshake). */
    void enterRing(Consumer c) {
    }

    /** Consumer: leaves the ring after an operation (growable rings: the grow handshake). */
    void leaveRing(Consumer c) {
    }

    /** Counters a shape adds (growth). */
    void addCounters(Map<String, Long> c) {
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
        addCounters(c);
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

    final class Producer extends CacheLinePadding implements QueueProducer {
        boolean closed;      // plain: see close()
        long position;       // next byte to write; published to the header
        long consumerCache;  // last consumer position read: saves an acquire per offer
        long claimPosition = FULL;
        int claimLength;     // the outstanding claim's payload length: a commit may not publish more
        long records;
        long failedOffers;
        long paddingBytes;

        // The in-flight bracket (DeferredUnmap): every operation runs inside it, so the memory
        // is never unmapped while this handle is in an operation.
        private final InFlight inFlight = DeferredUnmap.register(header);

        Producer(long position) {
            this.position = position;
            this.consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
        }

        /**
         * The whole one-record path in the handle's method, as on the mirror view: every method
         * between the caller and the strategy's copy that C1 does not inline is compiled by C2
         * on its own first, and a compiled body holding a segment copy is over C2's
         * InlineSmallCode, so the caller's compile then calls it instead of inlining it
         * ("already compiled into a big method": a real call and a spilled frame per record).
         * One level fewer is one such boundary fewer.
         */
        @Override
        public boolean offer(MemorySegment record) {
            boolean outer = inFlight.enter();
            try {
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
                write(at, record, length);
                position = at + frame;
                records++;
                // Publishes the record written above (and any padding before it).
                soPosition(PRODUCER_POSITION_OFFSET, position);
                return true;
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

        private void ensureOpen() {
            if (closed) {
                throw closedException();
            }
        }

        /** Where a frame of {@code frame} bytes starts, writing padding if needed; FULL when it doesn't fit. */
        private long reserve(long from, long frame) {
            long start = place(from, frame);
            long end = start + frame;
            if (end - consumerCache > capacity && !refresh(from, end)) {
                return FULL;
            }
            if (start != from) {
                paddingBytes += start - from;
                writePadding(from, start - from);
            }
            return start;
        }

        /** The cache says full: re-reads the consumer position, then grows if the shape can. Cold. */
        private boolean refresh(long from, long end) {
            return fitsAfterRefresh(end) || grow(from, end);
        }

        /** Whether a frame ending at {@code end} fits, re-reading the consumer position only when the cache says full; never grows, writes nothing. */
        private boolean fitsQuietly(long end) {
            return end - consumerCache <= capacity || fitsAfterRefresh(end);
        }

        private boolean fitsAfterRefresh(long end) {
            consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
            return end - consumerCache <= capacity;
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
                long frame = frameLength(length);
                long start = reserve(at, frame);
                if (start == FULL) {
                    failedOffers++;
                    break;
                }
                write(start, record, length);
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
            claimLength = length;
            inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
            return claimFrame(at, frame, length);
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
            commitFrame(at, length, claimLength);
            claimPosition = FULL;
            inFlight.unhold();
            position = at + frameLength(length);
            records++;
            // Publishes the record the caller wrote into the claim.
            soPosition(PRODUCER_POSITION_OFFSET, position);
        }
    }

    final class Consumer extends CacheLinePadding implements QueueConsumer {
        boolean closed;       // plain: see close()
        /** Set while drain runs its handler: a call on this consumer from there is refused (QueueConsumer's re-entry rule). */
        boolean draining;
        long position;        // next byte to read; published to the header
        long producerCache;   // last producer position read
        long pendingEnd = FULL; // end of the record peek() returned
        long records;
        boolean inside;       // growable rings: inside the ring (the handshake's flag is 1)

        // The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's
        // handler too), so the memory is never unmapped while this handle is in an operation.
        private final InFlight inFlight = DeferredUnmap.register(header);

        Consumer(long position) {
            this.position = position;
            this.producerCache = position;
        }

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

        /** One copy out through the shape's read step, no window made; in one method for the reason {@code offer} is. */
        @Override
        public int poll(MemorySegment dst) {
            boolean outer = inFlight.enter();
            try {
                long room = dst.byteSize(); // the NPE for a null destination, even when empty
                ensureOpen();
                if (draining) {
                    throw reentered("poll", position);
                }
                enterRing(this);
                try {
                    long at = nextRecord(position);
                    if (at == FULL) {
                        return EMPTY;
                    }
                    int length = recordLength(this, at);
                    if (length > room || dst.isReadOnly()) {
                        QueueChecks.checkDestination(dst, length);
                    }
                    readPayload(at, dst, length);
                    pendingEnd = FULL; // a record peek() returned is consumed too
                    inFlight.unhold();
                    consumed(at + frameLength(length), 1);
                    return length;
                } finally {
                    leaveRing(this);
                }
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
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
            return skip(this, from);
        }

        /** The record's payload at {@code at}; sets {@code pendingEnd} to the position after its frame. */
        private MemorySegment read(long at) {
            int length = recordLength(this, at);
            pendingEnd = at + frameLength(length);
            inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
            return window(at, length);
        }

        private MemorySegment peekInside() {
            ensureOpen();
            if (draining) {
                throw reentered("peek", position);
            }
            enterRing(this);
            MemorySegment record = null;
            try {
                long at = nextRecord(position);
                if (at != FULL) {
                    record = read(at);
                }
                return record;
            } finally {
                if (record == null) {
                    leaveRing(this); // nothing held: a grow may run
                }
            }
        }

        private void releaseInside() {
            ensureOpen();
            if (draining) {
                throw reentered("release", position);
            }
            long end = pendingEnd;
            if (end == FULL) {
                throw new IllegalStateException("release() without a record from peek()");
            }
            pendingEnd = FULL;
            inFlight.unhold();
            consumed(end, 1);
            leaveRing(this);
        }

        /** Frees everything up to {@code end} with one store. */
        private void consumed(long end, int count) {
            position = end;
            records += count;
            // Frees the consumed records' bytes for the producer: it may overwrite them after this store.
            soPosition(CONSUMER_POSITION_OFFSET, end);
        }

        /**
         * The drain in one method, its read step written out: the window each record is handed in
         * is made a few calls below the caller's drain (napi adds one more), so that C2 inlines
         * down to the slice and escape analysis removes it with room to spare in its inlining depth.
         */
        private int drainInside(RecordHandler handler, int limit) {
            ensureOpen();
            if (draining) {
                throw reentered("drain", position);
            }
            QueueChecks.checkDrain(handler, limit);
            enterRing(this);
            long at = position;
            int n = 0;
            draining = true; // once per drain, not per record
            try {
                while (n < limit) {
                    long start = nextRecord(at);
                    if (start == FULL) {
                        break;
                    }
                    int length = recordLength(this, start);
                    long end = start + frameLength(length);
                    pendingEnd = end;
                    inFlight.hold(); // as read(): the handler may keep the record until it returns
                    handler.onRecord(window(start, length));
                    at = end; // only once the handler returned: a record whose handler threw stays queued
                    n++;
                }
            } finally {
                draining = false;
                // A handler that throws leaves its record and those after it queued; the ones
                // before it are consumed, freed with one store.
                pendingEnd = FULL;
                inFlight.unhold();
                if (n > 0) {
                    consumed(at, n);
                }
                leaveRing(this);
            }
            return n;
        }
    }

    /** {@link SpscRingQueue#fitAfter} by the producer's own placement and fit rule, writing nothing (see there). */
    @Override
    public long fitAfter(long after, int length) {
        Producer p = producer;
        boolean outer = p.inFlight.enter(); // the header read below: inside the close rule's bracket
        try {
            p.ensureOpen();
            checkLength(length);
            long frame = frameLength(length);
            long end = place(fitFrom(after, p.position), frame) + frame;
            return p.fitsQuietly(end) ? end : NO_FIT;
        } finally {
            if (outer) {
                p.inFlight.exit();
            }
        }
    }
}
