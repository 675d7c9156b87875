package org.ringlab.queues.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The queue contract points the lead decided (claim then offer, a batch with a bad element,
 * poll into a bad destination, a throwing drain handler, a drain handler calling its own
 * consumer, release without peek, null arguments, use after close), tried on every discipline
 * over memory of every shape: a mirror view, doubled, split and linearize (segment paths).
 */
class QueueContractPointsTest {

    private static final int MAX = 64;

    record Cell(QueueDiscipline discipline, MemoryStrategy strategy) {
        @Override
        public String toString() {
            return discipline.name() + " × " + strategy.name();
        }

        int consumers() {
            return discipline.name().equals("broadcast") || discipline.name().equals("copy-per-consumer") ? 2 : 1;
        }
    }

    static Stream<Cell> cells() {
        List<QueueDiscipline> disciplines = Registries.disciplines().available();
        assertTrue(disciplines.size() >= 5, "disciplines: " + disciplines);
        List<MemoryStrategy> strategies = new ArrayList<>();
        for (String name : List.of("doubled", "split", "linearize", "mirrored-memfd", "mirrored-memfd-growable")) {
            Registries.memoryStrategies().find(name).filter(s -> s.availability().isAvailable()).ifPresent(strategies::add);
        }
        assertTrue(strategies.size() >= 3, "strategies: " + strategies);
        return disciplines.stream().flatMap(d -> strategies.stream().map(s -> new Cell(d, s)));
    }

    /** A queue and its memory, closed together. */
    private record Q(RingMemory memory, RecordQueue queue) implements AutoCloseable {
        static Q of(Cell cell) {
            long g = cell.strategy().granularity();
            RingMemory m = cell.strategy().allocate(RingSpec.ofCapacity(Math.max(g, 1 << 14) / g * g));
            try {
                return new Q(m, cell.discipline().create(m, new QueueSpec(QueueSpec.RecordMode.VARIABLE, MAX,
                        cell.consumers())));
            } catch (RuntimeException e) {
                m.close();
                throw e;
            }
        }

        QueueProducer producer() {
            return queue.producer();
        }

        QueueConsumer consumer(int i) {
            return queue.consumer(i);
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

    private static MemorySegment record(int value, int length) {
        byte[] b = new byte[length];
        java.util.Arrays.fill(b, (byte) value);
        return MemorySegment.ofArray(b);
    }

    /** The next record's bytes through poll, or null when empty. */
    private static byte[] next(QueueConsumer c) {
        MemorySegment dst = MemorySegment.ofArray(new byte[MAX]);
        int n = c.poll(dst);
        return n == QueueConsumer.EMPTY ? null : dst.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
    }

    private static byte[] bytes(int value, int length) {
        return record(value, length).toArray(ValueLayout.JAVA_BYTE);
    }

    private static <T extends Throwable> T assertNames(Class<T> type, Executable call, String... words) {
        T e = assertThrows(type, call);
        for (String w : words) {
            assertTrue(String.valueOf(e.getMessage()).contains(w), "message should name '" + w + "': " + e.getMessage());
        }
        return e;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void anOfferWhileAClaimIsOutstandingIsRefusedAndTheClaimStaysValid(Cell cell) {
        try (Q q = Q.of(cell)) {
            QueueProducer p = q.producer();
            MemorySegment claim = p.claim(20);
            claim.fill((byte) 5);
            assertNames(IllegalStateException.class, () -> p.offer(record(9, 30)), "outstanding", "20");
            assertNames(IllegalStateException.class, () -> p.offer(new MemorySegment[] {record(9, 30)}, 0, 1),
                    "outstanding");
            p.commit(20);
            for (int i = 0; i < cell.consumers(); i++) {
                assertArrayEquals(bytes(5, 20), next(q.consumer(i)), cell + ": the claimed record");
                assertNull(next(q.consumer(i)), cell + ": nothing else was published");
            }
            // A new claim replaces an outstanding one.
            p.claim(10).fill((byte) 1);
            p.claim(12).fill((byte) 2);
            p.commit(12);
            assertThrows(IllegalStateException.class, () -> p.commit(12), "a second commit");
            for (int i = 0; i < cell.consumers(); i++) {
                assertArrayEquals(bytes(2, 12), next(q.consumer(i)), cell + ": the replacing claim");
                assertNull(next(q.consumer(i)));
            }
            p.claim(8);
            assertThrows(IllegalArgumentException.class, () -> p.commit(9), "a commit longer than its claim");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void aBatchWithABadElementPublishesNothingAndTheProducerStaysUsable(Cell cell) {
        try (Q q = Q.of(cell)) {
            QueueProducer p = q.producer();
            MemorySegment[] tooLong = {record(1, 8), record(2, 8), record(3, MAX + 1)};
            assertNames(IllegalArgumentException.class, () -> p.offer(tooLong, 0, 3), "2", String.valueOf(MAX + 1));
            MemorySegment[] withNull = {record(1, 8), null};
            assertNames(NullPointerException.class, () -> p.offer(withNull, 0, 2), "1");
            for (int i = 0; i < cell.consumers(); i++) {
                assertNull(next(q.consumer(i)), cell + ": nothing of a refused batch is published");
            }
            for (int round = 0; round < 50; round++) { // several laps of the ring
                assertEquals(2, p.offer(new MemorySegment[] {record(round, 40), record(round + 1, 8)}, 0, 2), cell.toString());
                assertTrue(p.offer(record(round + 2, MAX)), cell.toString());
                for (int i = 0; i < cell.consumers(); i++) {
                    assertArrayEquals(bytes(round, 40), next(q.consumer(i)), cell + " round " + round);
                    assertArrayEquals(bytes(round + 1, 8), next(q.consumer(i)));
                    assertArrayEquals(bytes(round + 2, MAX), next(q.consumer(i)));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void pollIntoABadDestinationConsumesNothing(Cell cell) {
        try (Q q = Q.of(cell)) {
            assertTrue(q.producer().offer(record(7, 30)));
            for (int i = 0; i < cell.consumers(); i++) {
                QueueConsumer c = q.consumer(i);
                assertNames(IllegalArgumentException.class, () -> c.poll(MemorySegment.ofArray(new byte[10])), "30", "10");
                assertNames(IllegalArgumentException.class,
                        () -> c.poll(MemorySegment.ofArray(new byte[MAX]).asReadOnly()), "read-only");
                assertArrayEquals(bytes(7, 30), next(c), cell + ": the record is still there");
                assertNull(next(c));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void aThrowingDrainHandlerConsumesOnlyTheRecordsBeforeIt(Cell cell) {
        try (Q q = Q.of(cell)) {
            for (int r = 1; r <= 4; r++) {
                assertTrue(q.producer().offer(record(r, 16)));
            }
            for (int i = 0; i < cell.consumers(); i++) {
                QueueConsumer c = q.consumer(i);
                RuntimeException boom = new RuntimeException("boom");
                int[] seen = {0};
                RuntimeException thrown = assertThrows(RuntimeException.class, () -> c.drain(rec -> {
                    if (++seen[0] == 3) {
                        throw boom;
                    }
                }, 10));
                assertSame(boom, thrown, cell + ": the handler's exception, unchanged");
                assertArrayEquals(bytes(3, 16), next(c), cell + " consumer " + i + ": the record whose handler threw");
                assertArrayEquals(bytes(4, 16), next(c));
                assertNull(next(c));
            }
        }
    }

    /**
     * Records 10, 20, 30, 40; the handler makes {@code call} on its own consumer at the first
     * record. The call is refused naming the re-entry; caught, the drain hands out all four once;
     * let out, the handler threw on 10: 10, 20, 30, 40 stay queued in order.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void aDrainHandlerCallingItsOwnConsumerIsRefusedAndTheDrainStaysConsistent(Cell cell) {
        for (String call : List.of("poll", "peek", "release", "drain")) {
            for (boolean letOut : new boolean[] {false, true}) {
                try (Q q = Q.of(cell)) {
                    for (int r = 10; r <= 40; r += 10) {
                        assertTrue(q.producer().offer(record(r, 16)));
                    }
                    for (int i = 0; i < cell.consumers(); i++) {
                        QueueConsumer c = q.consumer(i);
                        List<String> trace = new ArrayList<>();
                        String[] refusal = {null};
                        RecordQueue.RecordHandler handler = rec -> {
                            trace.add("handler:" + rec.get(ValueLayout.JAVA_BYTE, 0));
                            if (trace.size() > 1) {
                                return;
                            }
                            try {
                                switch (call) {
                                    case "poll" -> trace.add("poll:" + java.util.Arrays.toString(next(c)));
                                    case "peek" -> c.peek();
                                    case "release" -> c.release();
                                    default -> c.drain(inner -> trace.add("drain:" + inner.get(ValueLayout.JAVA_BYTE, 0)), 10);
                                }
                            } catch (IllegalStateException e) {
                                refusal[0] = e.getMessage();
                                if (letOut) {
                                    throw e;
                                }
                            }
                        };
                        String what = cell + " consumer " + i + ", " + call + (letOut ? ", let out" : ", caught");
                        if (letOut) {
                            assertThrows(IllegalStateException.class, () -> c.drain(handler, 10), what);
                        } else {
                            assertEquals(4, c.drain(handler, 10), what);
                        }
                        for (byte[] b; (b = next(c)) != null; ) {
                            trace.add("after:" + b[0]);
                        }
                        // Let out at record 10, the handler threw on it: 10 and those after it stay queued.
                        assertEquals(letOut ? "handler:10 after:10 after:20 after:30 after:40"
                                : "handler:10 handler:20 handler:30 handler:40", String.join(" ", trace), what);
                        assertNotNull(refusal[0], what + ": the call was not refused");
                        assertTrue(refusal[0].contains(call + " called from inside drain's handler"), what + ": " + refusal[0]);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void releaseWithoutAPeekedRecordIsAnIllegalState(Cell cell) {
        try (Q q = Q.of(cell)) {
            QueueConsumer c = q.consumer(0);
            assertThrows(IllegalStateException.class, c::release, "never peeked");
            assertNull(c.peek());
            assertThrows(IllegalStateException.class, c::release, "the last peek returned null");
            q.producer().offer(record(1, 8));
            q.producer().offer(record(2, 8));
            assertTrue(c.peek() != null);
            c.release();
            assertThrows(IllegalStateException.class, c::release, "already released");
            assertTrue(c.peek() != null);
            assertArrayEquals(bytes(2, 8), next(c), "poll after peek returns the peeked record");
            assertThrows(IllegalStateException.class, c::release, "after a poll");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void nullArgumentsAreRefusedEvenWhenEmptyOrFull(Cell cell) {
        try (Q q = Q.of(cell)) {
            QueueConsumer c = q.consumer(0);
            assertThrows(NullPointerException.class, () -> c.poll(null), "poll(null) on an empty queue");
            assertThrows(NullPointerException.class, () -> c.drain(null, 1), "drain(null) on an empty queue");
            assertThrows(IllegalArgumentException.class, () -> c.drain(r -> { }, 0));
            assertThrows(IllegalArgumentException.class, () -> c.drain(r -> { }, -1));
            assertThrows(NullPointerException.class, () -> q.producer().offer((MemorySegment) null));
            assertThrows(NullPointerException.class, () -> q.producer().offer(null, 0, 1));
            while (q.producer().offer(record(1, MAX))) {
                // fill it
            }
            assertThrows(NullPointerException.class, () -> q.producer().offer((MemorySegment) null), "offer(null) when full");
            assertThrows(NullPointerException.class, () -> c.poll(null), "poll(null) on a full queue");
            assertArrayEquals(bytes(1, MAX), next(c), "nothing was consumed");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void afterCloseEveryHandleThrows(Cell cell) {
        try (Q q = Q.of(cell)) {
            QueueProducer p = q.producer();
            List<QueueConsumer> consumers = new ArrayList<>();
            for (int i = 0; i < cell.consumers(); i++) {
                consumers.add(q.consumer(i));
            }
            p.offer(record(1, 8));
            q.queue().close();
            q.queue().close(); // idempotent
            List<Executable> calls = new ArrayList<>(List.of(() -> p.offer(record(1, 8)),
                    () -> p.offer(new MemorySegment[] {record(1, 8)}, 0, 1), () -> p.claim(8), () -> p.commit(8),
                    q.queue()::producer, () -> q.queue().consumer(0), q.queue()::counters, q.queue()::spec,
                    q.queue()::memory, q.queue()::disciplineName));
            for (QueueConsumer c : consumers) {
                calls.addAll(List.of(c::peek, c::release, () -> c.drain(r -> { }, 1),
                        () -> c.poll(MemorySegment.ofArray(new byte[MAX]))));
            }
            for (int i = 0; i < calls.size(); i++) {
                assertThrows(IllegalStateException.class, calls.get(i), cell + ": call " + i + " after close");
            }
            assertFalse(q.memory().isOpen() == false, "the queue does not own its memory");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void afterTheMemoryClosesTheQueueThrowsInsteadOfWorking(Cell cell) {
        Q q = Q.of(cell);
        try {
            q.producer().offer(record(1, 8));
            q.memory().close();
            assertThrows(IllegalStateException.class, () -> q.producer().offer(record(2, 8)), cell + ": offer");
            assertThrows(IllegalStateException.class, () -> q.consumer(0).poll(MemorySegment.ofArray(new byte[MAX])),
                    cell + ": poll");
        } finally {
            q.close();
        }
    }
}
