package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * Contract point 7 for {@code broadcast} after {@link RingMemory#close()}: every operation of
 * the producer and of each consumer throws {@link IllegalStateException}, in particular those
 * that touch no memory, because the queue's slot table is on the heap: an offer, batch offer,
 * claim or put on a full ring, a peek, poll or drain on an empty consumer, a release of a
 * peeked record, a peek of a record a mirror view keeps as a cached segment.
 */
class BroadcastMemoryCloseTest {

    private static final int RECORD = 64;
    private static final int CONSUMERS = 3;

    static List<MemoryStrategy> strategies() {
        List<MemoryStrategy> found = new ArrayList<>();
        for (String name : List.of("doubled", "split", "linearize", "mirrored-memfd")) {
            Registries.memoryStrategies().find(name).filter(s -> s.availability().isAvailable()).ifPresent(found::add);
        }
        assertTrue(found.size() >= 3, "expected the heap strategies at least: " + found);
        return found;
    }

    private static RingMemory allocate(MemoryStrategy s) {
        long g = s.granularity();
        return s.allocate(RingSpec.ofCapacity(Math.max(g, 1 << 12) / g * g));
    }

    private static RefCountedBroadcastQueue queue(RingMemory memory) {
        return new BroadcastDiscipline().create(memory, QueueSpec.variable(RECORD).withConsumers(CONSUMERS),
                BroadcastOptions.defaults());
    }

    private static MemorySegment record(int n) {
        return MemorySegment.ofArray(new byte[n]);
    }

    private static void assertAllThrow(String cell, List<Executable> calls) {
        for (int i = 0; i < calls.size(); i++) {
            IllegalStateException e = assertThrows(IllegalStateException.class, calls.get(i),
                    cell + ": call " + i + " after the memory closed");
            assertTrue(e.getMessage().contains("closed"), cell + ": call " + i + ": " + e.getMessage());
        }
    }

    @TestFactory
    Stream<DynamicTest> aFullRingRefusesToOfferOnceTheMemoryIsClosed() {
        return strategies().stream().map(s -> dynamicTest(s.name(), () -> {
            RingMemory memory = allocate(s);
            RefCountedBroadcastQueue q = queue(memory);
            try {
                BroadcastProducer p = q.producer();
                while (p.offer(record(RECORD))) {
                    // nobody consumes: the next slot is held
                }
                assertNull(p.claim(RECORD), "the ring is full");
                memory.close();
                assertAllThrow(s.name() + " full", List.of(
                        () -> p.offer(record(8)),
                        () -> p.offer(new MemorySegment[] {record(8)}, 0, 1),
                        () -> p.claim(8),
                        () -> p.put(record(8)),
                        () -> p.awaitClaim(8),
                        p::nextSequence,
                        q::counters));
            } finally {
                q.close();
                memory.close();
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> anEmptyConsumerThrowsOnceTheMemoryIsClosed() {
        return strategies().stream().map(s -> dynamicTest(s.name(), () -> {
            RingMemory memory = allocate(s);
            RefCountedBroadcastQueue q = queue(memory);
            try {
                List<Executable> calls = new ArrayList<>();
                for (int c = 0; c < CONSUMERS; c++) {
                    BroadcastConsumer k = q.consumer(c);
                    assertNull(k.peek(), "empty");
                    calls.addAll(List.of(k::peek, () -> k.poll(record(RECORD)), () -> k.drain(r -> { }, 4),
                            () -> k.awaitDrain(r -> { }), k::lag, k::release));
                }
                memory.close();
                assertAllThrow(s.name() + " empty", calls);
            } finally {
                q.close();
                memory.close();
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> heldAndPendingRecordsAreRefusedOnceTheMemoryIsClosed() {
        return strategies().stream().map(s -> dynamicTest(s.name(), () -> {
            RingMemory memory = allocate(s);
            RefCountedBroadcastQueue q = queue(memory);
            try {
                BroadcastProducer p = q.producer();
                for (int i = 0; i < 4; i++) {
                    assertTrue(p.offer(record(RECORD)));
                }
                List<Executable> calls = new ArrayList<>();
                for (int c = 0; c < CONSUMERS; c++) {
                    BroadcastConsumer k = q.consumer(c);
                    MemorySegment peeked = k.peek();
                    assertNotNull(peeked, "record 0 for consumer " + c);
                    calls.add(() -> peeked.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0)); // the segment itself
                    calls.add(k::release); // of the record peeked before the close
                    calls.add(k::peek);    // the next one: published, and its sequence cached
                    calls.add(() -> k.drain(r -> { }, 4)); // a handler that never touches the record
                }
                MemorySegment claim = p.claim(RECORD);
                assertNotNull(claim);
                memory.close();
                calls.add(() -> claim.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) 1)); // the claim's segment itself
                calls.add(() -> p.commit(RECORD));
                assertAllThrow(s.name() + " held", calls);
                assertFalse(memory.isOpen());
            } finally {
                q.close();
                memory.close();
            }
        }));
    }
}
