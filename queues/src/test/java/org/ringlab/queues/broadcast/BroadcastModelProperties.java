package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@code broadcast} on every available memory strategy, fixed and variable records, behaves
 * like one {@link ArrayDeque} per joined consumer: single-threaded random interleavings of
 * offer, put, batch offer, claim/commit, and per consumer peek, release, drain, poll, join and
 * leave, wrapping the slots many times. The model keeps its own pending count per slot and its
 * own statement of the slot rule (next slot in turn; after K records C / M clamped to [8,
 * physical]), so "full" is checked exactly, every slot's pending count is compared after every
 * step, and each record is checked to be stored once (every consumer's view of it is the same
 * memory).
 */
class BroadcastModelProperties {

    sealed interface Action permits Offer, Put, Batch, Claim, Peek, Release, Drain, Poll, Join, Leave {
    }

    record Offer(double size) implements Action {
    }

    record Put(double size) implements Action {
    }

    record Batch(int count, double size) implements Action {
    }

    record Claim(double size, double committed) implements Action {
    }

    record Peek(int consumer, boolean release) implements Action {
    }

    record Release(int consumer) implements Action {
    }

    record Drain(int consumer, int limit) implements Action {
    }

    record Poll(int consumer) implements Action {
    }

    record Join() implements Action {
    }

    record Leave(int consumer) implements Action {
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
        Arbitrary<Integer> who = Arbitraries.integers().between(0, 63);
        return Arbitraries.<Action>frequencyOf(
                        Tuple.of(5, fraction.map(f -> (Action) new Offer(f))),
                        Tuple.of(1, fraction.map(f -> (Action) new Put(f))),
                        Tuple.of(1, Combinators.combine(Arbitraries.integers().between(1, 12), fraction).as((n, f) -> (Action) new Batch(n, f))),
                        Tuple.of(2, Combinators.combine(fraction, fraction).as((f, g) -> (Action) new Claim(f, g))),
                        Tuple.of(4, Combinators.combine(who, Arbitraries.of(true, false)).as((c, r) -> (Action) new Peek(c, r))),
                        Tuple.of(1, who.map(c -> (Action) new Release(c))),
                        Tuple.of(3, Combinators.combine(who, Arbitraries.integers().between(1, 40)).as((c, n) -> (Action) new Drain(c, n))),
                        Tuple.of(2, who.map(c -> (Action) new Poll(c))),
                        Tuple.of(1, Arbitraries.just((Action) new Join())),
                        Tuple.of(1, who.map(c -> (Action) new Leave(c))))
                .list().ofMinSize(1).ofMaxSize(150);
    }

    @Property(tries = 300)
    void broadcastFollowsPerConsumerDequeModels(@ForAll("strategies") String strategyName,
                                                @ForAll boolean fixedRecords,
                                                @ForAll @IntRange(min = 1, max = 1500) int recordSize,
                                                @ForAll @IntRange(min = 1, max = 20) int slotsWanted,
                                                @ForAll @IntRange(min = 1, max = 5) int consumers,
                                                @ForAll @IntRange(min = 1, max = 12) int adjustAfter,
                                                @ForAll @LongRange(min = 1, max = 20_000) long memoryCap,
                                                @ForAll boolean cross,
                                                @ForAll("actions") List<Action> actions) {
        MemoryStrategy strategy = Registries.memoryStrategies().require(strategyName);
        long stride = Math.max(64, (recordSize + 63) / 64 * 64L);
        long g = strategy.granularity();
        long capacity = g == 1 ? slotsWanted * stride + (recordSize * 7L) % stride
                : Math.max(1, Math.ceilDiv(slotsWanted * stride, g)) * g;
        QueueSpec spec = (fixedRecords ? QueueSpec.fixed(recordSize) : QueueSpec.variable(recordSize)).withConsumers(consumers)
                .withSeam(cross ? SeamPlacement.CROSS : SeamPlacement.PAD); // cross: packed, straddling split and linearize's seams
        List<SlotAdjustment> events = new ArrayList<>();
        BroadcastOptions options = BroadcastOptions.defaults().withAdjustAfter(adjustAfter).withMemoryCap(memoryCap)
                .withOnAdjustment(events::add);
        try (RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
             RefCountedBroadcastQueue queue = new BroadcastDiscipline().create(memory, spec, options)) {
            new Run(queue, spec, capacity, stride, adjustAfter, memoryCap, events).apply(actions);
        }
    }

    /** The queue and its model side by side. */
    private static final class Run {
        final RefCountedBroadcastQueue queue;
        final QueueSpec spec;
        final int n;
        final int physical;
        final int adjustAt;
        final long memoryCap;
        final List<SlotAdjustment> events;
        final long[] pending;
        final List<ArrayDeque<Rec>> queues = new ArrayList<>();
        final boolean[] joined;
        final boolean[] holding;
        final Map<Long, Long> addressOf = new HashMap<>();
        int inUse;
        int slot;
        long sequence;
        int largestEarly;
        int adjustedTo = -1;

        record Rec(long sequence, int slot, byte[] bytes) {
        }

        Run(RefCountedBroadcastQueue queue, QueueSpec spec, long capacity, long stride, int adjustAt, long memoryCap,
            List<SlotAdjustment> events) {
            this.queue = queue;
            this.spec = spec;
            this.n = spec.consumers();
            this.physical = (int) Math.min(capacity / stride, 1 << 18);
            this.adjustAt = adjustAt;
            this.memoryCap = memoryCap;
            this.events = events;
            this.pending = new long[physical];
            this.joined = new boolean[n];
            this.holding = new boolean[n];
            this.inUse = physical;
            for (int c = 0; c < n; c++) {
                queues.add(new ArrayDeque<>());
                joined[c] = true;
            }
            assertEquals(physical, queue.physicalSlots(), "slots the ring holds");
            assertEquals(stride, queue.stride());
        }

        int joinedCount() {
            int k = 0;
            for (boolean j : joined) {
                k += j ? 1 : 0;
            }
            return k;
        }

        void apply(List<Action> actions) {
            for (Action a : actions) {
                step(a);
                check(a);
            }
        }

        void step(Action a) {
            switch (a) {
                case Offer o -> {
                    byte[] r = record(o.size());
                    boolean fits = pending[slot] == 0;
                    assertEquals(fits, queue.producer().offer(MemorySegment.ofArray(r)), "offer into slot " + slot);
                    if (fits) {
                        publish(r);
                    }
                }
                case Put p -> {
                    if (pending[slot] == 0) { // put would wait for ever otherwise: one thread here
                        byte[] r = record(p.size());
                        queue.producer().put(MemorySegment.ofArray(r));
                        publish(r);
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
                    // The model: records go in while the next slot is free and not filled by this batch.
                    Set<Integer> used = new HashSet<>();
                    List<Rec> staged = new ArrayList<>();
                    int expected = 0;
                    while (expected < rs.size() && pending[slot] == 0 && !used.contains(slot)) {
                        used.add(slot);
                        staged.add(stage(rs.get(expected++)));
                    }
                    assertEquals(expected, accepted, "batch accepted");
                    for (Rec rec : staged) {
                        deliver(rec);
                    }
                }
                case Claim c -> {
                    byte[] r = record(c.size());
                    MemorySegment claim = queue.producer().claim(r.length);
                    assertEquals(pending[slot] == 0, claim != null, "claim of " + r.length + " bytes into slot " + slot);
                    if (claim != null) {
                        assertEquals(r.length, claim.byteSize());
                        int length = spec.mode() == QueueSpec.RecordMode.FIXED ? r.length
                                : (int) Math.round(c.committed() * r.length);
                        byte[] committed = Arrays.copyOf(r, length);
                        MemorySegment.copy(MemorySegment.ofArray(committed), 0, claim, 0, length);
                        queue.producer().commit(length);
                        publish(committed);
                    }
                }
                case Peek p -> {
                    int c = p.consumer() % n;
                    if (!joined[c]) {
                        assertThrows(IllegalStateException.class, () -> queue.consumer(c).peek());
                        return;
                    }
                    MemorySegment view = queue.consumer(c).peek();
                    if (queues.get(c).isEmpty()) {
                        assertNull(view, "peek on an empty queue, consumer " + c);
                        return;
                    }
                    assertNotNull(view, "peek with " + queues.get(c).size() + " records queued, consumer " + c);
                    assertTrue(view.isReadOnly());
                    Rec first = queues.get(c).peekFirst();
                    assertArrayEquals(first.bytes(), view.toArray(ValueLayout.JAVA_BYTE));
                    storedOnce(first, view);
                    holding[c] = true;
                    if (p.release()) {
                        queue.consumer(c).release();
                        pop(c);
                    }
                }
                case Release r -> {
                    int c = r.consumer() % n;
                    if (!joined[c] || !holding[c]) {
                        IllegalStateException e = assertThrows(IllegalStateException.class, () -> queue.consumer(c).release());
                        assertTrue(e.getMessage().contains("consumer " + c), e.getMessage());
                        return;
                    }
                    queue.consumer(c).release();
                    pop(c);
                }
                case Drain d -> {
                    int c = d.consumer() % n;
                    if (!joined[c]) {
                        assertThrows(IllegalStateException.class, () -> queue.consumer(c).drain(x -> { }, d.limit()));
                        return;
                    }
                    List<MemorySegment> seen = new ArrayList<>();
                    List<byte[]> bytes = new ArrayList<>();
                    List<Long> rotationsAt = new ArrayList<>();
                    int got = queue.consumer(c).drain(v -> {
                        seen.add(v);
                        rotationsAt.add(rotations());
                        bytes.add(v.toArray(ValueLayout.JAVA_BYTE));
                    }, d.limit());
                    assertEquals(Math.min(d.limit(), queues.get(c).size()), got, "drained by consumer " + c);
                    for (int i = 0; i < got; i++) {
                        Rec rec = queues.get(c).peekFirst();
                        assertArrayEquals(rec.bytes(), bytes.get(i));
                        storedOnce(rec, seen.get(i), rotationsAt.get(i));
                        pop(c);
                    }
                }
                case Poll p -> {
                    int c = p.consumer() % n;
                    byte[] dst = new byte[spec.recordSize()];
                    if (!joined[c]) {
                        assertThrows(IllegalStateException.class, () -> queue.consumer(c).poll(MemorySegment.ofArray(dst)));
                        return;
                    }
                    int got = queue.consumer(c).poll(MemorySegment.ofArray(dst));
                    if (queues.get(c).isEmpty()) {
                        assertEquals(QueueConsumer.EMPTY, got);
                    } else {
                        Rec rec = pop(c);
                        assertEquals(rec.bytes().length, got);
                        assertArrayEquals(rec.bytes(), Arrays.copyOf(dst, got));
                    }
                }
                case Join j -> {
                    if (joinedCount() == n) {
                        IllegalStateException e = assertThrows(IllegalStateException.class, queue::join);
                        assertTrue(e.getMessage().contains("too many consumers") && e.getMessage().contains(String.valueOf(n)),
                                e.getMessage());
                        return;
                    }
                    int expected = 0;
                    while (joined[expected]) {
                        expected++;
                    }
                    BroadcastConsumer k = queue.join();
                    assertEquals(expected, k.index(), "join takes the lowest free index");
                    assertTrue(k.isJoined());
                    joined[expected] = true;
                    holding[expected] = false;
                }
                case Leave l -> {
                    int c = l.consumer() % n;
                    if (!joined[c]) {
                        assertThrows(IllegalStateException.class, () -> queue.leave(queue.consumer(c)));
                        return;
                    }
                    queue.leave(queue.consumer(c));
                    for (Rec rec : queues.get(c)) {
                        pending[rec.slot()]--;
                    }
                    queues.get(c).clear();
                    joined[c] = false;
                    holding[c] = false;
                }
            }
        }

        /** Every consumer's view of a record is the same bytes of the ring: stored once. */
        private long rotationsSeen;

        void storedOnce(Rec rec, MemorySegment view) {
            storedOnce(rec, view, rotations());
        }

        long rotations() {
            return queue.memory().copyCounters().rotations();
        }

        /** {@code rotations}: the memory's rotation count when {@code view} was taken. */
        void storedOnce(Rec rec, MemorySegment view, long rotations) {
            // A rotation (linearize, cross) moves every record: one copy still, at a new address.
            if (rotations != rotationsSeen) {
                rotationsSeen = rotations;
                addressOf.clear();
            }
            Long before = addressOf.putIfAbsent(rec.sequence(), view.address());
            if (before != null && rec.bytes().length > 0) {
                assertEquals(before.longValue(), view.address(), "record " + rec.sequence() + " seen at two addresses");
            }
        }

        void check(Action after) {
            for (int s = 0; s < physical; s++) {
                assertEquals(pending[s], queue.pending(s), "pending count of slot " + s + " after " + after);
            }
            Map<String, Long> counters = queue.counters();
            for (int c = 0; c < n; c++) {
                assertEquals(joined[c] ? queues.get(c).size() : 0, counters.get("consumer." + c + ".lag"),
                        "lag of consumer " + c + " after " + after);
                assertEquals(joined[c], queue.consumer(c).isJoined());
            }
            assertEquals(sequence, counters.get("recordsPublished"));
            assertEquals(joinedCount(), counters.get("joinedConsumers"));
            assertEquals(inUse, counters.get("slotsInUse"), "slots in use after " + sequence + " records");
            if (sequence >= adjustAt) {
                SlotAdjustment a = queue.slotAdjustment().orElseThrow();
                assertEquals(adjustedTo, a.after());
                assertEquals(physical, a.before());
                assertEquals(List.of(a), events, "one adjustment event");
            } else {
                assertTrue(queue.slotAdjustment().isEmpty());
                assertTrue(events.isEmpty());
            }
        }

        byte[] record(double size) {
            int length = spec.mode() == QueueSpec.RecordMode.FIXED ? spec.recordSize()
                    : (int) Math.round(size * spec.recordSize());
            byte[] r = new byte[length];
            long s = sequence * 977 + length;
            for (int i = 0; i < length; i++) {
                r[i] = (byte) (s * 131 + i * 7 + 3);
            }
            return r;
        }

        /** The model's slot rule: the slot the record goes to, then the next slot in turn. */
        Rec stage(byte[] r) {
            Rec rec = new Rec(sequence, slot, r);
            if (sequence < adjustAt) {
                largestEarly = Math.max(largestEarly, r.length);
            }
            sequence++;
            slot++;
            if (sequence == adjustAt) {
                long requested = memoryCap / Math.max(largestEarly, 32);
                adjustedTo = (int) Math.min(Math.max(requested, 8), physical);
                inUse = adjustedTo;
            }
            if (slot >= inUse) {
                slot = 0;
            }
            return rec;
        }

        void publish(byte[] r) {
            deliver(stage(r));
        }

        void deliver(Rec rec) {
            pending[rec.slot()] = joinedCount();
            for (int c = 0; c < n; c++) {
                if (joined[c]) {
                    queues.get(c).addLast(rec);
                }
            }
        }

        Rec pop(int c) {
            Rec rec = queues.get(c).removeFirst();
            pending[rec.slot()]--;
            holding[c] = false;
            return rec;
        }
    }
}
