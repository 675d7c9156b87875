package org.ringlab.queues.baseline;

import static org.ringlab.queues.baseline.CopyPerConsumerDescriptor.MAGIC;
import static org.ringlab.queues.baseline.CopyPerConsumerDescriptor.MAGIC_OFFSET;
import static org.ringlab.queues.baseline.CopyPerConsumerDescriptor.RECORD_HEADER_LENGTH;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.api.DeferredUnmap;
import org.ringlab.api.InFlight;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.queues.support.QueueChecks;

/**
 * The copy-per-consumer baseline: one producer, N consumers, and every record copied N times,
 * once into each consumer's own ring, as taskBus did before its 2024-09 redesign (seed 003).
 *
 * <p>Which memory: the given {@link RingMemory} is cut into N sub-rings
 * ({@link CopyPerConsumerDescriptor}), each a single-producer single-consumer ring with spsc's
 * position logic (byte positions in the memory's header, acquire/release, length-prefixed
 * frames, padding at the sub-ring's end). Not N separate memories: a discipline is handed one
 * memory, and comparing broadcast against rings in another kind of memory (heap arrays, fresh
 * allocations) would measure the memory, not the copies. The price is that each consumer gets
 * 1/N of the capacity, and that the sub-rings are never contiguous across their own end, so
 * records are padded there on every strategy (mirrored ones included).
 *
 * <p>The memory has one writer and positions that never go backwards: the producer maps a
 * sub-ring's offset to the next parent position at or after the end of its last write with
 * that offset modulo the capacity (about one lap per record). Consumers read through windows
 * at the offset alone; no strategy distinguishes laps on read.
 *
 * <p>An offer is all or nothing: it copies the record into every sub-ring only when every
 * one has room, so the slowest consumer sets the pace, as with broadcast.
 */
// Not final only so that a same-package test twin can override writeCopies; nothing in
// production subclasses it.
public class CopyPerConsumerQueue implements RecordQueue {

    private static final VarHandle POSITION = ValueLayout.JAVA_LONG.varHandle();
    private static final long FULL = -1;

    private final String disciplineName;
    private final RingMemory memory;
    private final QueueSpec spec;
    private final MemorySegment header;
    private final long capacity;
    private final boolean fixed;
    private final int recordSize;
    private final long subRingSize;
    private final int n;
    private final Producer producer;
    private final Consumer[] consumers;
    private volatile boolean closed;

    public CopyPerConsumerQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        spec.requireNoGrowth(disciplineName);
        if (!memory.isOpen()) {
            throw new IllegalStateException("cannot build a " + disciplineName + " queue on closed memory");
        }
        this.disciplineName = disciplineName;
        this.memory = memory;
        this.spec = spec;
        this.header = memory.header();
        this.capacity = memory.capacity();
        this.fixed = spec.mode() == RecordMode.FIXED;
        this.recordSize = spec.recordSize();
        this.n = spec.consumers();
        CopyPerConsumerDescriptor.checkConsumers(n, header.byteSize());
        long maxFrame = fixed ? recordSize : CopyPerConsumerDescriptor.variableFrameLength(recordSize);
        this.subRingSize = CopyPerConsumerDescriptor.subRingSize(capacity, n, maxFrame, recordSize);
        CopyPerConsumerDescriptor.checkFresh(header);
        CopyPerConsumerDescriptor.writeFields(header, capacity, subRingSize, spec);
        // Publishes the descriptive fields to anyone reading the header.
        POSITION.setRelease(header, MAGIC_OFFSET, MAGIC);
        this.producer = new Producer();
        this.consumers = new Consumer[n];
        for (int c = 0; c < n; c++) {
            consumers[c] = new Consumer(c);
        }
    }

    // Memory ordering, named: lv = load with acquire, so = store with release.

    private long lvPosition(long offset) {
        return (long) POSITION.getAcquire(header, offset);
    }

    /**
     * Writes one record into every sub-ring (the N copies this baseline is about); {@code offer}
     * publishes them afterwards. The one step the broken twin in the tests overrides.
     */
    void writeCopies(Producer producer, MemorySegment record, long length, long frame) {
        for (int c = 0; c < n; c++) {
            producer.writeFrame(c, record, length, frame);
        }
    }

    void soPosition(long offset, long value) {
        POSITION.setRelease(header, offset, value);
    }

    @Override
    public String disciplineName() {
        ensureOpen();
        return disciplineName;
    }

    @Override
    public QueueSpec spec() {
        ensureOpen();
        return spec;
    }

    @Override
    public RingMemory memory() {
        ensureOpen();
        return memory;
    }

    @Override
    public QueueProducer producer() {
        ensureOpen();
        return producer;
    }

    @Override
    public QueueConsumer consumer(int index) {
        ensureOpen();
        if (index < 0 || index >= n) {
            throw new IndexOutOfBoundsException("copy-per-consumer queue has consumers 0.." + (n - 1) + ", asked for " + index);
        }
        return consumers[index];
    }

    @Override
    public Map<String, Long> counters() {
        ensureOpen();
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("recordsOffered", producer.records);
        c.put("failedOffers", producer.failedOffers);
        c.put("bytesOffered", producer.bytes);
        c.put("bytesCopied", producer.bytes * n);
        c.put("paddingBytes", producer.paddingBytes);
        c.put("subRingSize", subRingSize);
        long maxLag = 0;
        for (Consumer k : consumers) {
            long lag = producer.records - k.records;
            maxLag = Math.max(maxLag, lag);
            c.put("consumer." + k.index + ".lag", lag);
            c.put("consumer." + k.index + ".delivered", k.records);
        }
        c.put("maxLag", maxLag);
        return c;
    }

    @Override
    public void close() {
        closed = true;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException(disciplineName + " queue is closed");
        }
    }

    private long frameLength(long length) {
        return fixed ? recordSize : CopyPerConsumerDescriptor.variableFrameLength(length);
    }

    private int checkLength(long length) {
        if (fixed ? length != recordSize : length < 0 || length > recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
        return (int) length;
    }

    /** Offset in the ring of byte {@code position} of sub-ring {@code c}. */
    private long offset(int c, long position) {
        return c * subRingSize + position % subRingSize;
    }

    final class Producer implements QueueProducer {
        private final long[] positions = new long[n];       // next byte to write, per sub-ring
        private final long[] consumerCache = new long[n];   // last consumer position read, per sub-ring
        private final long[] starts = new long[n];          // where the record being offered starts
        private long parentEnd;                             // end of the last write in the parent ring
        private boolean claimOpen;
        private int claimLength;
        private long claimParent;
        private MemorySegment claimed;  // the whole frame of the outstanding claim

        // The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's
        // handler too), so the memory is never unmapped while this handle is in an operation
        // or while its caller holds a claim or a peeked record (hold/unhold).
        private final InFlight inFlight = DeferredUnmap.register(header);

        private void holdWhile(boolean holding) {
            if (holding) {
                inFlight.hold();
            } else {
                inFlight.unhold();
            }
        }
        private long records;
        private long bytes;
        private long failedOffers;
        private long paddingBytes;

        /** Where a frame starts in sub-ring {@code c} (after padding if needed); FULL when it doesn't fit. */
        private long reserve(int c, long frame) {
            long from = positions[c];
            long start = from;
            long inRing = from % subRingSize;
            if (inRing + frame > subRingSize) {
                start = from + subRingSize - inRing;
            }
            long end = start + frame;
            if (end - consumerCache[c] > subRingSize) {
                consumerCache[c] = lvPosition(CopyPerConsumerDescriptor.consumerPositionOffset(c));
                if (end - consumerCache[c] > subRingSize) {
                    return FULL;
                }
            }
            return start;
        }

        /** Reserves {@code frame} bytes in every sub-ring, or none: false when one is full. */
        /** Where sub-ring {@code c}'s frame reserved by the current offer starts. */
        long reservedStart(int c) {
            return starts[c];
        }

        private boolean reserveAll(long frame) {
            for (int c = 0; c < n; c++) {
                long start = reserve(c, frame);
                if (start == FULL) {
                    return false;
                }
                starts[c] = start;
            }
            return true;
        }

        /** The parent position of sub-ring {@code c}'s byte {@code position}: the next one at or after parentEnd. */
        private long parentPosition(int c, long position) {
            long target = offset(c, position);
            long at = parentEnd - parentEnd % capacity + target;
            return at < parentEnd ? at + capacity : at;
        }

        private void writePadding(int c, long length) {
            paddingBytes += length;
            if (!fixed) {
                long at = parentPosition(c, positions[c]);
                memory.claim(at, length).set(ValueLayout.JAVA_INT, 0, (int) -length);
                memory.commit(at, length);
                parentEnd = at + length;
            }
        }

        /** Writes the frame (length prefix and payload) of {@code record} at {@code starts[c]} in sub-ring {@code c}. */
        private void writeFrame(int c, MemorySegment record, long length, long frame) {
            if (starts[c] != positions[c]) {
                writePadding(c, starts[c] - positions[c]);
            }
            long at = parentPosition(c, starts[c]);
            MemorySegment dst = memory.claim(at, frame);
            if (fixed) {
                MemorySegment.copy(record, 0, dst, 0, length);
            } else {
                dst.set(ValueLayout.JAVA_INT, 0, (int) length);
                MemorySegment.copy(record, 0, dst, RECORD_HEADER_LENGTH, length);
            }
            memory.commit(at, frame);
            parentEnd = at + frame;
            positions[c] = starts[c] + frame;
        }

        private void publishAll() {
            for (int c = 0; c < n; c++) {
                // Publishes the records written into sub-ring c (and any padding before them).
                soPosition(CopyPerConsumerDescriptor.producerPositionOffset(c), positions[c]);
            }
        }

        @Override
        public boolean offer(MemorySegment record) {
            boolean outer = inFlight.enter();
            try {
                boolean result = offerInside(record);
                return result;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private boolean offerInside(MemorySegment record) {
            ensureOpen();
            long length = checkLength(record.byteSize());
            if (claimOpen) {
                throw QueueChecks.claimOutstanding(claimLength);
            }
            long frame = frameLength(length);
            if (!reserveAll(frame)) {
                failedOffers++;
                return false;
            }
            writeCopies(this, record, length, frame);
            records++;
            bytes += length;
            publishAll();
            return true;
        }

        @Override
        public int offer(MemorySegment[] batch, int offset, int count) {
            boolean outer = inFlight.enter();
            try {
                int result = offerInside(batch, offset, count);
                return result;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private int offerInside(MemorySegment[] batch, int offset, int count) {
            ensureOpen();
            QueueChecks.checkBatch(spec, batch, offset, count);
            if (claimOpen) {
                throw QueueChecks.claimOutstanding(claimLength);
            }
            int written = 0;
            for (int i = offset; i < offset + count; i++) {
                long length = batch[i].byteSize();
                long frame = frameLength(length);
                if (!reserveAll(frame)) {
                    failedOffers++;
                    break;
                }
                for (int c = 0; c < n; c++) {
                    writeFrame(c, batch[i], length, frame);
                }
                records++;
                bytes += length;
                written++;
            }
            if (written > 0) {
                publishAll(); // one store per sub-ring for the whole batch
            }
            return written;
        }

        /** Zero-copy into sub-ring 0; {@link #commit} copies the record into the others. */
        @Override
        public MemorySegment claim(int length) {
            boolean outer = inFlight.enter();
            try {
                MemorySegment result = claimInside(length);
                holdWhile(claimOpen);
                return result;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private MemorySegment claimInside(int length) {
            ensureOpen();
            checkLength(length);
            long frame = frameLength(length);
            if (!reserveAll(frame)) {
                failedOffers++;
                claimOpen = false;
                return null;
            }
            if (starts[0] != positions[0]) {
                writePadding(0, starts[0] - positions[0]);
                positions[0] = starts[0]; // written, unpublished: a replacing claim starts after it
            }
            claimParent = parentPosition(0, starts[0]);
            claimLength = length;
            claimOpen = true;
            MemorySegment dst = memory.claim(claimParent, frame);
            claimed = dst;
            return fixed ? dst : dst.asSlice(RECORD_HEADER_LENGTH, length);
        }

        @Override
        public void commit(int length) {
            boolean outer = inFlight.enter();
            try {
                commitInside(length);
                holdWhile(claimOpen);
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
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
            claimOpen = false;
            long frame = frameLength(length);
            if (!fixed) {
                claimed.set(ValueLayout.JAVA_INT, 0, length);
            }
            claimed = null;
            memory.commit(claimParent, frame);
            parentEnd = claimParent + frame;
            positions[0] = starts[0] + frame;
            long payload = offset(0, starts[0]) + (fixed ? 0 : RECORD_HEADER_LENGTH);
            MemorySegment record = memory.window(payload, length);
            for (int c = 1; c < n; c++) {
                // A smaller commit than the claim may need less padding: reserve again (it fits).
                starts[c] = reserve(c, frame);
                writeFrame(c, record, length, frame);
            }
            records++;
            bytes += length;
            publishAll();
        }
    }

    private final class Consumer implements QueueConsumer {
        private final int index;
        private final long positionOffset;
        private final long producerOffset;
        private long position;
        private long producerCache;
        private long pendingEnd = FULL;

        // The in-flight bracket (DeferredUnmap): every operation runs inside it (a drain's
        // handler too), so the memory is never unmapped while this handle is in an operation
        // or while its caller holds a claim or a peeked record (hold/unhold).
        private final InFlight inFlight = DeferredUnmap.register(header);

        private void holdWhile(boolean holding) {
            if (holding) {
                inFlight.hold();
            } else {
                inFlight.unhold();
            }
        }
        private long records;

        Consumer(int index) {
            this.index = index;
            this.positionOffset = CopyPerConsumerDescriptor.consumerPositionOffset(index);
            this.producerOffset = CopyPerConsumerDescriptor.producerPositionOffset(index);
        }

        /** Start of the next record at or after {@code from}, skipping padding; FULL when none is published. */
        private long nextRecord(long from) {
            if (from >= producerCache) {
                producerCache = lvPosition(producerOffset);
                if (from >= producerCache) {
                    return FULL;
                }
            }
            long inRing = from % subRingSize;
            if (fixed) {
                return inRing + recordSize > subRingSize ? from + subRingSize - inRing : from;
            }
            // Padding and the record after it were published by the same store: both are visible.
            int length = memory.window(offset(index, from), RECORD_HEADER_LENGTH).get(ValueLayout.JAVA_INT, 0);
            return length < 0 ? from - length : from;
        }

        private MemorySegment read(long at) {
            if (fixed) {
                pendingEnd = at + recordSize;
                return memory.window(offset(index, at), recordSize);
            }
            int length = memory.window(offset(index, at), RECORD_HEADER_LENGTH).get(ValueLayout.JAVA_INT, 0);
            pendingEnd = at + CopyPerConsumerDescriptor.variableFrameLength(length);
            return memory.window(offset(index, at) + RECORD_HEADER_LENGTH, length);
        }

        @Override
        public MemorySegment peek() {
            boolean outer = inFlight.enter();
            try {
                MemorySegment result = peekInside();
                holdWhile(pendingEnd != FULL);
                return result;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private MemorySegment peekInside() {
            ensureOpen();
            long at = nextRecord(position);
            return at == FULL ? null : read(at);
        }

        @Override
        public void release() {
            boolean outer = inFlight.enter();
            try {
                releaseInside();
                holdWhile(pendingEnd != FULL);
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private void releaseInside() {
            ensureOpen();
            long end = pendingEnd;
            if (end == FULL) {
                throw new IllegalStateException("consumer " + index + " holds no record: release() needs a record from peek()");
            }
            pendingEnd = FULL;
            position = end;
            records++;
            // Frees the record's bytes for the producer.
            soPosition(positionOffset, end);
        }

        @Override
        public int drain(RecordHandler handler, int limit) {
            boolean outer = inFlight.enter();
            try {
                int result = drainInside(handler, limit);
                holdWhile(pendingEnd != FULL);
                return result;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private int drainInside(RecordHandler handler, int limit) {
            ensureOpen();
            QueueChecks.checkDrain(handler, limit);
            long at = position;
            int count = 0;
            try {
                while (count < limit) {
                    long start = nextRecord(at);
                    if (start == FULL) {
                        break;
                    }
                    handler.onRecord(read(start));
                    at = pendingEnd;
                    count++;
                }
            } finally {
                // A handler that throws leaves its record and those after it queued.
                pendingEnd = FULL;
                if (count > 0) {
                    position = at;
                    records += count;
                    // Frees every drained record with one store.
                    soPosition(positionOffset, at);
                }
            }
            return count;
        }

        @Override
        public int poll(MemorySegment dst) {
            boolean outer = inFlight.enter();
            try {
                int result = pollInside(dst);
                holdWhile(pendingEnd != FULL);
                return result;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        private int pollInside(MemorySegment dst) {
            long room = dst.byteSize(); // the NPE for a null destination, even when empty
            MemorySegment record = peek();
            if (record == null) {
                return EMPTY;
            }
            long length = record.byteSize();
            if (length > room || dst.isReadOnly()) {
                pendingEnd = FULL;
                QueueChecks.checkDestination(dst, length);
            }
            MemorySegment.copy(record, 0, dst, 0, length);
            release();
            return (int) length;
        }
    }
}
