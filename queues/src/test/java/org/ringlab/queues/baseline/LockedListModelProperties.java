package org.ringlab.queues.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code locked-list} on every available strategy, fixed and variable records, behaves like an
 * {@link ArrayDeque}: single-threaded random interleavings of offer, batch offer, claim/commit,
 * peek/release, drain and poll, records up to the maximum size. The model charges each record
 * as documented (fixed: the record size; variable: 4 + length rounded up to 8), so "full" is
 * checked exactly, and the counters are checked after every step.
 */
class LockedListModelProperties {

    sealed interface Action permits Offer, Batch, Claim, Peek, Drain, Poll {
    }

    record Offer(double size) implements Action {
    }

    record Batch(int count, double size) implements Action {
    }

    record Claim(double size, double committed) implements Action {
    }

    record Peek() implements Action {
    }

    record Drain(int limit) implements Action {
    }

    record Poll() implements Action {
    }

    @Provide
    Arbitrary<String> strategies() {
        List<String> names = Registries.memoryStrategies().available().stream().map(MemoryStrategy::name).toList();
        assertTrue(names.size() >= 3, "expected the heap strategies at least: " + names);
        return Arbitraries.of(names);
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).withSpecialValue(1.0).withSpecialValue(0.0);
        return Arbitraries.<Action>frequencyOf(
                        Tuple.of(4, fraction.map(f -> (Action) new Offer(f))),
                        Tuple.of(1, Combinators.combine(Arbitraries.integers().between(1, 8), fraction).as((n, f) -> (Action) new Batch(n, f))),
                        Tuple.of(2, Combinators.combine(fraction, fraction).as((f, g) -> (Action) new Claim(f, g))),
                        Tuple.of(2, Arbitraries.just((Action) new Peek())),
                        Tuple.of(2, Arbitraries.integers().between(1, 40).map(n -> (Action) new Drain(n))),
                        Tuple.of(2, Arbitraries.just((Action) new Poll())))
                .list().ofMinSize(1).ofMaxSize(120);
    }

    @Property(tries = 300)
    void lockedListFollowsAnArrayDequeModel(@ForAll("strategies") String strategyName,
                                            @ForAll boolean fixedRecords,
                                            @ForAll @IntRange(min = 1, max = 3) int pages,
                                            @ForAll @IntRange(min = 1, max = 512) int maxRecord,
                                            @ForAll("actions") List<Action> actions) {
        MemoryStrategy strategy = Registries.memoryStrategies().require(strategyName);
        long capacity = strategy.granularity() == 1 ? pages * 1000L : pages * strategy.granularity();
        int largest = (int) Math.min(maxRecord, capacity - 8);
        QueueSpec spec = fixedRecords ? QueueSpec.fixed(largest) : QueueSpec.variable(largest);
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
             RecordQueue queue = new LockedListDiscipline().create(memory, spec)) {
            new Run(queue, capacity, spec).apply(actions);
        }
    }

    private static final class Run {
        final RecordQueue queue;
        final QueueProducer producer;
        final QueueConsumer consumer;
        final long capacity;
        final QueueSpec spec;
        final ArrayDeque<byte[]> model = new ArrayDeque<>();
        long bytes;
        long sequence;
        long accepted;
        long failed;
        long consumed;

        Run(RecordQueue queue, long capacity, QueueSpec spec) {
            this.queue = queue;
            this.producer = queue.producer();
            this.consumer = queue.consumer(0);
            this.capacity = capacity;
            this.spec = spec;
        }

        void apply(List<Action> actions) {
            for (Action a : actions) {
                step(a);
                var c = queue.counters();
                assertEquals(accepted, c.get("recordsOffered"), "accepted after " + a);
                assertEquals(failed, c.get("failedOffers"), "failed offers after " + a);
                assertEquals(consumed, c.get("recordsConsumed"), "consumed after " + a);
                assertEquals(model.size(), c.get("queuedRecords"));
                assertEquals(bytes, c.get("queuedBytes"));
                assertEquals(0, c.get("contendedLocks"), "one thread never contends");
                assertEquals(0, c.get("lockWaitNanos"), "one thread never waits for the lock");
            }
        }

        private void step(Action a) {
            switch (a) {
                case Offer o -> {
                    byte[] r = record(o.size());
                    boolean fits = fits(r.length);
                    assertEquals(fits, producer.offer(MemorySegment.ofArray(r)), "offer of " + r.length + " bytes with "
                            + bytes + " of " + capacity + " bytes queued");
                    if (model.isEmpty()) {
                        assertTrue(fits, "an empty queue always takes a record");
                    }
                    if (fits) {
                        push(r);
                    } else {
                        failed++;
                    }
                }
                case Batch b -> {
                    MemorySegment[] batch = new MemorySegment[b.count()];
                    List<byte[]> rs = new ArrayList<>();
                    for (int i = 0; i < b.count(); i++) {
                        rs.add(record(b.size() * (i + 1) / b.count()));
                        batch[i] = MemorySegment.ofArray(rs.get(i));
                    }
                    int n = producer.offer(batch, 0, batch.length);
                    int expected = 0;
                    while (expected < rs.size() && fits(rs.get(expected).length)) {
                        push(rs.get(expected++));
                    }
                    if (expected < rs.size()) {
                        failed++;
                    }
                    assertEquals(expected, n, "batch accepted");
                }
                case Claim c -> {
                    byte[] r = record(c.size());
                    MemorySegment claim = producer.claim(r.length);
                    assertEquals(fits(r.length), claim != null, "claim of " + r.length + " bytes");
                    if (claim == null) {
                        failed++;
                        return;
                    }
                    assertEquals(r.length, claim.byteSize());
                    int length = spec.mode() == QueueSpec.RecordMode.FIXED ? r.length
                            : (int) Math.round(c.committed() * r.length);
                    byte[] committed = Arrays.copyOf(r, length);
                    MemorySegment.copy(MemorySegment.ofArray(committed), 0, claim, 0, length);
                    producer.commit(length);
                    push(committed);
                }
                case Peek p -> {
                    MemorySegment view = consumer.peek();
                    if (model.isEmpty()) {
                        assertNull(view, "peek on an empty queue");
                        return;
                    }
                    assertNotNull(view);
                    assertTrue(view.isReadOnly());
                    assertArrayEquals(model.peekFirst(), view.toArray(ValueLayout.JAVA_BYTE));
                    consumer.release();
                    pop();
                }
                case Drain d -> {
                    List<byte[]> seen = new ArrayList<>();
                    int n = consumer.drain(r -> seen.add(r.toArray(ValueLayout.JAVA_BYTE)), d.limit());
                    assertEquals(Math.min(d.limit(), model.size()), n);
                    seen.forEach(r -> assertArrayEquals(pop(), r));
                }
                case Poll p -> {
                    byte[] dst = new byte[spec.recordSize()];
                    int n = consumer.poll(MemorySegment.ofArray(dst));
                    if (model.isEmpty()) {
                        assertEquals(QueueConsumer.EMPTY, n);
                        return;
                    }
                    byte[] expected = pop();
                    assertEquals(expected.length, n);
                    assertArrayEquals(expected, Arrays.copyOf(dst, n));
                }
            }
        }

        long charge(int length) {
            return spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize() : (4 + length + 7) & -8L;
        }

        boolean fits(int length) {
            return bytes + charge(length) <= capacity;
        }

        void push(byte[] r) {
            model.addLast(r);
            bytes += charge(r.length);
            accepted++;
        }

        byte[] pop() {
            byte[] r = model.removeFirst();
            bytes -= charge(r.length);
            consumed++;
            return r;
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
    }
}
