package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.CONSUMER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.PRODUCER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.RECORD_HEADER_LENGTH;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.api.RingMemory;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.queues.support.QueueChecks;

/**
 * The core of {@code spsc} with variable-length records written and read <em>in place</em> in a
 * view of the ring: the 2N mirror view ({@link MirrorViewSpscQueue}: contiguous across the seam
 * by construction, so nothing pads), the N-byte lap view of a split or linearize ring with
 * seam placement pad ({@link LapViewSpscQueue}: a record that would cross the seam starts at the
 * next lap behind a padding word, so it never crosses and the strategy's staging, gather and
 * rotation never run), the same lap view with seam placement cross ({@link LapViewCrossSpscQueue}:
 * the one payload a lap that crosses the seam goes through the strategy's write, claim/commit,
 * window or read, where its staging and gather run) or a doubled ring's 2N array
 * ({@link DoubledViewSpscQueue}: the second copy of every byte through the strategy's twin).
 * No claim, commit or window call per record otherwise; each record is published
 * through its own length word, as Agrona's OneToOneRingBuffer does. The frames are those of
 * {@link WordSegmentSpscQueue} (SpscDescriptor), so either class attaches to the other's ring.
 *
 * <h2>Publication through the length word, closed by a zero terminator</h2>
 * <ul>
 *   <li>The producer writes the payload with plain stores, then a zero word (the
 *       <em>terminator</em>) where the next record's word will go, then the record's word
 *       ({@code 4 + length}, never 0) with a release store. A batch writes every frame, the
 *       words of all but its first record and one terminator after its last with plain stores,
 *       then the first record's word with one release store: the consumer reaches the later
 *       words only through it.</li>
 *   <li>Where the view pads ({@link #place}), a record that would cross the end of the view
 *       goes at the next lap: its frame and its word plain, then the terminator after it, then
 *       the padding's word {@code -k} with a release store over the old terminator, which
 *       publishes the record behind it too. The consumer that acquires {@code -k} skips k bytes
 *       and acquires the record's word there.</li>
 *   <li>The consumer acquire-loads the word at its position: 0 means nothing is published
 *       there yet. That word is always the terminator the producer wrote before publishing the
 *       record the consumer consumed last (or the zeroed ring), or the next record's real word:
 *       never an old lap's payload byte. So the consumer never writes ring bytes (no zeroing,
 *       no cache line of the ring written by both threads), and it never reads the producer
 *       position: the producer's lines stay in the producer's cache.</li>
 *   <li>The terminator needs its word free: a frame is accepted only when 8 bytes stay free
 *       after it ({@link SpscDescriptor#TERMINATOR_RESERVE}), so a ring of N bytes holds at
 *       most N - 8 bytes of frames.</li>
 *   <li>What a claim's caller wrote past a shorter commit (or into a claim replaced or refused)
 *       needs no clean-up: every word the consumer will read is written (terminator, then
 *       word) by the producer in the same lap before the consumer can reach it.</li>
 *   <li>The consumer's position is release-stored once per {@code drain} (one store frees the
 *       whole batch) and once per {@code poll} or {@code release}; the producer reads it with an
 *       acquire load only when its cached copy says the ring is full.</li>
 *   <li>The producer position in the header is not stored per record (on one thread that
 *       release store was one checked FFM access of about seven per record, and nobody reads
 *       it on a hot path). The header promises only a value the producer's position had: it
 *       is stored when the producer re-reads the consumer position (its cache said full: about
 *       once a lap while the consumer keeps up) and when the queue closes. A producer that
 *       attaches (another process, or a queue built again on the same memory) does not trust
 *       it: it walks the published length words from the consumer position to the first zero
 *       word, the terminator after the newest record ({@link #recoverProducerPosition}), which
 *       is exact even when the old producer died without closing. {@code counters()} reports
 *       the larger of the header's value and this queue's own producer handle's position.</li>
 * </ul>
 */
abstract sealed class InPlaceSpscQueue extends SpscRingQueue
        permits MirrorViewSpscQueue, LapViewSpscQueue, LapViewCrossSpscQueue, DoubledViewSpscQueue {

    private static final VarHandle WORD = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment header;
    private final MemorySegment view;
    private final MemorySegment readView;
    final long capacity;
    /** Most bytes of frames queued at once: {@code capacity - TERMINATOR_RESERVE}. */
    private final long frameLimit;
    /** {@code capacity - 1} for power-of-two rings, else -1 (offsets by division). */
    private final long mask;
    private final int recordSize;
    private final Producer producer;
    private final Consumer consumer;

    /**
     * Builds the queue in {@code view} (position {@code p}'s bytes at view offset
     * {@code p mod capacity}), or attaches to the one another queue already set up in
     * {@code memory}.
     *
     * @param view        the mirror view (2N) or the lap view (N) of {@code memory}
     * @param seamMatters whether the header's seam placement must match on attach (where the two
     *                    placements lay frames out differently: the lap view pads)
     * @param room        the largest frame the view's placement takes: all but the terminator's
     *                    reserve on a mirror view, half the ring where records pad (so an empty
     *                    queue always takes the largest record)
     * @param cleared     the view's bytes a new ring zeroes from offset 0: N, or both copies (2N)
     *                    where the second copy is memory of its own (doubled)
     */
    InPlaceSpscQueue(String disciplineName, RingMemory memory, MemorySegment view, QueueSpec spec, boolean seamMatters,
                     long room, long cleared) {
        super(disciplineName, memory, spec);
        this.header = memory.header();
        this.view = view;
        this.readView = view.asReadOnly();
        this.capacity = memory.capacity();
        this.frameLimit = capacity - SpscDescriptor.TERMINATOR_RESERVE;
        this.mask = Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
        this.recordSize = spec.recordSize();
        SpscDescriptor.checkVariableFrames(recordSize, capacity, room, memory.strategyName());
        SpscDescriptor.checkHeaderFits(header);
        initializeOrAttach(header, capacity, spec, seamMatters, SpscDescriptor.PUBLISHED_BY_LENGTH_WORD,
                () -> view.asSlice(0, cleared).fill((byte) 0));
        long consumerPosition = lvPosition(CONSUMER_POSITION_OFFSET);
        this.producer = new Producer(recoverProducerPosition(consumerPosition), consumerPosition);
        this.consumer = new Consumer(lvPosition(CONSUMER_POSITION_OFFSET));
    }

    // Memory ordering, named: lv = load with acquire, so = store with release, plain otherwise.

    private long lvPosition(long offset) {
        return (long) POSITION.getAcquire(header, offset);
    }

    private void soPosition(long offset, long value) {
        POSITION.setRelease(header, offset, value);
    }

    private int lvWord(long offset) {
        return (int) WORD.getAcquire(view, offset);
    }

    /**
     * Where the producer continues on this ring: the end of the newest published record, found
     * by walking the length words (and padding words) from {@code consumerPosition} (every frame from there to the
     * terminator is published and intact: no producer writes while one attaches, and the
     * consumer never writes the ring) to the first zero word. A fresh ring's first word is that
     * zero. Cold: once per queue built; at most a lap of words. A step of its own so that the
     * twin that trusts the header's stale position can override it.
     *
     * @throws IllegalStateException when the words do not describe a ring this queue could have
     *                               written (a word out of range, or more than a lap of frames)
     */
    long recoverProducerPosition(long consumerPosition) {
        return SpscDescriptor.walkToTerminator(at -> lvWord(offset(at)), consumerPosition, recordSize, capacity);
    }

    /**
     * Where a frame of {@code frame} bytes goes when the next byte is {@code from}: {@code from}
     * (the mirror view and the doubled array are contiguous across the seam; with seam placement
     * cross a payload across it goes through the strategy), or the start of the next lap where
     * the view pads ({@link LapViewSpscQueue} overrides it).
     */
    long place(long from, long frame) {
        return from;
    }

    /**
     * Publishes the frame at {@code offset}: everything written before (its payload, the later
     * frames of a batch, the terminator after the last) becomes visible to the consumer's
     * acquire of this word.
     */
    final void publishWord(long offset, int word) {
        WORD.setRelease(view, offset, word);
    }

    /**
     * Plain zero word at {@code offset}, where the next record's word will go: the consumer
     * that reaches it through the release that follows reads "nothing yet", never the bytes
     * an earlier lap left there. A step of its own so that the no-terminator twin can skip it.
     */
    void writeTerminator(long offset) {
        view.set(ValueLayout.JAVA_INT, offset, 0);
    }

    /**
     * Plain store of a word the consumer reaches only through a later release (a batch's later
     * words, padding's or a record's word behind padding). A step of its own so that a view
     * whose bytes live twice (doubled) writes the second copy too.
     */
    void storeWord(long offset, int word) {
        view.set(ValueLayout.JAVA_INT, offset, word);
    }

    /**
     * After the caller of a claim wrote {@code length} bytes of payload at view offset
     * {@code payload}, before the commit publishes them: nothing where the view is the ring's
     * only copy of its bytes; the second write where it is not (doubled).
     */
    void claimWritten(long payload, int length) {
    }

    /**
     * The terminator at {@code terminator}, then the word of the frame at {@code offset} with a
     * release store. A step of its own so that the terminate-after-publish twin can swap the two.
     */
    void publish(long offset, int word, long terminator) {
        writeTerminator(terminator);
        publishWord(offset, word);
    }

    /**
     * A record's payload at the frame at {@code offset}, plain stores. A step of its own so
     * that the publish-before-write twin can publish first. {@code offer} calls it and
     * {@link #publish} itself, with no step that holds both: C2 compiles such a step to more
     * than {@code InlineSmallCode} (2500 bytes) and, in JVMs where it compiles the step first,
     * calls it from {@code offer} instead of inlining it, so whether it is inlined would depend
     * on the order of compiles (docs/disciplines.md).
     */
    void writePayload(long offset, MemorySegment record, long length) {
        MemorySegment.copy(record, 0, view, offset + RECORD_HEADER_LENGTH, length);
    }

    /**
     * A payload that would run past the view's end, at {@code position}: through the strategy's
     * own write (split: two parts at the seam), plain as far as this queue is concerned; the word
     * and the terminator stay in place (a word never crosses). Once a lap at most, only where
     * records cross the seam ({@link LapViewCrossSpscQueue}). A step of its own so that the
     * twin that publishes before writing can override it.
     */
    void writeAcross(long position, MemorySegment record) {
        memory.write(position, record);
    }

    /**
     * Whether a payload of {@code length} bytes at view offset {@code payload} lies in the view:
     * always in a 2N view and where records pad; not for the one payload a lap that crosses the
     * seam of an N-byte lap view with seam placement cross ({@link LapViewCrossSpscQueue}),
     * which then goes through the strategy's own calls. A step, not a comparison with the view's
     * length on every record: after the first call on the queue the JIT knows its class, so on
     * the other classes this is the constant {@code true} (a comparison per offer and poll cost
     * the mirror view 1.2 ns a record in JMH).
     */
    boolean inView(long payload, long length) {
        return true;
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
        if (memory.isOpen()) {
            try {
                // Progress for counters of other processes (a value the position had: a close
                // from another thread may read an older one). An attach does not rely on it.
                soPosition(PRODUCER_POSITION_OFFSET, producer.position);
            } catch (IllegalStateException closedMeanwhile) {
                // The memory closed between the check and the store: no header left to record in.
            }
        }
    }

    @Override
    public Map<String, Long> counters() {
        ensureOpen();
        Map<String, Long> c = new LinkedHashMap<>();
        // Both are values the producer's position had (see the class comment): the larger is the newer.
        c.put("producerPosition", Math.max(producer.position, lvPosition(PRODUCER_POSITION_OFFSET)));
        c.put("consumerPosition", lvPosition(CONSUMER_POSITION_OFFSET));
        c.put("recordsOffered", producer.records);
        c.put("failedOffers", producer.failedOffers);
        c.put("recordsConsumed", consumer.records);
        c.put("paddingBytes", producer.paddingBytes);
        return c;
    }

    /** {@code position mod capacity}: a mask for power-of-two rings, a division otherwise. */
    final long offset(long position) {
        return mask >= 0 ? position & mask : position % capacity;
    }

    private void checkLength(long length) {
        if (length < 0 || length > recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
    }

    private final class Producer extends CacheLinePadding implements QueueProducer {
        private boolean closed;      // plain: see close()
        private long position;       // next byte to write
        private long consumerCache;  // last consumer position read: saves an acquire per offer
        private long claimPosition = FULL;
        private int claimLength;
        private long records;
        private long failedOffers;
        private long paddingBytes;
        /** The view, or the strategy's own claim of a payload across the seam (then the payload offset is 0). */
        private MemorySegment claimBase = view; // a field of this object: fewer bytecodes in claim()

        private final InFlight inFlight = DeferredUnmap.register(header);

        Producer(long position, long consumerPosition) {
            this.position = position;
            this.consumerCache = consumerPosition;
        }

        private void ensureOpen() {
            if (closed) {
                throw closedException();
            }
        }

        /**
         * Whether frames ending at {@code end} fit with the terminator's word free after them:
         * re-reads the consumer position only when the cache says full.
         */
        private boolean fits(long end) {
            if (end - consumerCache > frameLimit) {
                // Cold path (about once a lap): progress for other processes' counters; nothing
                // is published by it (records are published by their words).
                soPosition(PRODUCER_POSITION_OFFSET, position);
                return fitsAfterRefresh(end);
            }
            return true;
        }

        /**
         * {@link #fits} without its header store, for {@link #fitAfter}, which writes nothing:
         * re-reads the consumer position only when the cache says full.
         */
        private boolean fitsQuietly(long end) {
            return end - consumerCache <= frameLimit || fitsAfterRefresh(end);
        }

        private boolean fitsAfterRefresh(long end) {
            consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
            return end - consumerCache <= frameLimit;
        }

        /**
         * The record at {@code at} (view offset {@code o}, its payload written) behind padding
         * from {@code from}: its word plain, then the terminator after it and the padding's word
         * released over the old terminator, which publishes the record too. Cold: once a lap.
         */
        private void padded(long from, long at, long o, int word, long end) {
            paddingBytes += at - from;
            storeWord(o, word); // plain: published by the padding's word
            publish(offset(from), (int) -(at - from), offset(end));
        }

        /** After the release of the first new word: the handle's own progress (the header's is stored cold, see the class comment). */
        private void published(long end, int count) {
            position = end;
            records += count;
        }

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
                long from = position;
                long frame = SpscDescriptor.variableFrameLength(length);
                long at = place(from, frame);
                long end = at + frame;
                if (!fits(end)) {
                    failedOffers++;
                    return false;
                }
                long o = offset(at);
                if (inView(o + RECORD_HEADER_LENGTH, length)) {
                    writePayload(o, record, length);
                } else {
                    writeAcross(at + RECORD_HEADER_LENGTH, record);
                }
                if (at == from) {
                    publish(o, SpscDescriptor.recordWord(length), offset(end));
                } else {
                    padded(from, at, o, SpscDescriptor.recordWord(length), end);
                }
                published(end, 1);
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
                ensureOpen();
                QueueChecks.checkBatch(spec, records, offset, count);
                if (claimPosition != FULL) {
                    throw QueueChecks.claimOutstanding(claimLength);
                }
                long first = position;
                long base = offset(first);
                long at = first;
                long o = base; // offset(at), kept by adding frames: no division per record
                int firstWord = 0;
                int i = offset;
                for (int end = offset + count; i < end; i++) {
                    MemorySegment record = records[i];
                    long length = record.byteSize();
                    long frame = SpscDescriptor.variableFrameLength(length);
                    long start = place(at, frame);
                    if (!fits(start + frame)) {
                        failedOffers++;
                        break;
                    }
                    if (start != at) {
                        paddingBytes += start - at;
                        if (at == first) {
                            firstWord = (int) -(start - at);
                        } else {
                            storeWord(o, (int) -(start - at)); // plain: published by the first word's release
                        }
                        o = 0; // padding runs to the seam: the frame starts a lap on
                    }
                    if (inView(o + RECORD_HEADER_LENGTH, length)) {
                        writePayload(o, record, length);
                    } else {
                        writeAcross(start + RECORD_HEADER_LENGTH, record);
                    }
                    int word = SpscDescriptor.recordWord(length);
                    if (start == first) {
                        firstWord = word;
                    } else {
                        storeWord(o, word); // plain: published by the first word's release
                    }
                    at = start + frame;
                    o += frame;
                    if (o >= capacity) {
                        o -= capacity;
                    }
                }
                int written = i - offset;
                if (written > 0) {
                    publish(base, firstWord, o);
                    published(at, written);
                }
                return written;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        /**
         * Small on purpose (under the JIT's 35-byte always-inline limit): the slice is made here,
         * in the caller's compiled code, so escape analysis removes it wherever the caller does
         * not keep it; the work is in {@link #claimPayload}.
         */
        @Override
        public MemorySegment claim(int length) {
            long payload = claimPayload(length);
            return payload < 0 ? null : claimBase.asSlice(payload, length); // one slice site: see peek()
        }

        /** claim's work: the payload's offset in the view, or -1 when the ring is full. */
        private long claimPayload(int length) {
            boolean outer = inFlight.enter();
            try {
                ensureOpen();
                checkLength(length);
                long frame = SpscDescriptor.variableFrameLength(length);
                long at = place(position, frame);
                if (!fits(at + frame)) {
                    failedOffers++;
                    claimPosition = FULL;
                    inFlight.unhold();
                    return -1;
                }
                claimPosition = at;
                inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
                claimLength = length;
                // The caller may write anywhere in it: the word at `at` stays 0 until the commit (or,
                // behind padding, the consumer reaches it only through the padding's word, still 0).
                long payload = offset(at) + RECORD_HEADER_LENGTH;
                if (inView(payload, length)) {
                    claimBase = view;
                    return payload;
                }
                claimBase = memory.claim(at + RECORD_HEADER_LENGTH, length); // the strategy stages it
                return 0;
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
                ensureOpen();
                long at = claimPosition;
                if (at == FULL) {
                    throw new IllegalStateException("commit(" + length + ") without a successful claim");
                }
                checkLength(length);
                if (length > claimLength) {
                    throw new IllegalArgumentException("commit of " + length + " bytes: the claim was for " + claimLength);
                }
                long from = position;
                long end = at + SpscDescriptor.variableFrameLength(length);
                claimPosition = FULL;
                if (claimBase == view) {
                    claimWritten(offset(at) + RECORD_HEADER_LENGTH, length);
                } else {
                    memory.commit(at + RECORD_HEADER_LENGTH, length); // the strategy copies its staged claim in
                    claimBase = view;
                }
                inFlight.unhold();
                // Publishes the record the caller wrote into the claim (a shorter commit's
                // terminator lands on what the caller wrote past it: the word is zero again).
                if (at == from) {
                    publish(offset(at), SpscDescriptor.recordWord(length), offset(end));
                } else {
                    padded(from, at, offset(at), SpscDescriptor.recordWord(length), end);
                }
                published(end, 1);
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }
    }

    private final class Consumer extends CacheLinePadding implements QueueConsumer {
        private boolean closed;         // plain: see close()
        /** Set while drain runs its handler: a call on this consumer from there is refused (QueueConsumer's re-entry rule). */
        private boolean draining;
        private long position;          // next byte to read; published to the header
        private long pendingEnd = FULL; // end of the record peek() returned
        private long peekedPayload;     // view offset of that record's payload
        private long records;
        /**
         * The read-only view, or the strategy's window of a payload across the seam (then
         * {@link #peekedPayload} is 0): a field of this object, fewer bytecodes in peek().
         */
        private MemorySegment peekBase = readView;

        private final InFlight inFlight = DeferredUnmap.register(header);

        Consumer(long position) {
            this.position = position;
        }

        private void ensureOpen() {
            if (closed) {
                throw closedException();
            }
        }

        /** Frees everything up to {@code end} with one store. */
        private void consumed(long end, int count) {
            position = end;
            records += count;
            // Frees the consumed frames for the producer: it may overwrite them after this store.
            soPosition(CONSUMER_POSITION_OFFSET, end);
        }

        /**
         * Small on purpose (under the JIT's 35-byte always-inline limit): the read-only slice is
         * made here, in the caller's compiled code, so escape analysis removes it wherever the
         * caller does not keep it (a peek too large to inline at a call site C2 does not count as
         * hot hands out a 40-byte slice per record); the work is in {@link #peekLength}.
         */
        @Override
        public MemorySegment peek() {
            int length = peekLength();
            // One slice site over either base: returning the window itself or the slice would merge
            // an allocation with another object at the return, and escape analysis would then keep
            // the slice on the heap on every peek.
            return length < 0 ? null : peekBase.asSlice(peekedPayload, length);
        }

        /** peek's work: the oldest record's length (its payload offset in {@link #peekedPayload}), or -1 when empty. */
        private int peekLength() {
            boolean outer = inFlight.enter();
            try {
                ensureOpen();
                if (draining) {
                    throw reentered("peek", position);
                }
                long at = position;
                long o = offset(at);
                int word = lvWord(o);
                if (word == 0) {
                    return -1;
                }
                if (word < 0) {
                    at -= word; // padding to the seam: the record a lap on was published by the same release
                    o = offset(at);
                    word = lvWord(o);
                }
                pendingEnd = at + SpscDescriptor.frameOfWord(word);
                int length = SpscDescriptor.recordLength(word);
                long payload = o + RECORD_HEADER_LENGTH;
                if (inView(payload, length)) {
                    peekBase = readView;
                    peekedPayload = payload;
                } else {
                    peekBase = memory.window(at + RECORD_HEADER_LENGTH, length); // the strategy gathers it
                    peekedPayload = 0;
                }
                inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
                return length;
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
                ensureOpen();
                if (draining) {
                    throw reentered("drain", position);
                }
                QueueChecks.checkDrain(handler, limit);
                long at = position;
                int n = 0;
                draining = true; // once per drain, not per record
                try {
                    while (n < limit) {
                        long start = at;
                        long o = offset(start);
                        int word = lvWord(o);
                        if (word == 0) {
                            break;
                        }
                        if (word < 0) {
                            start -= word;
                            o = offset(start);
                            word = lvWord(o);
                        }
                        int length = SpscDescriptor.recordLength(word);
                        MemorySegment base = readView;
                        long payload = o + RECORD_HEADER_LENGTH;
                        if (!inView(payload, length)) {
                            base = memory.window(start + RECORD_HEADER_LENGTH, length); // the strategy gathers it
                            payload = 0;
                        }
                        handler.onRecord(base.asSlice(payload, length)); // one slice site: see peek()
                        at = start + SpscDescriptor.frameOfWord(word); // only once the handler returned
                        n++;
                    }
                } finally {
                    draining = false;
                    // A handler that throws leaves its record and those after it queued; the
                    // ones before it are consumed, freed with one store.
                    pendingEnd = FULL;
                    inFlight.unhold();
                    if (n > 0) {
                        consumed(at, n);
                    }
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
                ensureOpen();
                if (draining) {
                    throw reentered("poll", position);
                }
                long at = position;
                long o = offset(at);
                int word = lvWord(o);
                if (word == 0) {
                    return EMPTY;
                }
                if (word < 0) {
                    at -= word;
                    o = offset(at);
                    word = lvWord(o);
                }
                int length = SpscDescriptor.recordLength(word);
                if (length > room || dst.isReadOnly()) {
                    QueueChecks.checkDestination(dst, length);
                }
                if (inView(o + RECORD_HEADER_LENGTH, length)) {
                    MemorySegment.copy(view, o + RECORD_HEADER_LENGTH, dst, 0, length);
                } else {
                    memory.read(at + RECORD_HEADER_LENGTH, dst, 0, length); // the strategy's two-part copy
                }
                pendingEnd = FULL; // a record peek() returned is consumed too
                inFlight.unhold();
                consumed(at + SpscDescriptor.frameOfWord(word), 1);
                return length;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
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
            long frame = SpscDescriptor.variableFrameLength(length);
            long end = place(fitFrom(after, p.position), frame) + frame;
            return p.fitsQuietly(end) ? end : NO_FIT;
        } finally {
            if (outer) {
                p.inFlight.exit();
            }
        }
    }
}
