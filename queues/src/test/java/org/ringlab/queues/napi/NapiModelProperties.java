package org.ringlab.queues.napi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.queues.spsc.SpscRingQueue;

/**
 * {@code napi} without a poller thread, on every available strategy, fixed and variable
 * records: single-threaded random interleavings of offer, batch offer, claim/commit,
 * peek/release, drain, poll and NAPI polls (with a random budget and batch). Contents follow an
 * {@link ArrayDeque}; whether the ring takes a record follows a plain {@code spsc} twin on
 * memory of the same strategy fed the same operations (napi must change nothing but the
 * counting); every refusal is a counted drop; a NAPI poll delivers {@code min(budget, queued)}.
 */
class NapiModelProperties {

    sealed interface Action permits Offer, Batch, Claim, Peek, Drain, Poll, NapiPoll {
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

    record NapiPoll() implements Action {
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
                        Tuple.of(5, fraction.map(f -> (Action) new Offer(f))),
                        Tuple.of(1, Combinators.combine(Arbitraries.integers().between(1, 12), fraction).as((n, f) -> (Action) new Batch(n, f))),
                        Tuple.of(2, Combinators.combine(fraction, fraction).as((f, g) -> (Action) new Claim(f, g))),
                        Tuple.of(1, Arbitraries.just((Action) new Peek())),
                        Tuple.of(1, Arbitraries.integers().between(1, 40).map(n -> (Action) new Drain(n))),
                        Tuple.of(1, Arbitraries.just((Action) new Poll())),
                        Tuple.of(2, Arbitraries.just((Action) new NapiPoll())))
                .list().ofMinSize(1).ofMaxSize(150);
    }

    @Property(tries = 250)
    void napiCountsEveryRecordAndChangesNothingElse(@ForAll("strategies") String strategyName,
                                                    @ForAll boolean fixedRecords,
                                                    @ForAll @IntRange(min = 1, max = 2) int pages,
                                                    @ForAll @IntRange(min = 1, max = 300) int maxRecord,
                                                    @ForAll @IntRange(min = 1, max = 80) int budget,
                                                    @ForAll @IntRange(min = 1, max = 80) int batch,
                                                    @ForAll("actions") List<Action> actions) {
        MemoryStrategy strategy = Registries.memoryStrategies().require(strategyName);
        long capacity = strategy.granularity() == 1 ? pages * 1000L : pages * strategy.granularity();
        boolean padded = !(strategy.has(Capability.ZERO_COPY_CLAIM) && strategy.has(Capability.ZERO_COPY_WINDOW));
        int largest = (int) Math.min(maxRecord, (padded ? capacity / 2 : capacity) - 8);
        QueueSpec spec = fixedRecords ? QueueSpec.fixed(largest) : QueueSpec.variable(largest);
        NapiConfig config = NapiConfig.napi(budget, Math.min(batch, budget));
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
             RingMemory twinMemory = strategy.allocate(RingSpec.ofCapacity(capacity));
             NapiAdaptiveQueue queue = new NapiAdaptiveQueue(memory, spec, config);
             RecordQueue twin = SpscRingQueue.create("spsc", twinMemory, spec)) {
            new Run(queue, twin, spec).apply(actions);
        }
    }

    /** The napi queue, its spsc twin and the model side by side. */
    private static final class Run {
        final NapiAdaptiveQueue queue;
        final QueueProducer producer;
        final QueueConsumer consumer;
        final QueueProducer twinProducer;
        final QueueConsumer twinConsumer;
        final QueueSpec spec;
        final ArrayDeque<byte[]> model = new ArrayDeque<>();
        long sequence;
        long offered;
        long dropped;
        long delivered;
        long polls;

        Run(NapiAdaptiveQueue queue, RecordQueue twin, QueueSpec spec) {
            this.queue = queue;
            this.producer = queue.producer();
            this.consumer = queue.consumer(0);
            this.twinProducer = twin.producer();
            this.twinConsumer = twin.consumer(0);
            this.spec = spec;
        }

        void apply(List<Action> actions) {
            for (Action a : actions) {
                step(a);
                NapiStats s = queue.stats();
                assertEquals(offered, s.offered(), "offered after " + a);
                assertEquals(dropped, s.dropped(), "dropped after " + a);
                assertEquals(delivered, s.delivered(), "delivered after " + a);
                assertEquals(polls, s.polls(), "polls after " + a);
                assertEquals(model.size(), s.accepted() - s.delivered(), "queued after " + a);
                assertEquals(0, s.wakeUps(), "no poller, no interrupt");
                assertEquals(0, s.parks());
            }
        }

        private void step(Action a) {
            switch (a) {
                case Offer o -> {
                    byte[] r = record(o.size());
                    boolean expected = twinProducer.offer(MemorySegment.ofArray(r));
                    assertEquals(expected, producer.offer(MemorySegment.ofArray(r)), "offer of " + r.length + " bytes");
                    offered++;
                    if (expected) {
                        model.addLast(r);
                    } else {
                        dropped++;
                    }
                }
                case Batch b -> {
                    MemorySegment[] batch = new MemorySegment[b.count()];
                    List<byte[]> rs = new ArrayList<>();
                    for (int i = 0; i < b.count(); i++) {
                        rs.add(record(b.size() * (i + 1) / b.count()));
                        batch[i] = MemorySegment.ofArray(rs.get(i));
                    }
                    int expected = twinProducer.offer(batch, 0, batch.length);
                    assertEquals(expected, producer.offer(batch, 0, batch.length), "batch accepted");
                    offered += b.count();
                    dropped += b.count() - expected;
                    model.addAll(rs.subList(0, expected));
                }
                case Claim c -> {
                    byte[] r = record(c.size());
                    MemorySegment twinClaim = twinProducer.claim(r.length);
                    MemorySegment claim = producer.claim(r.length);
                    assertEquals(twinClaim != null, claim != null, "claim of " + r.length + " bytes");
                    if (claim == null) {
                        offered++;
                        dropped++;
                        return;
                    }
                    int length = spec.mode() == QueueSpec.RecordMode.FIXED ? r.length
                            : (int) Math.round(c.committed() * r.length);
                    byte[] committed = Arrays.copyOf(r, length);
                    MemorySegment.copy(MemorySegment.ofArray(committed), 0, claim, 0, length);
                    producer.commit(length);
                    MemorySegment.copy(MemorySegment.ofArray(committed), 0, twinClaim, 0, length);
                    twinProducer.commit(length);
                    offered++;
                    model.addLast(committed);
                }
                case Peek p -> {
                    MemorySegment view = consumer.peek();
                    MemorySegment twinView = twinConsumer.peek();
                    if (model.isEmpty()) {
                        assertNull(view, "peek on an empty queue");
                        assertNull(twinView);
                        return;
                    }
                    assertArrayEquals(model.pollFirst(), view.toArray(ValueLayout.JAVA_BYTE));
                    consumer.release();
                    twinConsumer.release();
                    delivered++;
                }
                case Drain d -> {
                    List<byte[]> seen = new ArrayList<>();
                    int n = consumer.drain(r -> seen.add(r.toArray(ValueLayout.JAVA_BYTE)), d.limit());
                    assertEquals(Math.min(d.limit(), model.size()), n);
                    assertEquals(n, twinConsumer.drain(r -> { }, d.limit()));
                    seen.forEach(r -> assertArrayEquals(model.pollFirst(), r));
                    delivered += n;
                }
                case Poll p -> {
                    byte[] dst = new byte[spec.recordSize()];
                    int n = consumer.poll(MemorySegment.ofArray(dst));
                    assertEquals(n, twinConsumer.poll(MemorySegment.ofArray(new byte[spec.recordSize()])));
                    if (model.isEmpty()) {
                        assertEquals(QueueConsumer.EMPTY, n);
                        return;
                    }
                    assertArrayEquals(model.pollFirst(), Arrays.copyOf(dst, n));
                    delivered++;
                }
                case NapiPoll p -> {
                    List<byte[]> seen = new ArrayList<>();
                    int expected = Math.min(queue.config().budget(), model.size());
                    int n = queue.poll(r -> seen.add(r.toArray(ValueLayout.JAVA_BYTE)));
                    assertEquals(expected, n, "a poll takes min(budget, queued)");
                    assertEquals(n, seen.size());
                    seen.forEach(r -> assertArrayEquals(model.pollFirst(), r));
                    // The twin consumes the same records, in one drain.
                    if (n > 0) {
                        assertEquals(n, twinConsumer.drain(r -> { }, n));
                    }
                    delivered += n;
                    polls++;
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
    }
}
