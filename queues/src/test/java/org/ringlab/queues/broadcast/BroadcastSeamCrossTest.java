package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SeamPlacement;

/**
 * Seam placement cross on split and linearize, one thread, three consumers, both record
 * modes: records packed back to back straddle the seam; each goes in by {@code offer}, a batch
 * or {@code claim}/{@code commit} in turn, and each consumer takes it by {@code poll},
 * {@code drain} or {@code peek}/{@code release} in turn, seeing every record once with its
 * bytes. The strategy's counters show the seam was crossed: on split every straddling claim
 * was staged and every straddling record gathered exactly once (not once per consumer); on
 * linearize claims were staged and the ring rotated.
 */
class BroadcastSeamCrossTest {

    static final long CAPACITY = 4096;
    static final int CONSUMERS = 3;
    static final int RECORDS = 600; // about 10 laps of the ring

    record Case(String strategy, QueueSpec.RecordMode mode) {
        @Override
        public String toString() {
            return strategy + " × " + mode.name().toLowerCase(java.util.Locale.ROOT) + " × cross";
        }

        QueueSpec spec() {
            QueueSpec s = mode == QueueSpec.RecordMode.FIXED ? QueueSpec.fixed(60) : QueueSpec.variable(120);
            return s.withConsumers(CONSUMERS).withSeam(SeamPlacement.CROSS);
        }

        /** Fixed: 60 bytes (a 64-byte frame: 4096 is no multiple of it from 32 on); variable: 1..120, most longer than 32. */
        int length(int q) {
            return mode == QueueSpec.RecordMode.FIXED ? 60 : 1 + (q * 37) % 120;
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String s : List.of("split", "linearize")) {
            for (QueueSpec.RecordMode m : QueueSpec.RecordMode.values()) {
                cases.add(new Case(s, m));
            }
        }
        return cases.stream();
    }

    static byte payload(int q, int i) {
        return (byte) (q * 31 + i * 7 + 3);
    }

    static MemorySegment record(int q, int length) {
        MemorySegment r = MemorySegment.ofArray(new byte[length]);
        for (int i = 0; i < length; i++) {
            r.set(ValueLayout.JAVA_BYTE, i, payload(q, i));
        }
        return r;
    }

    static void check(String cell, int consumer, int q, int length, MemorySegment got) {
        assertNotNull(got, cell + ": consumer " + consumer + " found no record " + q);
        assertEquals(length, got.byteSize(), cell + ": consumer " + consumer + " record " + q + " length");
        for (int i = 0; i < length; i++) {
            assertEquals(payload(q, i), got.get(ValueLayout.JAVA_BYTE, i), cell + ": consumer " + consumer + " record " + q
                    + " byte " + i);
        }
    }

    @TestFactory
    Stream<DynamicTest> recordsStraddleTheSeamAndEveryConsumerSeesEachOnce() {
        return cases().map(c -> dynamicTest(c.toString(), () -> {
            try (RingMemory memory = Registries.memoryStrategies().require(c.strategy()).allocate(RingSpec.ofCapacity(CAPACITY));
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory, c.spec(), BroadcastOptions.defaults())) {
                assertEquals(c.strategy().equals("split") ? LapViewGatherBroadcastQueue.class : LapViewCrossingBroadcastQueue.class,
                        q.getClass(), c + " picks the packed shape");
                BroadcastProducer p = q.producer();
                long position = q.stride() / 2;
                long straddled = 0;
                long straddledClaims = 0;
                long straddlers = 0;
                int[] next = new int[CONSUMERS];
                MemorySegment dst = MemorySegment.ofArray(new byte[120]);
                for (int n = 0, step = 0; n < RECORDS; step++) {
                    // Produce one or two records: an offer, a batch of two, or a claim, in turn.
                    int kind = step % 3;
                    int count = kind == 1 ? 2 : 1;
                    if (kind == 0) {
                        assertTrue(p.offer(record(n, c.length(n))), c + ": offer " + n);
                    } else if (kind == 1) {
                        MemorySegment[] batch = {record(n, c.length(n)), record(n + 1, c.length(n + 1))};
                        assertEquals(2, p.offer(batch, 0, 2), c + ": batch " + n);
                    } else {
                        int length = c.length(n);
                        MemorySegment claim = p.claim(length);
                        assertNotNull(claim, c + ": claim " + n);
                        MemorySegment.copy(record(n, length), 0, claim, 0, length);
                        p.commit(length);
                    }
                    for (int k = n; k < n + count; k++) {
                        int length = c.length(k);
                        if (position % CAPACITY + length > CAPACITY) {
                            straddled += length;
                            straddlers++;
                            if (kind == 2) {
                                straddledClaims += length;
                            }
                        }
                        position += (length + 7) & -8;
                    }
                    n += count;
                    // Every consumer takes what is there, each in its own way this round.
                    for (int k = 0; k < CONSUMERS; k++) {
                        BroadcastConsumer consumer = q.consumer(k);
                        int consumerIndex = k;
                        while (next[k] < n) {
                            int r = next[k];
                            int length = c.length(r);
                            switch ((r + k) % 3) {
                                case 0 -> {
                                    assertEquals(length, consumer.poll(dst), c + ": poll " + r);
                                    check(c.toString(), k, r, length, dst.asSlice(0, length));
                                }
                                case 1 -> assertEquals(1, consumer.drain(rec -> check(c.toString(), consumerIndex, r, length, rec), 1));
                                default -> {
                                    check(c.toString(), k, r, length, consumer.peek());
                                    consumer.release();
                                }
                            }
                            next[k]++;
                        }
                        assertNull(consumer.peek(), c + ": consumer " + k + " has no more");
                    }
                }
                CopyCounters counters = memory.copyCounters();
                assertTrue(straddlers >= 5, c + ": only " + straddlers + " records straddled the seam");
                if (c.strategy().equals("split")) {
                    assertEquals(straddled, counters.gatherBytes(), c + ": each straddling record gathered once, for all "
                            + CONSUMERS + " consumers: " + counters);
                    assertEquals(straddledClaims, counters.stagingBytes(), c + ": straddling claims staged: " + counters);
                    assertTrue(straddledClaims > 0, c + ": no claim straddled");
                } else {
                    // After a rotation linearize's seam moves with the straddling record: 64-byte
                    // frames then never straddle again; other lengths keep straddling (staging).
                    assertTrue(counters.rotations() > 0, c + ": the ring never rotated: " + counters);
                    if (c.mode() == QueueSpec.RecordMode.VARIABLE) {
                        assertTrue(counters.stagingBytes() > 0, c + ": no claim was staged: " + counters);
                    }
                }
            }
        }));
    }

    /**
     * A claim held while every consumer polls the record before it (one in about twenty
     * straddles the seam: split gathers it, linearize's window would rotate), then filled,
     * committed and polled: every record comes back whole. Before stop 29 linearize's claims
     * were slices of its lap view the strategy did not know of, and the rotation moved them from
     * under the caller: the claimed record read as zeros.
     */
    @TestFactory
    Stream<DynamicTest> aClaimHeldWhileConsumersReadAcrossTheSeamKeepsItsBytes() {
        return cases().map(c -> dynamicTest(c.toString(), () -> {
            try (RingMemory memory = Registries.memoryStrategies().require(c.strategy()).allocate(RingSpec.ofCapacity(CAPACITY));
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory, c.spec(), BroadcastOptions.defaults())) {
                BroadcastProducer p = q.producer();
                MemorySegment dst = MemorySegment.ofArray(new byte[120]);
                for (int n = 0; n < RECORDS; n += 2) {
                    assertTrue(p.offer(record(n, c.length(n))), c + ": offer " + n);
                    int length = c.length(n + 1);
                    MemorySegment claim = p.claim(length);
                    assertNotNull(claim, c + ": claim " + (n + 1));
                    for (int k = 0; k < CONSUMERS; k++) {
                        assertEquals(c.length(n), q.consumer(k).poll(dst), c + ": poll " + n);
                        check(c.toString(), k, n, c.length(n), dst.asSlice(0, c.length(n)));
                    }
                    MemorySegment.copy(record(n + 1, length), 0, claim, 0, length);
                    p.commit(length);
                    for (int k = 0; k < CONSUMERS; k++) {
                        assertEquals(length, q.consumer(k).poll(dst), c + ": poll " + (n + 1));
                        check(c + " (the claim held while record " + n + " was polled)", k, n + 1, length,
                                dst.asSlice(0, length));
                    }
                }
                assertTrue(memory.copyCounters().extraBytes() > 0, c + ": nothing crossed the seam: " + memory.copyCounters());
            }
        }));
    }

    /**
     * Consumer 0 holds record n from {@code peek} while the others take n and n + 1 in their
     * ways (poll, drain, peek/release), n + 1 straddling the seam about once a lap; the held
     * view must still show record n, as {@code QueueConsumer.peek} promises until release.
     * Before stop 29 the others' window across linearize's seam rotated the ring under it.
     */
    @TestFactory
    Stream<DynamicTest> aRecordHeldFromPeekKeepsItsBytesWhileOthersReadAcrossTheSeam() {
        return cases().map(c -> dynamicTest(c.toString(), () -> {
            try (RingMemory memory = Registries.memoryStrategies().require(c.strategy()).allocate(RingSpec.ofCapacity(CAPACITY));
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory, c.spec(), BroadcastOptions.defaults())) {
                BroadcastProducer p = q.producer();
                MemorySegment dst = MemorySegment.ofArray(new byte[120]);
                long position = q.stride() / 2;
                int straddledWhileHeld = 0;
                for (int n = 0; n < 4 * RECORDS; n += 2) { // about 40 laps: n + 1 straddles in about a quarter of them
                    assertTrue(p.offer(record(n, c.length(n))), c + ": offer " + n);
                    assertTrue(p.offer(record(n + 1, c.length(n + 1))), c + ": offer " + (n + 1));
                    position += (c.length(n) + 7) & -8;
                    if (position % CAPACITY + c.length(n + 1) > CAPACITY) {
                        straddledWhileHeld++;
                    }
                    position += (c.length(n + 1) + 7) & -8;
                    MemorySegment held = q.consumer(0).peek();
                    check(c.toString(), 0, n, c.length(n), held);
                    for (int k = 1; k < CONSUMERS; k++) {
                        for (int r = n; r < n + 2; r++) {
                            int length = c.length(r);
                            int consumer = k;
                            int record = r;
                            switch ((r + k) % 3) {
                                case 0 -> {
                                    assertEquals(length, q.consumer(k).poll(dst), c + ": poll " + r);
                                    check(c.toString(), k, r, length, dst.asSlice(0, length));
                                }
                                case 1 -> assertEquals(1, q.consumer(k).drain(
                                        rec -> check(c.toString(), consumer, record, length, rec), 1));
                                default -> {
                                    check(c.toString(), k, r, length, q.consumer(k).peek());
                                    q.consumer(k).release();
                                }
                            }
                        }
                    }
                    check(c + " (held while the others read on)", 0, n, c.length(n), held);
                    q.consumer(0).release();
                    assertEquals(c.length(n + 1), q.consumer(0).poll(dst));
                    check(c.toString(), 0, n + 1, c.length(n + 1), dst.asSlice(0, c.length(n + 1)));
                }
                assertTrue(straddledWhileHeld >= 5, c + ": only " + straddledWhileHeld + " records straddled while one was held");
            }
        }));
    }

    /** On split the consumers may hold a straddling record at once: the one gathered segment serves them all. */
    @TestFactory
    Stream<DynamicTest> onSplitConsumersHoldAStraddlingRecordAtOnce() {
        return Stream.of(QueueSpec.RecordMode.values()).map(m -> new Case("split", m)).map(c -> dynamicTest(c.toString(), () -> {
            try (RingMemory memory = Registries.memoryStrategies().require("split").allocate(RingSpec.ofCapacity(CAPACITY));
                 RefCountedBroadcastQueue q = new BroadcastDiscipline().create(memory, c.spec(), BroadcastOptions.defaults())) {
                assertInstanceOf(LapViewGatherBroadcastQueue.class, q);
                long position = q.stride() / 2;
                int held = 0;
                for (int n = 0; n < RECORDS; n++) {
                    int length = c.length(n);
                    assertTrue(q.producer().offer(record(n, length)));
                    boolean straddles = position % CAPACITY + length > CAPACITY;
                    position += (length + 7) & -8;
                    MemorySegment[] views = new MemorySegment[CONSUMERS];
                    for (int k = 0; k < CONSUMERS; k++) {
                        views[k] = q.consumer(k).peek();
                    }
                    for (int k = 0; k < CONSUMERS; k++) {
                        check(c.toString(), k, n, length, views[k]);
                        q.consumer(k).release();
                    }
                    held += straddles ? 1 : 0;
                }
                assertTrue(held >= 5, c + ": only " + held + " straddling records");
                assertEquals(0, memory.copyCounters().stagingBytes(), "offers write in two parts, nothing staged");
            }
        }));
    }
}
