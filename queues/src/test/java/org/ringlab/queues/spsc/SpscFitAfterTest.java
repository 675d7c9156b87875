package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueProducer;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@link SpscRingQueue#fitAfter}, the query copy-per-consumer asks instead of re-implementing
 * spsc's placement, on every spsc shape (mirror view, segment path with pad and cross, fixed
 * slots, growable): over a seeded mix of offers, batch offers, claims and polls on a small ring,
 * before every producer operation the query's answer must be exactly what the operation then
 * does (it takes the record iff the answer is not {@code NO_FIT}, and ends at the answer; a batch
 * takes as many records as the chained answers allow; a growable ring takes at least those,
 * without growing for a record that fits), and the query must write nothing (the ring's bytes,
 * the header and the counters are unchanged by it). Both answers must occur in every cell.
 */
class SpscFitAfterTest {

    private static final int MAX = 100;
    private static final int STEPS = Integer.getInteger("ringlab.fitAfter.steps", 1500);

    private static List<QueueSpec> specs(MemoryStrategy s) {
        List<QueueSpec> specs = new ArrayList<>();
        for (SeamPlacement seam : SeamPlacement.values()) {
            specs.add(QueueSpec.variable(MAX).withSeam(seam));
            specs.add(QueueSpec.fixed(64).withSeam(seam));
            if (s.has(Capability.GROWABLE)) {
                specs.add(QueueSpec.variable(MAX).withSeam(seam).growingUpTo(1 << 18));
                specs.add(QueueSpec.fixed(64).withSeam(seam).growingUpTo(1 << 18));
            }
        }
        return specs;
    }

    @TestFactory
    Stream<DynamicTest> theAnswerIsWhatTheNextOperationDoesAndWritesNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        List<MemoryStrategy> strategies = Registries.memoryStrategies().available().stream()
                .filter(s -> !s.name().equals("mirrored-file")).toList(); // needs a path
        assertTrue(strategies.size() >= 3, "too few strategies: " + strategies);
        for (MemoryStrategy s : strategies) {
            for (QueueSpec spec : specs(s)) {
                tests.add(dynamicTest(s.name() + " × " + spec, () -> run(s, spec)));
            }
        }
        return tests.stream();
    }

    /** What the query must leave alone: the ring's bytes, the header, the counters. */
    private record Snapshot(byte[] ring, byte[] header, Map<String, Long> counters) {
        static Snapshot of(RingMemory memory, SpscRingQueue q) {
            MemorySegment ring = MemorySegment.ofArray(new byte[(int) memory.capacity()]);
            memory.read(0, ring, 0, memory.capacity());
            return new Snapshot(ring.toArray(ValueLayout.JAVA_BYTE), memory.header().toArray(ValueLayout.JAVA_BYTE),
                    q.counters());
        }

        void assertUnchanged(RingMemory memory, SpscRingQueue q, String what) {
            Snapshot after = of(memory, q);
            assertArrayEquals(ring, after.ring, what + ": the query wrote the ring");
            assertArrayEquals(header, after.header, what + ": the query wrote the header");
            assertEquals(counters, after.counters, what + ": the query changed the counters");
        }
    }

    private static void run(MemoryStrategy s, QueueSpec spec) {
        long g = s.granularity();
        boolean growable = spec.growth() != null;
        boolean fixed = spec.mode() == QueueSpec.RecordMode.FIXED;
        Random random = new Random(11);
        MemorySegment source = MemorySegment.ofArray(new byte[MAX]);
        MemorySegment dst = MemorySegment.ofArray(new byte[MAX]);
        int fits = 0;
        int noFits = 0;
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(g * Math.max(1, 2048 / g)));
             SpscRingQueue q = SpscRingQueue.create("spsc", memory, spec)) {
            String cell = s.name() + " × " + spec + " (" + q.getClass().getSimpleName() + ")";
            QueueProducer p = q.producer();
            for (int step = 0; step < STEPS; step++) {
                int op = random.nextInt(100);
                if (op >= 65) {
                    q.consumer(0).poll(dst);
                    continue;
                }
                int count = op < 15 ? 1 + random.nextInt(4) : 1;
                MemorySegment[] batch = new MemorySegment[count];
                for (int i = 0; i < count; i++) {
                    batch[i] = source.asSlice(0, fixed ? 64 : random.nextInt(MAX + 1));
                }
                long capacity = memory.capacity();
                Snapshot before = Snapshot.of(memory, q);
                long end = SpscRingQueue.NEXT_RECORD;
                int fitting = 0;
                long lastEnd = SpscRingQueue.NO_FIT;
                for (MemorySegment r : batch) {
                    long e = q.fitAfter(end, (int) r.byteSize());
                    if (e == SpscRingQueue.NO_FIT) {
                        break;
                    }
                    assertTrue(end == SpscRingQueue.NEXT_RECORD || e > end, cell + ": an answer behind the one before");
                    end = lastEnd = e;
                    fitting++;
                }
                before.assertUnchanged(memory, q, cell + " step " + step);
                if (fitting > 0) {
                    fits++;
                }
                if (fitting < count) {
                    noFits++;
                }
                String what = cell + " step " + step + ": " + fitting + " of " + count + " fit";
                if (op < 15) {
                    int taken = p.offer(batch, 0, count);
                    checkTaken(what, growable, fitting, taken, capacity, memory, q, lastEnd, count);
                } else if (op < 25) {
                    int length = (int) batch[0].byteSize();
                    MemorySegment claim = p.claim(length);
                    if (claim != null) {
                        p.commit(length);
                    }
                    checkTaken(what + " (claim)", growable, fitting, claim == null ? 0 : 1, capacity, memory, q, lastEnd, 1);
                } else {
                    checkTaken(what, growable, fitting, p.offer(batch[0]) ? 1 : 0, capacity, memory, q, lastEnd, 1);
                }
            }
            assertTrue(fits > 0 && noFits > 0, cell + ": both answers must occur to mean anything (fit " + fits
                    + ", no fit " + noFits + ")");
            assertThrows(IllegalArgumentException.class, () -> q.fitAfter(0, fixed ? 64 : 1),
                    cell + ": an after behind the producer's next record");
            assertThrows(IllegalArgumentException.class, () -> q.fitAfter(SpscRingQueue.NEXT_RECORD, fixed ? 63 : MAX + 1),
                    cell + ": a length the spec refuses");
            q.close();
            assertThrows(IllegalStateException.class, () -> q.fitAfter(SpscRingQueue.NEXT_RECORD, fixed ? 64 : 1),
                    cell + ": after close");
        }
    }

    /**
     * The operation took {@code taken} records where the query said {@code fitting}: exactly those
     * (a growable ring: at least those, and without growing when all fit), ending at the answer.
     */
    private static void checkTaken(String what, boolean growable, int fitting, int taken, long capacityBefore,
                                   RingMemory memory, SpscRingQueue q, long lastEnd, int count) {
        if (growable) {
            assertTrue(taken >= fitting, what + ": took " + taken);
            if (fitting == count) {
                assertEquals(capacityBefore, memory.capacity(), what + ": grew for records that fit");
            }
        } else {
            assertEquals(fitting, taken, what + ": took " + taken);
        }
        if (taken == fitting && fitting > 0) {
            assertEquals(lastEnd, (long) q.counters().get("producerPosition"), what + ": the producer did not end at the answer");
        }
        assertNotNull(q.counters());
        assertFalse(taken > count, what);
    }
}
