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
 * A multi-consumer discipline runs with {@link QueueContractPoints#CONSUMERS} consumers, each
 * action on a random one, and every consumer must see every record (the disciplines broadcast).
 */
public final class QueueContract {

    private QueueContract() {
    }

    /**
     * The queue and its model side by side; one per chain. A multi-consumer discipline is built
     * with {@link Cell#consumers()} consumers and each has its own deque: every record offered
     * goes to every consumer's, each consumer action takes from its own.
     */
    static final class QueueState implements AutoCloseable {
        final RingMemory memory;
        final RecordQueue queue;
        final QueueProducer producer;
        final QueueConsumer[] consumers;
        final QueueSpec spec;
        final long capacity;
        final List<ArrayDeque<byte[]>> models = new ArrayList<>();
        final long[] queuedBytes;
        long sequence;

        QueueState(Cell cell, QueueDiscipline discipline, int consumerCount) {
            this.capacity = cell.capacity();
            this.spec = cell.spec().withConsumers(consumerCount);
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
            this.consumers = new QueueConsumer[consumerCount];
            this.queuedBytes = new long[consumerCount];
            for (int c = 0; c < consumerCount; c++) {
                consumers[c] = queue.consumer(c);
                models.add(new ArrayDeque<>());
            }
        }

        /** "consumer 2: " where there are several, else nothing. */
        String who(int c) {
            return consumers.length == 1 ? "" : "consumer " + c + ": ";
        }

        /** Whether some consumer has a record it has not consumed (then the queue may be full). */
        boolean anyQueued() {
            return models.stream().anyMatch(m -> !m.isEmpty());
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
            for (int c = 0; c < consumers.length; c++) {
                models.get(c).addLast(r);
                queuedBytes[c] += r.length;
            }
        }

        byte[] pop(int c) {
            byte[] r = models.get(c).removeFirst();
            queuedBytes[c] -= r.length;
            return r;
        }

        void offer(double size) {
            byte[] r = record(size);
            boolean accepted = producer.offer(MemorySegment.ofArray(r));
            if (accepted) {
                push(r);
            } else {
                assertTrue(anyQueued(), "an empty queue refused a record of " + r.length + " bytes");
            }
        }

        void batch(int count, double size) {
            MemorySegment[] batch = new MemorySegment[count];
            List<byte[]> records = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                records.add(record(size * (i + 1) / count));
                batch[i] = MemorySegment.ofArray(records.get(i));
            }
            boolean wasEmpty = !anyQueued();
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
                assertTrue(anyQueued(), "an empty queue refused a claim of " + r.length + " bytes");
                return;
            }
            assertTrue(claim.byteSize() >= r.length, "claim of " + r.length + " returned " + claim.byteSize() + " bytes");
            int length = spec.mode() == QueueSpec.RecordMode.FIXED ? r.length : (int) Math.round(committedFraction * r.length);
            MemorySegment.copy(MemorySegment.ofArray(r), 0, claim, 0, length);
            producer.commit(length);
            push(Arrays.copyOf(r, length));
        }

        void peekRelease(int c) {
            ArrayDeque<byte[]> model = models.get(c);
            MemorySegment view = consumers[c].peek();
            if (model.isEmpty()) {
                assertNull(view, who(c) + "peek on an empty queue");
                return;
            }
            assertNotNull(view, who(c) + "peek with " + model.size() + " records queued");
            assertTrue(view.isReadOnly(), who(c) + "a peeked record is read-only");
            assertArrayEquals(model.peekFirst(), view.toArray(ValueLayout.JAVA_BYTE), who(c) + "peek: the oldest record");
            MemorySegment again = consumers[c].peek();
            assertNotNull(again, who(c) + "a second peek before release");
            assertArrayEquals(model.peekFirst(), again.toArray(ValueLayout.JAVA_BYTE), who(c) + "a second peek: the same record");
            consumers[c].release();
            pop(c);
        }

        /**
         * Peeks, reads a window across the seam nearest the oldest record as another reader
         * would, and checks the peeked record is unchanged: a zero-copy window is a view valid
         * until its bytes are overwritten, and a peeked record until release. A strategy that
         * declares zero-copy windows but gathers into reused scratch fails here once the
         * peeked record crosses the seam.
         */
        void peekWindowRelease(int c, int seamOffset) {
            ArrayDeque<byte[]> model = models.get(c);
            MemorySegment view = consumers[c].peek();
            if (model.isEmpty()) {
                assertNull(view, who(c) + "peek on an empty queue");
                return;
            }
            assertNotNull(view, who(c) + "peek with " + model.size() + " records queued");
            long lap = Math.max(1, sequence); // any lap: a zero-copy window maps position mod capacity
            long at = lap * capacity - seamOffset;
            int length = Math.max(2, 2 * seamOffset);
            memory.window(at, Math.min(length, capacity)).get(ValueLayout.JAVA_BYTE, 0);
            assertArrayEquals(model.peekFirst(), view.toArray(ValueLayout.JAVA_BYTE), who(c) + "a peeked record after a window"
                    + " of " + length + " bytes across the seam at ring offset " + (capacity - seamOffset)
                    + " (a zero-copy window is a view; a peeked record is valid until release)");
            consumers[c].release();
            pop(c);
        }

        /**
         * Empties the queue, then moves one largest record at a time through a whole lap, each
         * peeked by every consumer around a window across the seam: so the record that
         * straddles the seam (if the discipline lets one) is certainly among those checked.
         */
        void lapOfPeeksAroundWindows() {
            drainEveryConsumer();
            long steps = capacity / spec.recordSize() + 2;
            for (int i = 0; i < steps; i++) {
                offer(1.0);
                for (int c = 0; c < consumers.length; c++) {
                    peekWindowRelease(c, 1 + i % 64);
                }
            }
        }

        void drain(int c, int limit) {
            ArrayDeque<byte[]> model = models.get(c);
            List<byte[]> seen = new ArrayList<>();
            int n = consumers[c].drain(r -> seen.add(r.toArray(ValueLayout.JAVA_BYTE)), limit);
            assertEquals(Math.min(limit, model.size()), n, who(c) + "drain(" + limit + ") with " + model.size() + " queued");
            assertEquals(n, seen.size(), who(c) + "drain's count and the records handed over");
            for (int i = 0; i < seen.size(); i++) {
                assertArrayEquals(pop(c), seen.get(i), who(c) + "drained record " + i);
            }
        }

        void drainEveryConsumer() {
            for (int c = 0; c < consumers.length; c++) {
                drain(c, Integer.MAX_VALUE);
            }
        }

        void poll(int c) {
            byte[] dst = new byte[spec.recordSize()];
            int n = consumers[c].poll(MemorySegment.ofArray(dst));
            if (models.get(c).isEmpty()) {
                assertEquals(QueueConsumer.EMPTY, n, who(c) + "poll on an empty queue");
                return;
            }
            byte[] expected = pop(c);
            assertEquals(expected.length, n, who(c) + "poll: the oldest record's length");
            assertArrayEquals(expected, Arrays.copyOf(dst, n), who(c) + "poll: the oldest record");
        }

        /** Offers the largest records until refused: that must happen before the memory is exceeded. */
        void fillUntilFull() {
            long bound = capacity / Math.max(1, spec.recordSize()) + 2;
            for (long i = 0; i <= bound; i++) {
                byte[] r = record(1.0);
                if (!producer.offer(MemorySegment.ofArray(r))) {
                    assertTrue(anyQueued(), "an empty queue refused the largest record");
                    assertFalse(producer.offer(MemorySegment.ofArray(record(1.0))), "a full queue took a record");
                    return;
                }
                push(r);
            }
            throw new AssertionError("the queue took " + (bound + 1) + " records of " + spec.recordSize()
                    + " bytes into " + capacity + " bytes of memory without refusing one");
        }

        /** Every consumer takes everything out, then every read path must say empty and the largest record must fit. */
        void drainAll() {
            drainEveryConsumer();
            for (int c = 0; c < consumers.length; c++) {
                QueueConsumer consumer = consumers[c];
                assertNull(consumer.peek(), who(c) + "peek after draining everything");
                assertEquals(QueueConsumer.EMPTY, consumer.poll(MemorySegment.ofArray(new byte[spec.recordSize()])),
                        who(c) + "poll after draining everything");
                assertEquals(0, consumer.drain(r -> { }, 10), who(c) + "drain after draining everything");
            }
            offer(1.0);
            assertEquals(1, models.get(0).size(), "an empty queue took the largest record");
        }

        void invariants() {
            for (int c = 0; c < consumers.length; c++) {
                assertTrue(queuedBytes[c] <= capacity, who(c) + "the queue holds " + queuedBytes[c] + " bytes of records in "
                        + capacity + " bytes of memory");
            }
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
        int consumers = cell.consumers();
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).withSpecialValue(0.0).withSpecialValue(1.0);
        Arbitrary<Integer> count = Arbitraries.integers().between(1, 12);
        Arbitrary<Integer> consumer = Arbitraries.integers().between(0, consumers - 1);
        ActionChainArbitrary<QueueState> chains = ActionChain.startWith(() -> ChainRunner.opened(
                        new QueueState(cell, cell.discipline(), consumers)))
                .withAction(5, independent(fraction.map(f -> Transformer.mutate("offer " + percent(f), s -> s.offer(f)))))
                .withAction(1, independent(Combinators.combine(count, fraction).as((n, f) ->
                        Transformer.mutate("batch offer of " + n + " up to " + percent(f), s -> s.batch(n, f)))))
                .withAction(2, independent(Combinators.combine(fraction, fraction).as((f, c) ->
                        Transformer.mutate("claim " + percent(f) + ", commit " + percent(c) + " of it", s -> s.claim(f, c)))))
                .withAction(2, independent(consumer.map(c -> Transformer.mutate(by(consumers, c) + "peek, peek, release",
                        s -> s.peekRelease(c)))))
                .withAction(2, independent(Combinators.combine(consumer, Arbitraries.integers().between(1, 40)).as((c, n) ->
                        Transformer.mutate(by(consumers, c) + "drain up to " + n, s -> s.drain(c, n)))))
                .withAction(2, independent(consumer.map(c -> Transformer.mutate(by(consumers, c) + "poll", s -> s.poll(c)))))
                .withAction(1, Action.<QueueState>builder().when(s -> s.sequence > 0).just(
                        Transformer.mutate("fill until full", QueueState::fillUntilFull)))
                .withAction(1, Action.<QueueState>builder().when(QueueState::anyQueued).just(
                        Transformer.mutate("drain everything" + (consumers > 1 ? " (every consumer)" : "")
                                + ", then offer the largest", QueueState::drainAll)))
                .withMaxTransformations(60);
        if (QueueSeams.windowsAreViews(cell)) {
            chains = chains.withAction(3, independent(Combinators.combine(consumer, Arbitraries.integers().between(1, 64))
                            .as((c, o) -> Transformer.mutate(by(consumers, c) + "peek, window across the seam from " + o
                                    + " bytes before it, release", s -> s.peekWindowRelease(c, o)))))
                    .withAction(1, Action.<QueueState>just(Transformer.mutate(
                            "a lap of single records, each peeked around a window across the seam",
                            QueueState::lapOfPeeksAroundWindows)));
        }
        return chains;
    }

    /** The action's consumer, where there are several. */
    private static String by(int consumers, int c) {
        return consumers == 1 ? "" : "consumer " + c + ": ";
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
