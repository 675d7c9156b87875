package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The queue contract points every discipline meets (the SPI javadoc of {@link QueueProducer},
 * {@link QueueConsumer} and {@link RecordQueue}), each checked on its own so a failure names
 * the point: a claim followed by an offer, a batch with one bad element, {@code poll} into a
 * too-small or read-only destination, a throwing drain handler, a drain handler calling its
 * own consumer, {@code release} without {@code peek}, null arguments, and use after close of
 * every handle. "Nothing lost" is checked by what the queue delivers afterwards: the refused
 * call must leave every record in place.
 * Multi-consumer disciplines are built with {@link #CONSUMERS} consumers and every consumer
 * handle is checked.
 */
public final class QueueContractPoints {

    /** Consumers a multi-consumer discipline is built with here. */
    public static final int CONSUMERS = 3;

    /**
     * Set to a comma-separated list of {@link Point} names (or {@code all}) to report those
     * points skipped instead of failing. Only for a build whose queues are known not to meet
     * them yet: a skipped point says so, with this property's name.
     */
    public static final String PENDING = "ringlab.conformance.pendingContractPoints";

    /** The points, in the order the contract states them. */
    public enum Point {
        CLAIM_THEN_OFFER("a claim then an offer: the offer is refused, the claim stays valid; a new claim replaces it"),
        BATCH_WITH_A_BAD_ELEMENT("a batch with one bad element publishes nothing, naming its index and length"),
        POLL_INTO_A_BAD_DESTINATION("poll into a too-small or read-only destination is refused, the record kept"),
        THROWING_DRAIN_HANDLER("a throwing drain handler: the records before it consumed, it and those after it kept"),
        DRAIN_HANDLER_CALLS_ITS_CONSUMER("a drain handler calling poll, peek, release or drain on its own consumer gets"
                + " IllegalStateException naming the re-entry, and the drain hands out every record once, in order"),
        RELEASE_WITHOUT_PEEK("release without a peeked record throws IllegalStateException"),
        NULL_ARGUMENTS("null arguments throw NullPointerException, a drain limit <= 0 IllegalArgumentException"),
        USE_AFTER_CLOSE("after close every method of the queue and of every handle throws IllegalStateException"),
        CLAIM_HELD_ACROSS_READS("a claim stays the caller's until its commit while every consumer reads the records before it,"
                + " laps round the ring and across its seam"),
        PEEK_HELD_ACROSS_READS("a peeked record keeps its bytes until its release while the producer offers and the other"
                + " consumers read on, laps round the ring and across its seam");

        private final String sentence;

        Point(String sentence) {
            this.sentence = sentence;
        }

        public String sentence() {
            return sentence;
        }
    }

    private QueueContractPoints() {
    }

    /** Checks {@code point} on a fresh queue of {@code cell} (every consumer of a multi-consumer discipline). */
    public static void check(Cell cell, Point point) {
        cell.assumeAvailable();
        String pending = System.getProperty(PENDING, "");
        Assumptions.assumeFalse(pending.equals("all") || List.of(pending.split(",")).contains(point.name()),
                () -> "skipped: -D" + PENDING + "=" + pending + " says the queues do not meet " + point + " yet");
        switch (point) {
            case CLAIM_THEN_OFFER -> onQueue(cell, QueueContractPoints::claimThenOffer);
            case BATCH_WITH_A_BAD_ELEMENT -> {
                onQueue(cell, QueueContractPoints::batchWithABadElement);
                onQueue(cell.withMode(QueueSpec.RecordMode.FIXED), QueueContractPoints::batchWithABadElement);
            }
            case POLL_INTO_A_BAD_DESTINATION -> onQueue(cell, QueueContractPoints::pollIntoABadDestination);
            case THROWING_DRAIN_HANDLER -> onQueue(cell, QueueContractPoints::throwingDrainHandler);
            case DRAIN_HANDLER_CALLS_ITS_CONSUMER -> onQueue(cell, QueueContractPoints::drainHandlerCallsItsConsumer);
            case RELEASE_WITHOUT_PEEK -> onQueue(cell, QueueContractPoints::releaseWithoutPeek);
            case NULL_ARGUMENTS -> onQueue(cell, QueueContractPoints::nullArguments);
            case USE_AFTER_CLOSE -> useAfterClose(cell);
            case CLAIM_HELD_ACROSS_READS -> onQueue(cell, q -> claimHeldAcrossReads(q, cell.capacity()));
            case PEEK_HELD_ACROSS_READS -> onQueue(cell, q -> peekHeldAcrossReads(q, cell.capacity()));
        }
    }

    /** A queue and its memory, with the most consumers the discipline takes up to {@link #CONSUMERS}. */
    record Q(RecordQueue queue, QueueSpec spec, int consumers, String name) {
        QueueProducer producer() {
            return queue.producer();
        }

        List<QueueConsumer> all() {
            List<QueueConsumer> all = new ArrayList<>();
            for (int i = 0; i < consumers; i++) {
                all.add(queue.consumer(i));
            }
            return all;
        }

        byte[] record(int sequence, int length) {
            int n = spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize() : length;
            byte[] r = new byte[n];
            for (int i = 0; i < n; i++) {
                r[i] = (byte) (sequence * 29 + i + 1);
            }
            return r;
        }

        boolean offer(int sequence, int length) {
            return queue.producer().offer(MemorySegment.ofArray(record(sequence, length)));
        }

        /** Every consumer's next record is record {@code sequence}, which it then consumes. */
        void everyConsumerPolls(int sequence, int length, String after) {
            byte[] expected = record(sequence, length);
            for (int c = 0; c < consumers; c++) {
                byte[] dst = new byte[spec.recordSize()];
                int n = queue.consumer(c).poll(MemorySegment.ofArray(dst));
                assertEquals(expected.length, n, name + ": consumer " + c + " after " + after + ": the next record's length");
                assertArrayEquals(expected, java.util.Arrays.copyOf(dst, n), name + ": consumer " + c + " after " + after
                        + ": the next record is record " + sequence);
            }
        }

        void everyConsumerIsEmpty(String after) {
            for (int c = 0; c < consumers; c++) {
                assertNull(queue.consumer(c).peek(), name + ": consumer " + c + " after " + after + ": a record was published");
            }
        }
    }

    private static void onQueue(Cell cell, Consumer<Q> body) {
        int consumers = cell.consumers();
        QueueSpec spec = cell.spec().withConsumers(consumers);
        try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()));
             RecordQueue queue = cell.discipline().create(memory, spec)) {
            body.accept(new Q(queue, spec, consumers, cell.displayName() + (consumers > 1 ? " × " + consumers + " consumers" : "")));
        }
    }

    private static void claimThenOffer(Q q) {
        QueueProducer p = q.producer();
        int size = q.spec().recordSize();
        MemorySegment claim = p.claim(size);
        assertNotNull(claim, q.name() + ": an empty queue refused a claim of " + size);
        byte[] claimed = q.record(1, size);
        MemorySegment.copy(MemorySegment.ofArray(claimed), 0, claim, 0, size);
        IllegalStateException offer = assertThrows(IllegalStateException.class, () -> q.offer(2, size),
                q.name() + ": offer while a claim of " + size + " bytes is outstanding");
        assertTrue(offer.getMessage().contains(Integer.toString(size)) && offer.getMessage().contains("claim"),
                q.name() + ": the refusal should name the outstanding claim of " + size + " bytes: " + offer.getMessage());
        assertThrows(IllegalStateException.class, () -> p.offer(new MemorySegment[] {MemorySegment.ofArray(q.record(3, size))}, 0, 1),
                q.name() + ": a batch offer while a claim is outstanding");
        q.everyConsumerIsEmpty("a refused offer");
        p.commit(size); // the claim stayed valid
        q.everyConsumerPolls(1, size, "the claim was committed after a refused offer");
        // A new claim replaces an outstanding one: only the second is published.
        MemorySegment first = p.claim(size);
        assertNotNull(first, q.name() + ": a claim on an empty queue");
        MemorySegment.copy(MemorySegment.ofArray(q.record(4, size)), 0, first, 0, size);
        MemorySegment second = p.claim(size);
        assertNotNull(second, q.name() + ": a claim replacing an outstanding one was refused");
        MemorySegment.copy(MemorySegment.ofArray(q.record(5, size)), 0, second, 0, size);
        p.commit(size);
        q.everyConsumerPolls(5, size, "a claim replaced by a second one");
        q.everyConsumerIsEmpty("the replaced claim (it must not be published)");
        assertThrows(IllegalStateException.class, () -> p.commit(size), q.name() + ": commit without a claim");
        if (q.spec().mode() == QueueSpec.RecordMode.VARIABLE) {
            assertNotNull(p.claim(size - 1), q.name() + ": a claim on an empty queue");
            assertThrows(IllegalArgumentException.class, () -> p.commit(size), q.name() + ": commit longer than the claim");
        }
    }

    /** Records of every length up to the spec's (its size when fixed) that go round the ring three times, at least 64. */
    private static int laps(Q q, long capacity) {
        long frame = q.spec().recordSize() / 2 + 8;
        return (int) Math.min(100_000, Math.max(64, 3 * capacity / frame));
    }

    private static int lengthOf(Q q, int sequence) {
        int size = q.spec().recordSize();
        return q.spec().mode() == QueueSpec.RecordMode.FIXED ? size : 1 + (sequence * 37) % size;
    }

    /**
     * Record 2i offered; a claim for record 2i + 1 taken; every consumer polls record 2i (it
     * crosses the seam about once a lap: a strategy's window may move bytes there, as
     * linearize's rotation does); then the claim is filled, committed and polled. The claimed
     * bytes must be the record, whatever the reads did meanwhile.
     */
    private static void claimHeldAcrossReads(Q q, long capacity) {
        QueueProducer p = q.producer();
        for (int i = 0, n = laps(q, capacity); i < n; i += 2) {
            int length = lengthOf(q, i);
            assertTrue(q.offer(i, length), q.name() + ": an empty queue refused record " + i);
            int claimedLength = lengthOf(q, i + 1);
            MemorySegment claim = p.claim(claimedLength);
            assertNotNull(claim, q.name() + ": a queue holding one record refused a claim of " + claimedLength);
            q.everyConsumerPolls(i, length, "a claim was taken");
            byte[] claimed = q.record(i + 1, claimedLength);
            MemorySegment.copy(MemorySegment.ofArray(claimed), 0, claim, 0, claimed.length);
            p.commit(claimed.length);
            q.everyConsumerPolls(i + 1, claimedLength, "the claim was filled and committed after every consumer read the"
                    + " record before it (the claim's bytes must be the record)");
        }
    }

    /**
     * Record 2i offered and peeked by consumer 0; record 2i + 1 offered; every other consumer
     * takes both, by poll, drain and peek/release in turn; consumer 0's view must still show
     * record 2i. Then it releases it and polls 2i + 1.
     */
    private static void peekHeldAcrossReads(Q q, long capacity) {
        List<QueueConsumer> all = q.all();
        for (int i = 0, n = laps(q, capacity); i < n; i += 2) {
            assertTrue(q.offer(i, lengthOf(q, i)), q.name() + ": an empty queue refused record " + i);
            MemorySegment held = all.get(0).peek();
            byte[] expected = q.record(i, lengthOf(q, i));
            assertNotNull(held, q.name() + ": consumer 0 found no record " + i);
            assertArrayEquals(expected, held.toArray(ValueLayout.JAVA_BYTE), q.name() + ": consumer 0 peeked record " + i);
            assertTrue(q.offer(i + 1, lengthOf(q, i + 1)), q.name() + ": a queue holding one record refused record " + (i + 1));
            for (int c = 1; c < all.size(); c++) {
                for (int r = i; r < i + 2; r++) {
                    takeOne(q, all.get(c), c, r, (r + c) % 3);
                }
            }
            assertArrayEquals(expected, held.toArray(ValueLayout.JAVA_BYTE), q.name() + ": consumer 0's view of record " + i
                    + ", peeked and not released, after the producer offered record " + (i + 1)
                    + (all.size() > 1 ? " and the other consumers read both" : ""));
            all.get(0).release();
            takeOne(q, all.get(0), 0, i + 1, 0);
        }
    }

    /** Consumer {@code c} takes record {@code r}, which must be its next: by poll (0), drain (1) or peek and release (2). */
    private static void takeOne(Q q, QueueConsumer consumer, int c, int r, int how) {
        byte[] expected = q.record(r, lengthOf(q, r));
        String what = q.name() + ": consumer " + c + " record " + r;
        switch (how) {
            case 0 -> {
                byte[] dst = new byte[q.spec().recordSize()];
                int n = consumer.poll(MemorySegment.ofArray(dst));
                assertEquals(expected.length, n, what + " (poll)");
                assertArrayEquals(expected, java.util.Arrays.copyOf(dst, n), what + " (poll)");
            }
            case 1 -> {
                byte[][] got = new byte[1][];
                assertEquals(1, consumer.drain(rec -> got[0] = rec.toArray(ValueLayout.JAVA_BYTE), 1), what + " (drain)");
                assertArrayEquals(expected, got[0], what + " (drain)");
            }
            default -> {
                MemorySegment view = consumer.peek();
                assertNotNull(view, what + " (peek)");
                assertArrayEquals(expected, view.toArray(ValueLayout.JAVA_BYTE), what + " (peek)");
                consumer.release();
            }
        }
    }

    private static void batchWithABadElement(Q q) {
        QueueProducer p = q.producer();
        int size = q.spec().recordSize();
        MemorySegment good = MemorySegment.ofArray(q.record(1, size));
        NullPointerException npe = assertThrows(NullPointerException.class,
                () -> p.offer(new MemorySegment[] {good, null, good}, 0, 3), q.name() + ": a batch with a null element");
        assertTrue(String.valueOf(npe.getMessage()).contains("1"), q.name() + ": the refusal should name index 1: " + npe.getMessage());
        q.everyConsumerIsEmpty("a batch refused for a null element");
        int bad = q.spec().mode() == QueueSpec.RecordMode.FIXED ? size - 1 : size + 1;
        MemorySegment wrong = MemorySegment.ofArray(new byte[bad]);
        IllegalArgumentException iae = assertThrows(IllegalArgumentException.class,
                () -> p.offer(new MemorySegment[] {good, good, wrong}, 0, 3), q.name() + ": a batch whose element 2 has "
                        + bad + " bytes (" + q.spec() + ")");
        assertTrue(iae.getMessage().contains("2") && iae.getMessage().contains(Integer.toString(bad)),
                q.name() + ": the refusal should name index 2 and its " + bad + " bytes: " + iae.getMessage());
        q.everyConsumerIsEmpty("a batch refused for a bad element (nothing of it may be published)");
        assertTrue(q.offer(7, size), q.name() + ": the producer is unusable after a refused batch");
        q.everyConsumerPolls(7, size, "a refused batch, then an offer");
    }

    private static void pollIntoABadDestination(Q q) {
        int size = q.spec().recordSize();
        assertTrue(q.offer(1, size), q.name() + ": an empty queue refused a record");
        for (int c = 0; c < q.consumers(); c++) {
            QueueConsumer consumer = q.queue().consumer(c);
            MemorySegment readOnly = MemorySegment.ofArray(new byte[size]).asReadOnly();
            IllegalArgumentException ro = assertThrows(IllegalArgumentException.class, () -> consumer.poll(readOnly),
                    q.name() + ": consumer " + c + " polled into a read-only destination");
            assertTrue(ro.getMessage().contains("read-only"), q.name() + ": the refusal should say read-only: " + ro.getMessage());
            MemorySegment small = MemorySegment.ofArray(new byte[size - 1]);
            IllegalArgumentException tooSmall = assertThrows(IllegalArgumentException.class, () -> consumer.poll(small),
                    q.name() + ": consumer " + c + " polled a record of " + size + " bytes into " + (size - 1));
            assertTrue(tooSmall.getMessage().contains(Integer.toString(size)) && tooSmall.getMessage().contains(Integer.toString(size - 1)),
                    q.name() + ": the refusal should name " + size + " and " + (size - 1) + ": " + tooSmall.getMessage());
            MemorySegment view = consumer.peek();
            assertNotNull(view, q.name() + ": consumer " + c + ": a refused poll consumed the record");
            assertArrayEquals(q.record(1, size), view.toArray(ValueLayout.JAVA_BYTE), q.name() + ": the record kept");
            consumer.release();
        }
    }

    /** The exception a handler throws, to be seen again unchanged. */
    private static final class HandlerFailure extends RuntimeException {
        HandlerFailure() {
            super("the kit's drain handler throws on purpose", null, false, false);
        }
    }

    private static void throwingDrainHandler(Q q) {
        int size = q.spec().recordSize();
        for (int s = 0; s < 5; s++) {
            assertTrue(q.offer(s, size - s), q.name() + ": record " + s + " refused");
        }
        for (int c = 0; c < q.consumers(); c++) {
            QueueConsumer consumer = q.queue().consumer(c);
            HandlerFailure thrown = new HandlerFailure();
            int[] seen = {0};
            int consumerIndex = c;
            HandlerFailure caught = assertThrows(HandlerFailure.class, () -> consumer.drain(r -> {
                if (seen[0]++ == 2) {
                    throw thrown;
                }
            }, 10), q.name() + ": consumer " + consumerIndex + ": the handler's exception did not propagate");
            assertSame(thrown, caught, q.name() + ": the handler's exception must propagate unchanged");
            byte[] dst = new byte[size];
            int n = consumer.poll(MemorySegment.ofArray(dst));
            assertEquals(size - 2, n, q.name() + ": consumer " + c + ": after the handler threw on record 2, the next record"
                    + " must be record 2 (records 0 and 1 consumed, 2 kept)");
            assertArrayEquals(q.record(2, size - 2), java.util.Arrays.copyOf(dst, n), q.name() + ": record 2 redelivered");
            assertEquals(2, consumer.drain(r -> { }, 10), q.name() + ": consumer " + c + ": records 3 and 4 kept");
        }
    }

    /** The calls a drain handler may not make on its own consumer. */
    private static final List<String> REENTRANT_CALLS = List.of("poll", "peek", "release", "drain");

    /**
     * The re-entrant {@code call} on {@code consumer}, as a drain handler would make it; what it
     * delivers goes into {@code events} ("poll:5", "drain:6": a peek or a release hands out nothing).
     */
    private static void callFromTheHandler(Q q, QueueConsumer consumer, String call, int first, List<String> events) {
        int size = q.spec().recordSize();
        switch (call) {
            case "poll" -> {
                byte[] dst = new byte[size];
                int n = consumer.poll(MemorySegment.ofArray(dst));
                if (n != QueueConsumer.EMPTY) {
                    events.add("poll:" + sequenceOf(q, java.util.Arrays.copyOf(dst, n), first));
                }
            }
            case "peek" -> consumer.peek();
            case "release" -> consumer.release();
            default -> consumer.drain(r -> events.add("drain:" + sequenceOf(q, r.toArray(ValueLayout.JAVA_BYTE), first)), 10);
        }
    }

    /**
     * For each call a handler may not make on its own consumer, and on every consumer: four
     * records offered, drained with a handler that makes the call on the second. The call must
     * throw {@link IllegalStateException} naming the call and the handler. Caught by the handler,
     * the drain must hand out the four records once each, in order, and leave the consumer empty;
     * let out, the drain must throw it unchanged having handed out the first two, and the second,
     * third and fourth must still be queued, in order. Every delivery is traced ("handler:1",
     * "poll:1", "after:2"), so a record the call took and the drain handed out again, or one the
     * drain then skipped, shows in the failure.
     */
    private static void drainHandlerCallsItsConsumer(Q q) {
        int size = q.spec().recordSize();
        int sequence = 0;
        for (String call : REENTRANT_CALLS) {
            for (boolean letOut : new boolean[] {false, true}) {
                int first = sequence;
                for (int s = 0; s < 4; s++, sequence++) {
                    assertTrue(q.offer(sequence, size - sequence % 4), q.name() + ": record " + sequence + " refused");
                }
                for (int c = 0; c < q.consumers(); c++) {
                    reenterOnce(q, q.queue().consumer(c), c, call, letOut, first);
                }
            }
        }
    }

    private static void reenterOnce(Q q, QueueConsumer consumer, int c, String call, boolean letOut, int first) {
        String who = q.name() + ": consumer " + c + ", " + call + " from inside its drain's handler"
                + (letOut ? " (the handler lets the exception out)" : " (the handler catches the exception)") + ": ";
        List<String> events = new ArrayList<>();
        int[] handed = {0};
        RuntimeException[] refusal = {null};
        String[] wrong = {null};
        RecordQueue.RecordHandler handler = r -> {
            events.add("handler:" + sequenceOf(q, r.toArray(ValueLayout.JAVA_BYTE), first));
            if (++handed[0] != 2) {
                return;
            }
            try {
                callFromTheHandler(q, consumer, call, first, events);
                wrong[0] = "the call returned normally";
            } catch (IllegalStateException e) {
                refusal[0] = e;
            } catch (RuntimeException e) {
                wrong[0] = "the call threw " + e;
            }
            if (letOut && refusal[0] != null) {
                throw refusal[0];
            }
        };
        if (letOut) {
            RuntimeException out = assertThrows(RuntimeException.class, () -> consumer.drain(handler, 10),
                    who + "the handler's exception did not propagate (" + wrongOr(wrong) + "; " + events + ")");
            assertSame(refusal[0], out, who + "the handler's exception must propagate unchanged");
        } else {
            int n = consumer.drain(handler, 10);
            assertEquals(4, n, who + "drain's count (" + wrongOr(wrong) + "; " + events + ")");
        }
        byte[] dst = new byte[q.spec().recordSize()];
        for (int n, more = 8; more > 0 && (n = consumer.poll(MemorySegment.ofArray(dst))) != QueueConsumer.EMPTY; more--) {
            events.add("after:" + sequenceOf(q, java.util.Arrays.copyOf(dst, n), first));
        }
        List<String> expected = new ArrayList<>();
        for (int s = first; s < first + (letOut ? 2 : 4); s++) {
            expected.add("handler:" + s);
        }
        for (int s = first + 1; letOut && s < first + 4; s++) {
            expected.add("after:" + s);
        }
        assertEquals(String.join(" ", expected), String.join(" ", events), who + "every record handed out once, in order"
                + " (handler: to the drain's handler, poll/drain: by the call from inside it, after: polled after the"
                + " drain; -1: none of the four): a record was delivered twice or lost (" + wrongOr(wrong) + ")");
        assertNull(wrong[0], who + wrong[0] + ": it must throw IllegalStateException naming the re-entry");
        String message = String.valueOf(refusal[0].getMessage());
        assertTrue(message.contains(call) && message.contains("handler"), who + "the refusal should name the call ("
                + call + ") and the drain's handler: " + message);
    }

    private static String wrongOr(String[] wrong) {
        return wrong[0] == null ? "the call was refused" : wrong[0];
    }

    /** Which of the four records from {@code first} these bytes are, or -1. */
    private static int sequenceOf(Q q, byte[] bytes, int first) {
        int size = q.spec().recordSize();
        for (int s = first; s < first + 4; s++) {
            if (java.util.Arrays.equals(bytes, q.record(s, size - s % 4))) {
                return s;
            }
        }
        return -1;
    }

    private static void releaseWithoutPeek(Q q) {
        int size = q.spec().recordSize();
        for (int c = 0; c < q.consumers(); c++) {
            QueueConsumer consumer = q.queue().consumer(c);
            String who = q.name() + ": consumer " + c + ": ";
            assertThrows(IllegalStateException.class, consumer::release, who + "release never having peeked");
            assertNull(consumer.peek(), who + "peek on an empty queue");
            assertThrows(IllegalStateException.class, consumer::release, who + "release after a peek returned null");
        }
        assertTrue(q.offer(1, size), q.name() + ": an empty queue refused a record");
        assertTrue(q.offer(2, size), q.name() + ": a record refused");
        assertTrue(q.offer(3, size), q.name() + ": a record refused");
        for (int c = 0; c < q.consumers(); c++) {
            QueueConsumer consumer = q.queue().consumer(c);
            String who = q.name() + ": consumer " + c + ": ";
            assertNotNull(consumer.peek(), who + "peek with records queued");
            consumer.release();
            assertThrows(IllegalStateException.class, consumer::release, who + "release twice after one peek");
            assertEquals(size, consumer.poll(MemorySegment.ofArray(new byte[size])), who + "poll: record 2");
            assertThrows(IllegalStateException.class, consumer::release, who + "release after a poll");
            MemorySegment view = consumer.peek();
            assertNotNull(view, who + "record 3 was lost by the refused releases");
            assertArrayEquals(q.record(3, size), view.toArray(ValueLayout.JAVA_BYTE), who + "record 3 kept");
            consumer.release();
        }
    }

    private static void nullArguments(Q q) {
        int size = q.spec().recordSize();
        QueueProducer p = q.producer();
        for (boolean full : new boolean[] {false, true}) {
            String state = full ? "full" : "empty";
            if (full) {
                int s = 0;
                while (q.offer(s++, size)) {
                    if (s > 1_000_000) {
                        throw new AssertionError(q.name() + ": a million records and the queue is not full");
                    }
                }
            }
            assertThrows(NullPointerException.class, () -> p.offer((MemorySegment) null), q.name() + ": offer(null), " + state);
            for (int c = 0; c < q.consumers(); c++) {
                QueueConsumer consumer = q.queue().consumer(c);
                String who = q.name() + ": consumer " + c + ", " + state + ": ";
                assertThrows(NullPointerException.class, () -> consumer.poll(null), who + "poll(null)");
                assertThrows(NullPointerException.class, () -> consumer.drain(null, 1), who + "drain(null, 1)");
                assertThrows(IllegalArgumentException.class, () -> consumer.drain(r -> { }, 0), who + "drain(h, 0)");
                assertThrows(IllegalArgumentException.class, () -> consumer.drain(r -> { }, -1), who + "drain(h, -1)");
            }
        }
    }

    private static void useAfterClose(Cell cell) {
        int consumers = cell.consumers();
        QueueSpec spec = cell.spec().withConsumers(consumers);
        int size = spec.recordSize();
        String name = cell.displayName();
        try (RingMemory memory = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()))) {
            RecordQueue queue = cell.discipline().create(memory, spec);
            QueueProducer p = queue.producer();
            List<QueueConsumer> handles = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                handles.add(queue.consumer(c));
            }
            assertTrue(p.offer(MemorySegment.ofArray(new byte[size])), name + ": an empty queue refused a record");
            queue.close();
            List<String> open = new ArrayList<>();
            throwsAfterClose(open, "queue.disciplineName()", queue::disciplineName);
            throwsAfterClose(open, "queue.spec()", queue::spec);
            throwsAfterClose(open, "queue.memory()", queue::memory);
            throwsAfterClose(open, "queue.producer()", queue::producer);
            throwsAfterClose(open, "queue.consumer(0)", () -> queue.consumer(0));
            throwsAfterClose(open, "queue.counters()", queue::counters);
            throwsAfterClose(open, "producer.offer", () -> p.offer(MemorySegment.ofArray(new byte[1])));
            throwsAfterClose(open, "producer.offer(batch)", () -> p.offer(new MemorySegment[] {MemorySegment.ofArray(new byte[1])}, 0, 1));
            throwsAfterClose(open, "producer.claim", () -> p.claim(1));
            throwsAfterClose(open, "producer.commit", () -> p.commit(1));
            for (int c = 0; c < consumers; c++) {
                QueueConsumer k = handles.get(c);
                throwsAfterClose(open, "consumer " + c + ".peek", k::peek);
                throwsAfterClose(open, "consumer " + c + ".release", k::release);
                throwsAfterClose(open, "consumer " + c + ".drain", () -> k.drain(r -> { }, 1));
                throwsAfterClose(open, "consumer " + c + ".poll", () -> k.poll(MemorySegment.ofArray(new byte[size])));
            }
            try {
                queue.close();
            } catch (RuntimeException e) {
                open.add("a second queue.close() threw " + e);
            }
            assertEquals(List.of(), open, name + ": after RecordQueue.close() these did not throw IllegalStateException");
        }
        RingMemory closed = cell.strategy().allocate(RingSpec.ofCapacity(cell.capacity()));
        closed.close();
        assertThrows(IllegalStateException.class, () -> cell.discipline().create(closed, spec).close(),
                name + ": a queue built on a closed memory");
    }

    private static void throwsAfterClose(List<String> open, String call, Executable body) {
        try {
            body.execute();
            open.add(call + " returned normally");
        } catch (IllegalStateException expected) {
            // the contract
        } catch (Throwable other) {
            open.add(call + " threw " + other);
        }
    }

    /**
     * After {@link RingMemory#close()}: every method but {@code close()}, {@code isOpen()} and {@code capacity()} (a constant)
     * throws {@link IllegalStateException} (the queue contract's point 7 on the memory side).
     */
    public static void memoryUseAfterClose(org.ringlab.api.MemoryStrategy strategy) {
        Assumptions.assumeTrue(strategy.availability().isAvailable(),
                () -> "skipped: " + strategy.name() + " is unavailable: " + strategy.availability().reason());
        String pending = System.getProperty(PENDING, "");
        Assumptions.assumeFalse(pending.equals("all") || List.of(pending.split(",")).contains(Point.USE_AFTER_CLOSE.name()),
                () -> "skipped: -D" + PENDING + "=" + pending + " says the memories do not meet " + Point.USE_AFTER_CLOSE + " yet");
        long g = strategy.granularity();
        RingMemory ring = strategy.allocate(RingSpec.ofCapacity(Math.max(g, Math.ceilDiv(4096, g) * g)));
        ring.close();
        List<String> open = new ArrayList<>();
        throwsAfterClose(open, "strategyName()", ring::strategyName);
        throwsAfterClose(open, "copyCounters()", ring::copyCounters);
        throwsAfterClose(open, "capabilities()", ring::capabilities);
        throwsAfterClose(open, "header()", ring::header);
        if (ring instanceof org.ringlab.api.MirrorViewMemory mirrored) {
            throwsAfterClose(open, "mirrorView()", mirrored::mirrorView);
        }
        if (ring instanceof org.ringlab.api.LapViewMemory lap) {
            throwsAfterClose(open, "lapView()", lap::lapView);
            throwsAfterClose(open, "lapOffset(0)", () -> lap.lapOffset(0));
        }
        if (ring instanceof org.ringlab.api.DoubledViewMemory doubled) {
            throwsAfterClose(open, "doubledView()", doubled::doubledView);
            throwsAfterClose(open, "twin(1 byte at 0)", () -> doubled.twin(MemorySegment.ofArray(new byte[1]), 0, 0, 1));
            throwsAfterClose(open, "twinInt(0, 1)", () -> doubled.twinInt(0, 1));
        }
        throwsAfterClose(open, "claim(0, 1)", () -> ring.claim(0, 1));
        throwsAfterClose(open, "commit(0, 1)", () -> ring.commit(0, 1));
        throwsAfterClose(open, "write(0, 1 byte)", () -> ring.write(0, MemorySegment.ofArray(new byte[1])));
        throwsAfterClose(open, "window(0, 1)", () -> ring.window(0, 1));
        assertEquals(List.of(), open, strategy.name() + ": after RingMemory.close() these did not throw IllegalStateException");
    }
}
