package org.ringlab.queues.spsc;

import static org.ringlab.queues.spsc.SpscDescriptor.CONSUMER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.PRODUCER_POSITION_OFFSET;
import static org.ringlab.queues.spsc.SpscDescriptor.RECORD_HEADER_LENGTH;

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
 * The core of {@code spsc} with variable-length records on a segment path (doubled, split,
 * linearize, the growable mirror without a growth policy, any third party's
 * {@link org.ringlab.api.AbstractRingMemory}): each record is published through its own
 * length word, as {@link MirrorViewSpscQueue} does in the mirror view, but every byte goes
 * through the strategy's own calls, so its mechanism (twin copy, staging, gather, rotation)
 * runs and nothing else does. The one ordered pair is the SPI's
 * {@link RingMemory#writeIntRelease} / {@link RingMemory#readIntAcquire}.
 *
 * <ul>
 *   <li>The producer's next position always holds a zero word (the <em>terminator</em> the
 *       previous publication wrote, or the one a new ring starts with). A record goes in as:
 *       its payload behind that word and a zero word at the end of its frame (the next
 *       terminator) in one call ({@code writeThenZeroInt}, plain), then its word
 *       {@code 4 + length} over the old terminator with {@code writeIntRelease}: two checked
 *       SPI calls per record. Every call goes forwards but the last, the one the SPI lets go
 *       back to a word the ring holds.</li>
 *   <li>Where the seam placement pads, the record goes at the next lap as a whole frame
 *       ({@code writeFrame}, plain), and the word released over the old terminator is the
 *       padding's ({@code -k}): the record behind it is published by the same store. A batch
 *       likewise writes its later frames whole and releases its first word last.</li>
 *   <li>The consumer acquire-loads the word at its position ({@code readIntAcquire}): 0 is
 *       nothing yet, negative is padding to the seam (then the word a lap on, published by the
 *       same release), else a record. It never reads the producer position.</li>
 *   <li>The terminator needs its word free: a frame is accepted only when
 *       {@link SpscDescriptor#TERMINATOR_RESERVE} bytes stay free after it, so the terminator
 *       never lands on bytes the consumer has not consumed.</li>
 *   <li>The producer position in the header is stored only cold, as on the mirror view: when
 *       the producer re-reads the consumer position (its cache said full) and on close. A
 *       producer that attaches walks the words from the consumer position to the terminator
 *       ({@link #recoverProducerPosition}).</li>
 *   <li>A claim is the strategy's claim of the payload behind the terminator (a staged claim's
 *       commit copies only payload bytes in, never over the zero word); commit writes the next
 *       terminator and releases the word, so a shorter commit needs no second claim.</li>
 * </ul>
 * The word of an aligned frame never crosses the seam (frames are 8-aligned), so every word
 * the consumer acquires is one aligned release store in the strategies of this project.
 */
abstract sealed class WordSegmentSpscQueue extends SpscRingQueue permits SegmentSpscQueue, PaddedSegmentSpscQueue {

    final MemorySegment header;
    final long capacity;
    final long mask;
    /** Most bytes of frames queued at once: {@code capacity - TERMINATOR_RESERVE}. */
    final long frameLimit;
    final int recordSize;
    final Producer producer;
    final Consumer consumer;

    /** Builds the queue, or attaches to the one another queue already set up in {@code memory}. */
    WordSegmentSpscQueue(String disciplineName, RingMemory memory, QueueSpec spec, boolean seamCopies, long room) {
        super(disciplineName, memory, spec);
        this.header = memory.header();
        this.capacity = memory.capacity();
        this.mask = Long.bitCount(capacity) == 1 ? capacity - 1 : -1;
        this.frameLimit = capacity - SpscDescriptor.TERMINATOR_RESERVE;
        this.recordSize = spec.recordSize();
        SpscDescriptor.checkVariableFrames(recordSize, capacity, room, memory.strategyName());
        SpscDescriptor.checkHeaderFits(header);
        // A new ring's first word is the first terminator (a strategy's memory need not start zeroed).
        initializeOrAttach(header, capacity, spec, seamCopies, SpscDescriptor.PUBLISHED_BY_LENGTH_WORD,
                () -> memory.writeInt(0, 0));
        long consumerPosition = lvPosition(CONSUMER_POSITION_OFFSET);
        this.producer = new Producer(recoverProducerPosition(consumerPosition), consumerPosition);
        this.consumer = new Consumer(consumerPosition);
    }

    // Memory ordering, named as in JCTools: lv = load with acquire, so = store with release,
    // plain otherwise. The ring's words go through the SPI's release/acquire pair.

    final long lvPosition(long offset) {
        return (long) POSITION.getAcquire(header, offset);
    }

    final void soPosition(long offset, long value) {
        POSITION.setRelease(header, offset, value);
    }

    final int lvWord(long position) {
        return memory.readIntAcquire(position);
    }

    /**
     * Publishes the word at {@code position}: everything the producer wrote before (the
     * payload, the later frames of a batch, the terminator after the last, through whatever
     * copies the strategy makes) becomes visible to the consumer's acquire of this word.
     */
    final void soWord(long position, int word) {
        memory.writeIntRelease(position, word);
    }

    /** {@code position mod capacity}: a mask for power-of-two rings, a division otherwise. */
    final long offset(long position) {
        long m = mask;
        return m >= 0 ? position & m : position % capacity;
    }

    final void checkLength(long length) {
        if (length < 0 || length > recordSize) {
            spec.checkRecordLength(length); // throws with the message
        }
    }

    // ---- The steps (producer thread); steps of their own so that the broken twins can override one ----

    /** Where a frame of {@code frame} bytes goes when the next byte is {@code from}: {@code from}, or the next lap. */
    long place(long from, long frame) {
        return from;
    }

    /** The terminator at {@code terminator}, then the word at {@code at} with a release store. */
    void publish(long at, int word, long terminator) {
        writeTerminator(terminator);
        soWord(at, word);
    }

    /**
     * Plain zero word at {@code at}, where the next record's word will go: the consumer that
     * reaches it through the release that follows reads "nothing yet", never an earlier lap's
     * bytes. {@code offer}'s one record stores it with its payload ({@code writeThenZeroInt}).
     */
    void writeTerminator(long at) {
        memory.writeInt(at, 0);
    }

    /**
     * Reads the length words from {@code consumerPosition} to the first zero word, the
     * terminator after the newest record: where the producer continues (a fresh ring's first
     * word is that zero). Cold: once per queue built; at most a lap of words.
     *
     * @throws IllegalStateException when the words do not describe a ring this queue could have written
     */
    final long recoverProducerPosition(long consumerPosition) {
        return SpscDescriptor.walkToTerminator(this::lvWord, consumerPosition, recordSize, capacity);
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
                // Progress for counters of other processes; an attach does not rely on it.
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

    final class Producer extends CacheLinePadding implements QueueProducer {
        boolean closed;      // plain: see close()
        long position;       // next byte to write: its word is the terminator
        long consumerCache;  // last consumer position read: saves an acquire per offer
        long claimPosition = FULL; // where the claimed record starts (after padding)
        int claimLength;
        long records;
        long failedOffers;
        long paddingBytes;

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

        /** Whether frames ending at {@code end} fit with the terminator's word free after them. */
        private boolean fits(long end) {
            if (end - consumerCache > frameLimit) {
                // Cold path (about once a lap): progress for other processes' counters; nothing
                // is published by it (records are published by their words).
                soPosition(PRODUCER_POSITION_OFFSET, position);
                return fitsAfterRefresh(end);
            }
            return true;
        }

        private boolean fitsQuietly(long end) {
            return end - consumerCache <= frameLimit || fitsAfterRefresh(end);
        }

        private boolean fitsAfterRefresh(long end) {
            consumerCache = lvPosition(CONSUMER_POSITION_OFFSET);
            return end - consumerCache <= frameLimit;
        }

        /** The whole one-record path in the handle's method, as on the mirror view (see PositionSpscQueue.offer). */
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
                if (at == from) {
                    // The payload behind the terminator at `at` and the next terminator at `end`, plain,
                    // in one checked SPI call, called here and not from a step of the queue's own: a
                    // step holding it compiled to more than C2's InlineSmallCode (2500 bytes), so the
                    // inlining of offer depended on which compile finished first (see MirrorViewSpscQueue).
                    memory.writeThenZeroInt(at + RECORD_HEADER_LENGTH, record, end);
                    soWord(at, SpscDescriptor.recordWord(length)); // publishes the payload and the terminator after it
                } else {
                    padded(from, at, record, length, end);
                }
                position = end;
                records++;
                return true;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }

        /** A record at the next lap behind padding from {@code from}: its frame whole, then the padding's word released. Cold: once a lap. */
        private void padded(long from, long at, MemorySegment record, long length, long end) {
            paddingBytes += at - from;
            memory.writeFrame(at, SpscDescriptor.recordWord(length), record); // plain: published by the padding's word
            publish(from, (int) -(at - from), end);
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
                long at = first;
                int firstWord = 0;
                int i = offset;
                for (int last = offset + count; i < last; i++) {
                    MemorySegment record = records[i];
                    long length = record.byteSize();
                    long frame = SpscDescriptor.variableFrameLength(length);
                    long start = place(at, frame);
                    if (!fits(start + frame)) {
                        failedOffers++;
                        break;
                    }
                    int word = SpscDescriptor.recordWord(length);
                    if (start != at) {
                        paddingBytes += start - at;
                        if (at == first) {
                            firstWord = (int) -(start - at);
                        } else {
                            memory.writeInt(at, (int) -(start - at)); // plain: published by the first word's release
                        }
                    }
                    if (start == first) {
                        memory.write(start + RECORD_HEADER_LENGTH, record); // its word, the terminator, stays 0 until the release
                        firstWord = word;
                    } else {
                        memory.writeFrame(start, word, record); // plain: published by the first word's release
                    }
                    at = start + frame;
                }
                int written = i - offset;
                if (written > 0) {
                    publish(first, firstWord, at);
                    position = at;
                    this.records += written;
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
                ensureOpen();
                checkLength(length);
                long frame = SpscDescriptor.variableFrameLength(length);
                long at = place(position, frame);
                if (!fits(at + frame)) {
                    failedOffers++;
                    claimPosition = FULL;
                    inFlight.unhold();
                    return null;
                }
                claimPosition = at;
                claimLength = length;
                inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
                // The payload only: the word at `at` (the terminator, or a word the commit writes) is never in a claim.
                return memory.claim(at + RECORD_HEADER_LENGTH, length);
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
                    // Its frame would run past what the claim reserved, over bytes the consumer may not have read.
                    throw new IllegalArgumentException("commit of " + length + " bytes: the claim was for " + claimLength);
                }
                long from = position;
                long end = at + SpscDescriptor.variableFrameLength(length);
                claimPosition = FULL;
                inFlight.unhold();
                memory.commit(at + RECORD_HEADER_LENGTH, length);
                int word = SpscDescriptor.recordWord(length);
                if (at == from) {
                    publish(at, word, end);
                } else {
                    // Behind padding (cold, once a lap): the record's word is a word the ring holds
                    // now, stored with the SPI's one backwards write, published by the padding's.
                    paddingBytes += at - from;
                    writeTerminator(end);
                    soWord(at, word);
                    soWord(from, (int) -(at - from)); // publishes the padding and the record behind it
                }
                position = end;
                records++;
            } finally {
                if (outer) {
                    inFlight.exit();
                }
            }
        }
    }

    final class Consumer extends CacheLinePadding implements QueueConsumer {
        boolean closed;         // plain: see close()
        /** Set while drain runs its handler: a call on this consumer from there is refused (QueueConsumer's re-entry rule). */
        boolean draining;
        long position;          // next byte to read; published to the header
        long pendingEnd = FULL; // end of the record peek() returned
        long records;

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

        @Override
        public MemorySegment peek() {
            boolean outer = inFlight.enter();
            try {
                ensureOpen();
                if (draining) {
                    throw reentered("peek", position);
                }
                long at = position;
                int word = lvWord(at);
                if (word == 0) {
                    return null;
                }
                if (word < 0) {
                    at -= word; // padding to the seam: the record a lap on was published by the same release
                    word = lvWord(at);
                }
                pendingEnd = at + SpscDescriptor.frameOfWord(word);
                inFlight.hold(); // the caller keeps the segment: the memory stays mapped until it gives it back
                return memory.window(at + RECORD_HEADER_LENGTH, SpscDescriptor.recordLength(word));
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

        /**
         * The drain in one method (see PositionSpscQueue's drain): the window each record is
         * handed in is made a few calls below the caller's drain, so C2 inlines down to the slice.
         */
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
                        int word = lvWord(start);
                        if (word == 0) {
                            break;
                        }
                        if (word < 0) {
                            start -= word;
                            word = lvWord(start);
                        }
                        long end = start + SpscDescriptor.frameOfWord(word);
                        pendingEnd = end;
                        inFlight.hold(); // as peek(): the handler may keep the record until it returns
                        handler.onRecord(memory.window(start + RECORD_HEADER_LENGTH, SpscDescriptor.recordLength(word)));
                        at = end; // only once the handler returned: a record whose handler threw stays queued
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

        /** One copy out through the strategy's {@code read}, no window made. */
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
                int word = lvWord(at);
                if (word == 0) {
                    return EMPTY;
                }
                if (word < 0) {
                    at -= word;
                    word = lvWord(at);
                }
                int length = SpscDescriptor.recordLength(word);
                if (length > room || dst.isReadOnly()) {
                    QueueChecks.checkDestination(dst, length);
                }
                if (length > 0) {
                    memory.read(at + RECORD_HEADER_LENGTH, dst, 0, length);
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
