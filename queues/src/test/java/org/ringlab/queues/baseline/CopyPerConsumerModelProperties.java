package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code copy-per-consumer} on every available strategy, fixed and variable records, behaves
 * like one {@link ArrayDeque} per consumer, with "full" checked exactly: the model keeps each
 * sub-ring's byte positions and spsc's padding rule. And each consumer's copy of a record is
 * separate memory (the N copies this baseline is about).
 */
class CopyPerConsumerModelProperties {

    sealed interface Action permits Offer, Batch, Claim, Peek, Drain, Poll {
    }

    record Offer(double size) implements Action {
    }

    record Batch(int count, double size) implements Action {
    }

    record Claim(double size, double committed) implements Action {
    }

    record Peek(int consumer) implements Action {
    }

    record Drain(int consumer, int limit) implements Action {
    }

    record Poll(int consumer) implements Action {
    }

    @Provide
    Arbitrary<String> strategies() {
        return Arbitraries.of(Registries.memoryStrategies().available().stream().map(MemoryStrategy::name).toList());
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).withSpecialValue(1.0).withSpecialValue(0.0);
        Arbitrary<Integer> who = Arbitraries.integers().between(0, 63);
        return Arbitraries.<Action>frequencyOf(
                        Tuple.of(5, fraction.map(f -> (Action) new Offer(f))),
                        Tuple.of(1, Combinators.combine(Arbitraries.integers().between(1, 8), fraction).as((n, f) -> (Action) new Batch(n, f))),
                        Tuple.of(2, Combinators.combine(fraction, fraction).as((f, g) -> (Action) new Claim(f, g))),
                        Tuple.of(3, who.map(c -> (Action) new Peek(c))),
                        Tuple.of(3, Combinators.combine(who, Arbitraries.integers().between(1, 40)).as((c, n) -> (Action) new Drain(c, n))),
                        Tuple.of(2, who.map(c -> (Action) new Poll(c))))
                .list().ofMinSize(1).ofMaxSize(120);
    }

    @Property(tries = 200)
    void copyPerConsumerFollowsPerConsumerDequeModels(@ForAll("strategies") String strategyName,
                                                      @ForAll boolean fixedRecords,
                                                      @ForAll @IntRange(min = 1, max = 4) int consumers,
                                                      @ForAll @IntRange(min = 1, max = 3) int pages,
                                                      @ForAll @IntRange(min = 1, max = 300) int maxRecord,
                                                      @ForAll("actions") List<Action> actions) {
        MemoryStrategy strategy = Registries.memoryStrategies().require(strategyName);
        long capacity = strategy.granularity() == 1 ? pages * 1700L * consumers : pages * strategy.granularity();
        long subRing = capacity / consumers / 64 * 64;
        int largest = (int) Math.min(maxRecord, subRing / 2 - 8); // what create() accepts
        QueueSpec spec = (fixedRecords ? QueueSpec.fixed(largest) : QueueSpec.variable(largest)).withConsumers(consumers);
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
             RecordQueue queue = new CopyPerConsumerDiscipline().create(memory, spec)) {
            assertEquals(subRing, queue.counters().get("subRingSize"));
            new Run(queue, spec, subRing).apply(actions);
        }
    }

    @Test
    void badInputNamesTheValues() {
        try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(4096))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new CopyPerConsumerDiscipline().create(memory, QueueSpec.variable(64).withConsumers(16)));
            assertTrue(e.getMessage().contains("16") && e.getMessage().contains("10"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class,
                    () -> new CopyPerConsumerDiscipline().create(memory, QueueSpec.variable(1000).withConsumers(4)));
            assertTrue(e.getMessage().contains("1000") && e.getMessage().contains("1024 bytes each"), e.getMessage());
            RecordQueue q = new CopyPerConsumerDiscipline().create(memory, QueueSpec.variable(64).withConsumers(2));
            e = assertThrows(IllegalArgumentException.class, () -> q.producer().offer(MemorySegment.ofArray(new byte[65])));
            assertTrue(e.getMessage().contains("65") && e.getMessage().contains("64"), e.getMessage());
            IllegalStateException s = assertThrows(IllegalStateException.class, () -> q.consumer(1).release());
            assertTrue(s.getMessage().contains("consumer 1"), s.getMessage());
            q.close();
            assertThrows(IllegalStateException.class, () -> q.producer().offer(MemorySegment.ofArray(new byte[1])));
            assertThrows(IllegalStateException.class, () -> q.consumer(0).peek());
        }
    }

    private static final class Run {
        final RecordQueue queue;
        final QueueSpec spec;
        final long size;
        final int n;
        final long[] producer;
        final long[] consumer;
        final List<ArrayDeque<byte[]>> models = new ArrayList<>();
        final List<ArrayDeque<Long>> ends = new ArrayList<>();
        long sequence;

        Run(RecordQueue queue, QueueSpec spec, long size) {
            this.queue = queue;
            this.spec = spec;
            this.size = size;
            this.n = spec.consumers();
            this.producer = new long[n];
            this.consumer = new long[n];
            for (int c = 0; c < n; c++) {
                models.add(new ArrayDeque<>());
                ends.add(new ArrayDeque<>());
            }
        }

        void apply(List<Action> actions) {
            for (Action a : actions) {
                switch (a) {
                    case Offer o -> {
                        byte[] r = record(o.size());
                        assertEquals(fitsAll(r.length), queue.producer().offer(MemorySegment.ofArray(r)), "offer of " + r.length);
                        if (fitsAll(r.length)) {
                            push(r);
                        }
                    }
                    case Batch b -> {
                        MemorySegment[] batch = new MemorySegment[b.count()];
                        List<byte[]> rs = new ArrayList<>();
                        for (int i = 0; i < b.count(); i++) {
                            rs.add(record(b.size() * (i + 1) / b.count()));
                            batch[i] = MemorySegment.ofArray(rs.get(i));
                        }
                        int accepted = queue.producer().offer(batch, 0, batch.length);
                        int expected = 0;
                        while (expected < rs.size() && fitsAll(rs.get(expected).length)) {
                            push(rs.get(expected++));
                        }
                        assertEquals(expected, accepted, "batch accepted");
                    }
                    case Claim c -> {
                        byte[] r = record(c.size());
                        MemorySegment claim = queue.producer().claim(r.length);
                        assertEquals(fitsAll(r.length), claim != null, "claim of " + r.length);
                        if (claim != null) {
                            int length = spec.mode() == QueueSpec.RecordMode.FIXED ? r.length
                                    : (int) Math.round(c.committed() * r.length);
                            byte[] committed = Arrays.copyOf(r, length);
                            MemorySegment.copy(MemorySegment.ofArray(committed), 0, claim, 0, length);
                            queue.producer().commit(length);
                            push(committed, r.length);
                        }
                    }
                    case Peek p -> {
                        int c = p.consumer() % n;
                        MemorySegment view = queue.consumer(c).peek();
                        if (models.get(c).isEmpty()) {
                            assertNull(view);
                        } else {
                            assertNotNull(view);
                            assertArrayEquals(models.get(c).peekFirst(), view.toArray(ValueLayout.JAVA_BYTE));
                            if (n > 1 && view.byteSize() > 0) {
                                MemorySegment other = queue.consumer((c + 1) % n).peek();
                                if (other != null && other.byteSize() == view.byteSize()
                                        && models.get((c + 1) % n).peekFirst() == models.get(c).peekFirst()) {
                                    assertNotEquals(view.address(), other.address(), "each consumer has its own copy");
                                }
                            }
                            queue.consumer(c).release();
                            pop(c);
                        }
                    }
                    case Drain d -> {
                        int c = d.consumer() % n;
                        List<byte[]> seen = new ArrayList<>();
                        int got = queue.consumer(c).drain(v -> seen.add(v.toArray(ValueLayout.JAVA_BYTE)), d.limit());
                        assertEquals(Math.min(d.limit(), models.get(c).size()), got);
                        for (byte[] r : seen) {
                            assertArrayEquals(pop(c), r);
                        }
                    }
                    case Poll p -> {
                        int c = p.consumer() % n;
                        byte[] dst = new byte[spec.recordSize()];
                        int got = queue.consumer(c).poll(MemorySegment.ofArray(dst));
                        if (models.get(c).isEmpty()) {
                            assertEquals(QueueConsumer.EMPTY, got);
                        } else {
                            byte[] r = pop(c);
                            assertEquals(r.length, got);
                            assertArrayEquals(r, Arrays.copyOf(dst, got));
                        }
                    }
                }
                for (int c = 0; c < n; c++) {
                    assertEquals(models.get(c).size(), queue.counters().get("consumer." + c + ".lag"));
                }
            }
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

        /** spsc's terminator reserve (SpscDescriptor.TERMINATOR_RESERVE: one word, rounded up to the 8-byte frame alignment). */
        static final long TERMINATOR_RESERVE = 8;

        long frame(int length) {
            return spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize() : (4 + length + 7) & -8L;
        }

        /** spsc's padding rule inside a sub-ring: a frame never crosses its end. */
        long start(int c, int length) {
            long offset = producer[c] % size;
            return offset + frame(length) > size ? producer[c] + size - offset : producer[c];
        }

        /**
         * The bytes of frames a sub-ring holds at once: variable records are published through
         * their length words, so spsc keeps a terminator's 8 bytes free after the newest frame
         * (fixed slots are published by position and fill the sub-ring).
         */
        long frameLimit() {
            return spec.mode() == QueueSpec.RecordMode.FIXED ? size : size - TERMINATOR_RESERVE;
        }

        boolean fitsAll(int length) {
            for (int c = 0; c < n; c++) {
                if (start(c, length) + frame(length) - consumer[c] > frameLimit()) {
                    return false;
                }
            }
            return true;
        }

        void push(byte[] r) {
            push(r, r.length);
        }

        /**
         * Sub-ring 0 was padded for the claimed length; the others are reserved again for the
         * committed one, which may need less padding.
         */
        void push(byte[] r, int claimed) {
            for (int c = 0; c < n; c++) {
                producer[c] = start(c, c == 0 ? claimed : r.length) + frame(r.length);
                models.get(c).addLast(r);
                ends.get(c).addLast(producer[c]);
            }
        }

        byte[] pop(int c) {
            consumer[c] = ends.get(c).removeFirst();
            return models.get(c).removeFirst();
        }
    }
}
