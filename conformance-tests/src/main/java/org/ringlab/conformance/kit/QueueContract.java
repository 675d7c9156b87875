package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.Transformer;

import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Every discipline's FIFO contract as a jqwik action chain against an {@link ArrayDeque}: offer,
 * batch offer, zero-copy claim/commit (short commits in variable mode), zero-copy peek (twice,
 * the same record) and release, drain with a limit, poll; filling until full and emptying
 * completely. What every discipline promises, whatever its own sizing rules: records come out
 * in order, exactly once, byte for byte; empty is {@code null}/{@link QueueConsumer#EMPTY}/0;
 * an empty queue takes a record of the largest size; a queue holds no more payload than its
 * memory and refuses an offer before that; a refused offer changes nothing. The exact "full"
 * point is each discipline's own rule, checked by that discipline's model tests in ringlab.
 */
public final class QueueContract {

    private QueueContract() {
    }

    /** The queue and its model side by side; one per chain. */
    static final class QueueState implements AutoCloseable {
        final RingMemory memory;
        final RecordQueue queue;
        final QueueProducer producer;
        final QueueConsumer consumer;
        final QueueSpec spec;
        final long capacity;
        final ArrayDeque<byte[]> model = new ArrayDeque<>();
        long queuedBytes;
        long sequence;

        QueueState(Cell cell, QueueDiscipline discipline) {
            this.capacity = cell.capacity();
            this.spec = cell.spec();
            this.memory = cell.strategy().allocate(RingSpec.ofCapacity(capacity));
            RecordQueue q;
            try {
                q = discipline.create(memory, spec);
            } catch (RuntimeException e) {
                memory.close();
                throw e;
            }
            this.queue = q;
            this.producer = queue.producer();
            this.consumer = queue.consumer(0);
        }

        byte[] record(double size) {
            int length = spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize()
                    : (int) Math.round(size * spec.recordSize());
            byte[] r = new byte[length];
            long s = sequence++;
            for (int i = 0; i < length; i++) {
                r[i] = (byte) (s * 131 + i * 7 + 3);
            }
            return r;
        }

        void push(byte[] r) {
            model.addLast(r);
            queuedBytes += r.length;
        }

        byte[] pop() {
            byte[] r = model.removeFirst();
            queuedBytes -= r.length;
            return r;
        }

        void offer(double size) {
            byte[] r = record(size);
            boolean accepted = producer.offer(MemorySegment.ofArray(r));
            if (accepted) {
                push(r);
            } else {
                assertFalse(model.isEmpty(), "an empty queue refused a record of " + r.length + " bytes");
            }
        }

        void batch(int count, double size) {
            MemorySegment[] batch = new MemorySegment[count];
            List<byte[]> records = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                records.add(record(size * (i + 1) / count));
                batch[i] = MemorySegment.ofArray(records.get(i));
            }
            boolean wasEmpty = model.isEmpty();
            int accepted = producer.offer(batch, 0, count);
            assertTrue(accepted >= 0 && accepted <= count, "batch of " + count + " accepted " + accepted);
            if (wasEmpty) {
                assertTrue(accepted >= 1, "an empty queue took none of a batch of " + count);
            }
            for (int i = 0; i < accepted; i++) {
                push(records.get(i));
            }
        }

        void claim(double size, double committedFraction) {
            byte[] r = record(size);
            MemorySegment claim = producer.claim(r.length);
            if (claim == null) {
                assertFalse(model.isEmpty(), "an empty queue refused a claim of " + r.length + " bytes");
                return;
            }
            assertTrue(claim.byteSize() >= r.length, "claim of " + r.length + " returned " + claim.byteSize() + " bytes");
            int length = spec.mode() == QueueSpec.RecordMode.FIXED ? r.length : (int) Math.round(committedFraction * r.length);
            MemorySegment.copy(MemorySegment.ofArray(r), 0, claim, 0, length);
            producer.commit(length);
            push(Arrays.copyOf(r, length));
        }

        void peekRelease() {
            MemorySegment view = consumer.peek();
            if (model.isEmpty()) {
                assertNull(view, "peek on an empty queue");
                return;
            }
            assertNotNull(view, "peek with " + model.size() + " records queued");
            assertTrue(view.isReadOnly(), "a peeked record is read-only");
            assertArrayEquals(model.peekFirst(), view.toArray(ValueLayout.JAVA_BYTE), "peek: the oldest record");
            MemorySegment again = consumer.peek();
            assertNotNull(again, "a second peek before release");
            assertArrayEquals(model.peekFirst(), again.toArray(ValueLayout.JAVA_BYTE), "a second peek: the same record");
            consumer.release();
            pop();
        }

        /**
         * Peeks, reads a window across the seam nearest the oldest record as another reader
         * would, and checks the peeked record is unchanged: a zero-copy window is a view valid
         * until its bytes are overwritten, and a peeked record until release. A strategy that
         * declares zero-copy windows but gathers into reused scratch fails here once the
         * peeked record crosses the seam.
         */
        void peekWindowRelease(int seamOffset) {
            MemorySegment view = consumer.peek();
            if (model.isEmpty()) {
                assertNull(view, "peek on an empty queue");
                return;
            }
            assertNotNull(view, "peek with " + model.size() + " records queued");
            long lap = Math.max(1, sequence); // any lap: a zero-copy window maps position mod capacity
            long at = lap * capacity - seamOffset;
            int length = Math.max(2, 2 * seamOffset);
            memory.window(at, Math.min(length, capacity)).get(ValueLayout.JAVA_BYTE, 0);
            assertArrayEquals(model.peekFirst(), view.toArray(ValueLayout.JAVA_BYTE), "a peeked record after a window"
                    + " of " + length + " bytes across the seam at ring offset " + (capacity - seamOffset)
                    + " (a zero-copy window is a view; a peeked record is valid until release)");
            consumer.release();
            pop();
        }

        /**
         * Empties the queue, then moves one largest record at a time through a whole lap, each
         * peeked around a window across the seam: so the record that straddles the seam (if
         * the discipline lets one) is certainly among those checked.
         */
        void lapOfPeeksAroundWindows() {
            drain(Integer.MAX_VALUE);
            long steps = capacity / spec.recordSize() + 2;
            for (int i = 0; i < steps; i++) {
                offer(1.0);
                peekWindowRelease(1 + i % 64);
            }
        }

        void drain(int limit) {
            List<byte[]> seen = new ArrayList<>();
            int n = consumer.drain(r -> seen.add(r.toArray(ValueLayout.JAVA_BYTE)), limit);
            assertEquals(Math.min(limit, model.size()), n, "drain(" + limit + ") with " + model.size() + " queued");
            assertEquals(n, seen.size(), "drain's count and the records handed over");
            for (int i = 0; i < seen.size(); i++) {
                assertArrayEquals(pop(), seen.get(i), "drained record " + i);
            }
        }

        void poll() {
            byte[] dst = new byte[spec.recordSize()];
            int n = consumer.poll(MemorySegment.ofArray(dst));
            if (model.isEmpty()) {
                assertEquals(QueueConsumer.EMPTY, n, "poll on an empty queue");
                return;
            }
            byte[] expected = pop();
            assertEquals(expected.length, n, "poll: the oldest record's length");
            assertArrayEquals(expected, Arrays.copyOf(dst, n), "poll: the oldest record");
        }

        /** Offers the largest records until refused: that must happen before the memory is exceeded. */
        void fillUntilFull() {
            long bound = capacity / Math.max(1, spec.recordSize()) + 2;
            for (long i = 0; i <= bound; i++) {
                byte[] r = record(1.0);
                if (!producer.offer(MemorySegment.ofArray(r))) {
                    assertFalse(model.isEmpty(), "an empty queue refused the largest record");
                    assertFalse(producer.offer(MemorySegment.ofArray(record(1.0))), "a full queue took a record");
                    return;
                }
                push(r);
            }
            throw new AssertionError("the queue took " + (bound + 1) + " records of " + spec.recordSize()
                    + " bytes into " + capacity + " bytes of memory without refusing one");
        }

        /** Takes everything out, then every read path must say empty and the largest record must fit. */
        void drainAll() {
            drain(Integer.MAX_VALUE);
            assertNull(consumer.peek(), "peek after draining everything");
            assertEquals(QueueConsumer.EMPTY, consumer.poll(MemorySegment.ofArray(new byte[spec.recordSize()])),
                    "poll after draining everything");
            assertEquals(0, consumer.drain(r -> { }, 10), "drain after draining everything");
            offer(1.0);
            assertEquals(1, model.size(), "an empty queue took the largest record");
        }

        void invariants() {
            assertTrue(queuedBytes <= capacity, "the queue holds " + queuedBytes + " bytes of records in "
                    + capacity + " bytes of memory");
        }

        @Override
        public void close() {
            try {
                queue.close();
            } finally {
                memory.close();
            }
        }
    }

    static ActionChainArbitrary<QueueState> chains(Cell cell) {
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).withSpecialValue(0.0).withSpecialValue(1.0);
        Arbitrary<Integer> count = Arbitraries.integers().between(1, 12);
        ActionChainArbitrary<QueueState> chains = ActionChain.startWith(() -> ChainRunner.opened(new QueueState(cell, cell.discipline())))
                .withAction(5, independent(fraction.map(f -> Transformer.mutate("offer " + percent(f), s -> s.offer(f)))))
                .withAction(1, independent(Combinators.combine(count, fraction).as((n, f) ->
                        Transformer.mutate("batch offer of " + n + " up to " + percent(f), s -> s.batch(n, f)))))
                .withAction(2, independent(Combinators.combine(fraction, fraction).as((f, c) ->
                        Transformer.mutate("claim " + percent(f) + ", commit " + percent(c) + " of it", s -> s.claim(f, c)))))
                .withAction(2, Action.<QueueState>just(Transformer.mutate("peek, peek, release", QueueState::peekRelease)))
                .withAction(2, independent(Arbitraries.integers().between(1, 40).map(n ->
                        Transformer.mutate("drain up to " + n, s -> s.drain(n)))))
                .withAction(2, Action.<QueueState>just(Transformer.mutate("poll", QueueState::poll)))
                .withAction(1, Action.<QueueState>builder().when(s -> s.sequence > 0).just(
                        Transformer.mutate("fill until full", QueueState::fillUntilFull)))
                .withAction(1, Action.<QueueState>builder().when(s -> !s.model.isEmpty()).just(
                        Transformer.mutate("drain everything, then offer the largest", QueueState::drainAll)))
                .withMaxTransformations(60);
        if (QueueSeams.windowsAreViews(cell)) {
            chains = chains.withAction(3, independent(Arbitraries.integers().between(1, 64).map(o ->
                    Transformer.mutate("peek, window across the seam from " + o + " bytes before it, release",
                            s -> s.peekWindowRelease(o)))))
                    .withAction(1, Action.<QueueState>just(Transformer.mutate(
                            "a lap of single records, each peeked around a window across the seam",
                            QueueState::lapOfPeeksAroundWindows)));
        }
        return chains;
    }

    private static Action.Independent<QueueState> independent(Arbitrary<Transformer<QueueState>> transformers) {
        return () -> transformers;
    }

    private static String percent(double f) {
        return Math.round(f * 100) + "% of the largest";
    }

    /** Runs the chains of a queue cell, the invariants checked after every action. */
    public static void check(Cell cell, KitSettings settings) {
        cell.assumeAvailable();
        ChainRunner.run(cell.displayName(), chains(cell).map(chain ->
                        chain.withInvariant("queue holds no more than its memory", QueueState::invariants)
                                .withInvariant("copy counters keep the capabilities' promises",
                                        s -> QueueSeams.checkCounters(cell, s.memory, "this action"))),
                settings);
    }
}
