package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.CONSUMER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.MAGIC;
import static org.ringlab.queues.spsc.SpscDescriptor.MAGIC_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.PRODUCER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.RECORD_HEADER_LENGTH;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.api.Capability;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;

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
 */
public final class SpscRingQueue implements RecordQueue {

    /** Publication order; only the deliberately broken twin in the stress tests changes it. */
    enum Publication {
        /** Write the record, then release-store the position: correct. */
        AFTER_WRITE,
        /** Release-store the position first, then write: the bug the stress test must catch. */
        BEFORE_WRITE
    }

    private static final VarHandle POSITION = ValueLayout.JAVA_LONG.varHandle();
    private static final long FULL = -1;

    private final String disciplineName;
    private final RingMemory memory;
    private final QueueSpec spec;
    private final MemorySegment header;
    private final long capacity;
    private final long mask;
    private final boolean fixed;
    private final int recordSize;
    /** Records never cross the seam: the memory's windows or claims are not contiguous there. */
    private final boolean padded;
    private final Publication publication;
    private final Producer producer;
    private final Consumer consumer;
    private volatile boolean closed;

    /** Builds the queue, or attaches to the one another process already set up in {@code memory}. */
    public SpscRingQueue(String disciplineName, RingMemory memory, QueueSpec spec) {
        this(disciplineName, memory, spec, Publication.AFTER_WRITE);
    }

    SpscRingQueue(String disciplineName, RingMemory memory, QueueSpec spec, Publication publication) {
        if (spec.consumers() != 1) {
            throw new IllegalArgumentException("spsc has exactly one consumer, " + spec.consumers() + " were asked for");
        }
        this.disciplineName = disciplineName;
        this.memory = memory;
        this.spec = spec;
        this.header = memory.header();
        this.capacity = memory.capacity();
        this.mask = Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
        this.fixed = spec.mode() == RecordMode.FIXED;
        this.recordSize = spec.recordSize();
        this.padded = !(memory.capabilities().contains(Capability.ZERO_COPY_CLAIM)
                && memory.capabilities().contains(Capability.ZERO_COPY_WINDOW));
        this.publication = publication;
        long maxFrame = fixed ? recordSize : SpscDescriptor.variableFrameLength(recordSize);
        // Padded, a record may have to skip to the next lap: at most half the ring per record
        // keeps an empty queue always able to take the largest one.
        long room = padded ? capacity / 2 : capacity;
        if (maxFrame > room) {
            throw new IllegalArgumentException("a record of " + recordSize + " bytes takes " + maxFrame
                    + " bytes in the ring; the most a ring of " + capacity + " bytes takes here is " + room
                    + (padded ? " (half the ring: " + memory.strategyName() + " windows are not contiguous across the seam)" : ""));
        }
        if (!fixed && capacity % SpscDescriptor.FRAME_ALIGNMENT != 0) {
            throw new IllegalArgumentException("variable-length records need a capacity that is a multiple of "
                    + SpscDescriptor.FRAME_ALIGNMENT + ", got " + capacity);
        }
        SpscDescriptor.checkHeaderFits(header);
        initializeOrAttach();
        this.producer = new Producer(lvPosition(PRODUCER_POSITION_OFFSET));
        this.consumer = new Consumer(lvPosition(CONSUMER_POSITION_OFFSET));
    }

    private void initializeOrAttach() {
        long magic = (long) POSITION.getAcquire(header, MAGIC_OFFSET);
        if (magic == 0) {
            SpscDescriptor.writeFields(header, capacity, spec);
            // Publishes the descriptive fields to an attaching process.
            POSITION.setRelease(header, MAGIC_OFFSET, MAGIC);
        } else {
            SpscDescriptor.checkAttach(header, capacity, spec);
        }
    }

    // Memory ordering, named: lv = load with acquire, so = store with release.

    private long lvPosition(long offset) {
        return (long) POSITION.getAcquire(header, offset);
    }

    private void soPosition(long offset, long value) {
        POSITION.setRelease(header, offset, value);
    }

    @Override
    public String disciplineName() {
        return disciplineName;
    }

    @Override
    public QueueSpec spec() {
        return spec;
    }

    @Override
    public RingMemory memory() {
        return memory;
    }

    @Override
    public QueueProducer producer() {
        return producer;
    }

    @Override
    public QueueConsumer consumer(int index) {
        if (index != 0) {
            throw new IndexOutOfBoundsException("spsc has one consumer (index 0), asked for " + index);
        }
        return consumer;
    }

    @Override
    public Map<String, Long> counters() {
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("producerPosition", lvPosition(PRODUCER_POSITION_OFFSET));
        c.put("consumerPosition", lvPosition(CONSUMER_POSITION_OFFSET));
        c.put("recordsOffered", producer.records);
        c.put("failedOffers", producer.failedOffers);
        c.put("recordsConsumed", consumer.records);
        c.put("paddingBytes", producer.paddingBytes);
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

    private final class Producer extends CacheLinePadding implements QueueProducer {
        private long position;       // next byte to write; published to the header
        private long consumerCache;  // last consumer position read: saves an acquire per offer
        private long claimPosition = FULL;
        private MemorySegment claimed;  // the whole frame of the outstanding claim
        private long records;
        private long failedOffers;
        private long paddingBytes;

        Producer(long position) {
            this.position = position;
            this.consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
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
                if (end - consumerCache > capacity) {
                    return FULL;
                }
            }
            if (start != from) {
                writePadding(from, start - from);
            }
            return start;
        }

        private void writePadding(long at, long length) {
            paddingBytes += length;
            if (!fixed) {
                memory.claim(at, length).set(ValueLayout.JAVA_INT, 0, (int) -length);
                memory.commit(at, length);
            }
        }

        @Override
        public boolean offer(MemorySegment record) {
            ensureOpen();
            long length = record.byteSize();
            checkLength(length);
            long frame = frameLength(length);
            long at = reserve(position, frame);
            if (at == FULL) {
                failedOffers++;
                return false;
            }
            if (publication == Publication.BEFORE_WRITE) {
                soPosition(PRODUCER_POSITION_OFFSET, at + frame); // BROKEN on purpose: publishes unwritten bytes
            }
            write(at, frame, record, length);
            position = at + frame;
            records++;
            if (publication == Publication.AFTER_WRITE) {
                // Publishes the record written above (and any padding before it).
                soPosition(PRODUCER_POSITION_OFFSET, position);
            }
            return true;
        }

        private void write(long at, long frame, MemorySegment record, long length) {
            MemorySegment dst = memory.claim(at, frame);
            if (fixed) {
                MemorySegment.copy(record, 0, dst, 0, length);
            } else {
                dst.set(ValueLayout.JAVA_INT, 0, (int) length);
                MemorySegment.copy(record, 0, dst, RECORD_HEADER_LENGTH, length);
            }
            memory.commit(at, frame);
        }

        @Override
        public int offer(MemorySegment[] records, int offset, int count) {
            ensureOpen();
            java.util.Objects.checkFromIndexSize(offset, count, records.length);
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

        @Override
        public MemorySegment claim(int length) {
            ensureOpen();
            checkLength(length);
            long frame = frameLength(length);
            long at = reserve(position, frame);
            if (at == FULL) {
                failedOffers++;
                claimPosition = FULL;
                return null;
            }
            claimPosition = at;
            MemorySegment dst = memory.claim(at, frame);
            claimed = dst;
            return fixed ? dst : dst.asSlice(RECORD_HEADER_LENGTH, length);
        }

        @Override
        public void commit(int length) {
            ensureOpen();
            long at = claimPosition;
            if (at == FULL) {
                throw new IllegalStateException("commit(" + length + ") without a successful claim");
            }
            checkLength(length);
            long frame = frameLength(length);
            if (!fixed) {
                claimed.set(ValueLayout.JAVA_INT, 0, length);
            }
            memory.commit(at, frame);
            claimPosition = FULL;
            claimed = null;
            position = at + frame;
            records++;
            // Publishes the record the caller wrote into the claim.
            soPosition(PRODUCER_POSITION_OFFSET, position);
        }
    }

    private final class Consumer extends CacheLinePadding implements QueueConsumer {
        private long position;       // next byte to read; published to the header
        private long producerCache;  // last producer position read
        private long pendingEnd = FULL; // end of the record peek() returned
        private long records;

        Consumer(long position) {
            this.position = position;
            this.producerCache = position;
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
                    int length = memory.window(from, RECORD_HEADER_LENGTH).get(ValueLayout.JAVA_INT, 0);
                    if (length < 0) {
                        return from - length;
                    }
                }
            }
            return from;
        }

        /** The record's payload at {@code at}; sets {@code end} to the position after its frame. */
        private MemorySegment read(long at) {
            if (fixed) {
                pendingEnd = at + recordSize;
                return memory.window(at, recordSize);
            }
            int length = memory.window(at, RECORD_HEADER_LENGTH).get(ValueLayout.JAVA_INT, 0);
            pendingEnd = at + SpscDescriptor.variableFrameLength(length);
            return memory.window(at + RECORD_HEADER_LENGTH, length);
        }

        @Override
        public MemorySegment peek() {
            ensureOpen();
            long at = nextRecord(position);
            if (at == FULL) {
                return null;
            }
            return read(at);
        }

        @Override
        public void release() {
            ensureOpen();
            long end = pendingEnd;
            if (end == FULL) {
                throw new IllegalStateException("release() without a record from peek()");
            }
            pendingEnd = FULL;
            position = end;
            records++;
            // Frees the record's bytes for the producer: it may overwrite them after this store.
            soPosition(CONSUMER_POSITION_OFFSET, end);
        }

        @Override
        public int drain(RecordHandler handler, int limit) {
            ensureOpen();
            if (limit <= 0) {
                throw new IllegalArgumentException("drain limit must be positive, got " + limit);
            }
            long at = position;
            int n = 0;
            while (n < limit) {
                long start = nextRecord(at);
                if (start == FULL) {
                    break;
                }
                handler.onRecord(read(start));
                at = pendingEnd;
                n++;
            }
            pendingEnd = FULL;
            if (n > 0) {
                position = at;
                records += n;
                // Frees every drained record with one store.
                soPosition(CONSUMER_POSITION_OFFSET, at);
            }
            return n;
        }

        @Override
        public int poll(MemorySegment dst) {
            MemorySegment record = peek();
            if (record == null) {
                return EMPTY;
            }
            long length = record.byteSize();
            if (length > dst.byteSize()) {
                pendingEnd = FULL;
                throw new IllegalArgumentException("record of " + length + " bytes does not fit the destination of "
                        + dst.byteSize());
            }
            MemorySegment.copy(record, 0, dst, 0, length);
            release();
            return (int) length;
        }
    }
}
