package org.ringlab.queues.baseline;

import static org.ringlab.queues.baseline.CopyPerConsumerDescriptor.MAGIC;
import static org.ringlab.queues.baseline.CopyPerConsumerDescriptor.MAGIC_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.QueueSpec.RecordMode;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SeamPlacement;
import org.ringlab.queues.spsc.SpscRingQueue;
import org.ringlab.queues.support.QueueChecks;

/**
 * The copy-per-consumer baseline: one producer, N consumers, and every record copied N times,
 * once into each consumer's own ring, as taskBus did before its 2024-09 redesign (seed 003).
 *
 * <p>Which memory: the given {@link RingMemory} is cut into N sub-rings
 * ({@link CopyPerConsumerDescriptor}), and each is an spsc queue built by
 * {@link SpscRingQueue#create} on a {@link SubRingMemory} view of its bytes and of a slice of
 * the header: the writes, reads, positions and publication are spsc's own. Not N separate
 * memories: a discipline is handed one memory, and comparing broadcast against rings in another
 * kind of memory (heap arrays, fresh allocations) would measure the memory, not the copies. The
 * price is that each consumer gets 1/N of the capacity, and that a sub-ring is never contiguous
 * across its own end, so records are padded there on every strategy (mirrored ones included).
 *
 * <h2>All or nothing</h2>
 * An offer copies the record into every sub-ring only when every one has room, so the slowest
 * consumer sets the pace, as with broadcast. Before it writes, the producer asks each sub-ring's
 * spsc queue whether the record fits now ({@link SpscRingQueue#fitAfter}: spsc's own placement
 * rule against its consumer position, writing nothing), and for a batch where each record would
 * end behind the ones before it; consumers only free space, so every spsc queue then takes what
 * it said fits (one refusing is a broken invariant, reported as {@link IllegalStateException},
 * never a record half delivered). No ring logic of spsc's is kept here.
 *
 * <h2>Claims</h2>
 * A claim is spsc's claim in sub-ring 0, zero-copy; {@link QueueProducer#commit} commits it and
 * offers the committed bytes (read back through sub-ring 0's window, where spsc's frame put the
 * payload) to the other sub-rings. A replacing claim that finds some sub-ring
 * full returns {@code null} and cancels the claim for the caller; sub-ring 0's spsc claim is
 * then replaced by the next write to it (spsc cannot cancel a claim otherwise).
 */
public final class CopyPerConsumerQueue implements RecordQueue {

    private static final VarHandle HEADER_LONG = ValueLayout.JAVA_LONG.varHandle();

    private final String disciplineName;
    private final RingMemory memory;
    private final QueueSpec spec;
    private final MemorySegment header;
    private final boolean fixed;
    private final int recordSize;
    final long subRingSize;
    final int n;
    private final SpscRingQueue[] rings;
    private final SubRingMemory[] views;
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
        long capacity = memory.capacity();
        this.fixed = spec.mode() == RecordMode.FIXED;
        this.recordSize = spec.recordSize();
        this.n = spec.consumers();
        CopyPerConsumerDescriptor.checkConsumers(n, header.byteSize());
        long maxFrame = fixed ? recordSize : CopyPerConsumerDescriptor.variableFrameLength(recordSize);
        this.subRingSize = CopyPerConsumerDescriptor.subRingSize(capacity, n, maxFrame, recordSize);
        CopyPerConsumerDescriptor.checkFresh(header);
        CopyPerConsumerDescriptor.writeFields(header, capacity, subRingSize, spec);
        // One consumer each, pad: a sub-ring is not contiguous across its end.
        QueueSpec ringSpec = new QueueSpec(spec.mode(), recordSize, 1, null, SeamPlacement.PAD);
        SubRingMemory.WriteCursor cursor = new SubRingMemory.WriteCursor();
        this.rings = new SpscRingQueue[n];
        this.views = new SubRingMemory[n];
        for (int c = 0; c < n; c++) {
            MemorySegment subHeader = header.asSlice(CopyPerConsumerDescriptor.subHeaderOffset(c),
                    CopyPerConsumerDescriptor.SUB_HEADER_LENGTH);
            views[c] = SubRingMemory.of(memory, c * subRingSize, subRingSize, subHeader, cursor);
            rings[c] = SpscRingQueue.create(disciplineName, views[c], ringSpec);
        }
        // Publishes the descriptive fields and the sub-rings' spsc headers to anyone reading the header.
        HEADER_LONG.setRelease(header, MAGIC_OFFSET, MAGIC);
        this.producer = new Producer();
        this.consumers = new Consumer[n];
        for (int c = 0; c < n; c++) {
            consumers[c] = new Consumer(c, rings[c].consumer(0));
        }
    }

    /**
     * Whether every sub-ring has room for a record of {@code length} bytes behind {@code ends[c]}
     * ({@link SpscRingQueue#NEXT_RECORD} or an earlier answer), setting each {@code ends[c]} to
     * where it would end: the check that makes an offer all or nothing. The broken twin in the
     * tests (generated from this source at build time) asks sub-ring 0 only.
     */
    private boolean fits(long[] ends, int length) {
        for (int c = 0; c < n; c++) {
            long end = rings[c].fitAfter(ends[c], length);
            if (end == SpscRingQueue.NO_FIT) {
                return false;
            }
            ends[c] = end;
        }
        return true;
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
        long padding = 0;
        for (SpscRingQueue ring : rings) {
            padding += ring.counters().getOrDefault("paddingBytes", 0L);
        }
        c.put("paddingBytes", padding);
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
        for (SpscRingQueue ring : rings) {
            ring.close();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException(disciplineName + " queue is closed");
        }
    }

    private int checkLength(long length) {
        if (fixed ? length != recordSize : length < 0 || length > recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
        return (int) length;
    }

    private IllegalStateException refused(int c, long length) {
        return new IllegalStateException("sub-ring " + c + "'s spsc queue refused a record of " + length
                + " bytes its fitAfter found room for (its counters: " + rings[c].counters()
                + "): the sub-rings disagree with the check");
    }

    final class Producer implements QueueProducer {
        private final QueueProducer[] ringProducers = new QueueProducer[n];
        /** Per sub-ring, where the records checked so far would end (fits); reset per offer. */
        final long[] ends = new long[n];
        private boolean claimOpen;
        private int claimLength;
        /** Sub-ring 0's spsc claim outlived a cancelled claim: the next write there replaces it. */
        private boolean ringZeroClaimLeft;
        private long records;
        private long bytes;
        private long failedOffers;

        // The in-flight bracket (DeferredUnmap) around each operation; the spsc handles and their
        // fitAfter bracket their own accesses (and hold a claim's memory until its commit).
        private final InFlight inFlight = DeferredUnmap.register(header);

        Producer() {
            for (int c = 0; c < n; c++) {
                ringProducers[c] = rings[c].producer();
            }
        }

        /** Whether a record of {@code length} bytes fits every sub-ring now, as the next record. */
        private boolean fitsNext(int length) {
            java.util.Arrays.fill(ends, SpscRingQueue.NEXT_RECORD);
            return fits(ends, length);
        }

        /** Offers {@code record} to sub-ring {@code c}, which said it fits. */
        private void write(int c, MemorySegment record, long length) {
            if (c == 0 && ringZeroClaimLeft) {
                MemorySegment dst = ringProducers[0].claim((int) length); // replaces the claim left over
                if (dst == null) {
                    throw refused(0, length);
                }
                MemorySegment.copy(record, 0, dst, 0, length);
                ringProducers[0].commit((int) length);
                ringZeroClaimLeft = false;
            } else if (!ringProducers[c].offer(record)) {
                throw refused(c, length);
            }
        }

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

        private boolean offerInside(MemorySegment record) {
            ensureOpen();
            long length = checkLength(record.byteSize());
            if (claimOpen) {
                throw QueueChecks.claimOutstanding(claimLength);
            }
            if (!fitsNext((int) length)) {
                failedOffers++;
                return false;
            }
            for (int c = 0; c < n; c++) {
                write(c, record, length);
            }
            records++;
            bytes += length;
            return true;
        }

        @Override
        public int offer(MemorySegment[] batch, int offset, int count) {
            boolean outer = inFlight.enter();
            try {
                return offerInside(batch, offset, count);
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
            if (ringZeroClaimLeft) {
                return offerOneByOne(batch, offset, count);
            }
            // The fit check for the whole batch first (each record behind the ones before it),
            // then one spsc batch (one publication) per sub-ring.
            int fitting = 0;
            long batchBytes = 0;
            java.util.Arrays.fill(ends, SpscRingQueue.NEXT_RECORD);
            for (int i = offset; i < offset + count; i++) {
                long length = batch[i].byteSize();
                if (!fits(ends, (int) length)) {
                    break;
                }
                batchBytes += length;
                fitting++;
            }
            if (fitting < count) {
                failedOffers++;
            }
            if (fitting == 0) {
                return 0;
            }
            for (int c = 0; c < n; c++) {
                int taken = ringProducers[c].offer(batch, offset, fitting);
                if (taken != fitting) {
                    throw refused(c, batch[offset + taken].byteSize());
                }
            }
            records += fitting;
            bytes += batchBytes;
            return fitting;
        }

        /** The batch after a cancelled claim: sub-ring 0 must take its first record through a claim. */
        private int offerOneByOne(MemorySegment[] batch, int offset, int count) {
            int written = 0;
            for (int i = offset; i < offset + count; i++) {
                if (!offerInside(batch[i])) {
                    break;
                }
                written++;
            }
            return written;
        }

        /** Zero-copy into sub-ring 0 (spsc's claim); {@link #commit} copies the record into the others. */
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

        private MemorySegment claimInside(int length) {
            ensureOpen();
            checkLength(length);
            if (!fitsNext(length)) {
                failedOffers++;
                if (claimOpen) {
                    claimOpen = false;
                    ringZeroClaimLeft = true; // spsc's claim stays until the next write replaces it
                }
                return null;
            }
            MemorySegment dst = ringProducers[0].claim(length);
            if (dst == null) {
                throw refused(0, length);
            }
            claimLength = length;
            claimOpen = true;
            ringZeroClaimLeft = false;
            return dst;
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
            ringProducers[0].commit(length);
            if (n > 1) {
                // The committed bytes, read back from sub-ring 0 (the producer's own, published
                // record): where spsc's commit of the claim went (the payload, after its word).
                MemorySegment record = views[0].window(views[0].lastCommit, length);
                for (int c = 1; c < n; c++) {
                    // The claim's check found room for claimLength >= length, and nothing was written since.
                    write(c, record, length);
                }
            }
            records++;
            bytes += length;
        }
    }

    /** Consumer {@code index}: sub-ring {@code index}'s spsc consumer, counted and named. */
    private final class Consumer implements QueueConsumer {
        private final int index;
        private final QueueConsumer ring;
        /** The drain handler wrapper, reused: counts the records whose handler returned. */
        private final Counting counting = new Counting();
        private boolean peeked;
        private long records;
        /**
         * Set while drain runs its handler: a call on this consumer from there is refused here,
         * before it touches the shared {@link #counting} wrapper (QueueConsumer's re-entry rule).
         */
        private boolean draining;

        Consumer(int index, QueueConsumer ring) {
            this.index = index;
            this.ring = ring;
        }

        /** Refuses {@code call} from inside this consumer's drain handler, before it reads or consumes anything. */
        private void checkNotDraining(String call) {
            if (draining) {
                throw QueueChecks.reentered(call, "consumer " + index + " of the " + disciplineName + " queue");
            }
        }

        @Override
        public MemorySegment peek() {
            ensureOpen();
            checkNotDraining("peek");
            peeked = false;
            MemorySegment record = ring.peek();
            peeked = record != null;
            return record;
        }

        @Override
        public void release() {
            ensureOpen();
            checkNotDraining("release");
            if (!peeked) {
                throw new IllegalStateException("consumer " + index + " holds no record: release() needs a record from peek()");
            }
            ring.release();
            peeked = false;
            records++;
        }

        @Override
        public int drain(RecordHandler handler, int limit) {
            ensureOpen();
            checkNotDraining("drain");
            QueueChecks.checkDrain(handler, limit);
            peeked = false;
            Counting h = counting;
            h.target = handler;
            h.count = 0;
            draining = true; // once per drain, not per record
            try {
                return ring.drain(h, limit);
            } finally {
                draining = false;
                // A handler that throws leaves its record and those after it queued (spsc's rule).
                records += h.count;
                h.target = null;
            }
        }

        @Override
        public int poll(MemorySegment dst) {
            ensureOpen();
            checkNotDraining("poll");
            peeked = false; // consumed by the poll, or (a bad destination) no longer held
            int length = ring.poll(dst);
            if (length != EMPTY) {
                records++;
            }
            return length;
        }
    }

    private static final class Counting implements RecordHandler {
        RecordHandler target;
        int count;

        @Override
        public void onRecord(MemorySegment record) {
            target.onRecord(record);
            count++;
        }
    }
}
