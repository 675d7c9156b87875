package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * A producer that attaches to a length-word ring (another process; here a queue built again on
 * the same memory) continues after the newest published record, although the header's producer
 * position is stored only on cold paths: the producers before it are abandoned without closing
 * (a process that died), each after a random number of records (less than a lap to a few laps),
 * while the consumer of the first queue keeps draining on its own thread, so the attach walks
 * words the consumer is passing. Every record must arrive once, in order, intact. The twin that
 * trusts the header's position must lose or rewrite records here.
 */
class SpscProducerAttachTest {

    static final QueueSpec SPEC = QueueSpec.variable(Traffic.MAX_RECORD);
    /** Producers attached in turn; {@code -Dringlab.spsc.attachRounds=} for a longer run. */
    static final int ROUNDS = Integer.getInteger("ringlab.spsc.attachRounds", 150);
    /** Liveness only (a broken twin can leave the consumer waiting on a word nobody writes): never a time assertion. */
    static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(120);

    record Outcome(long offered, Traffic.Result consumed) {
    }

    static Outcome run(Function<MirrorViewMemory, RecordQueue> build, long seed) throws InterruptedException {
        MemoryStrategy s = SpscLengthWordReuseTest.mirrorView().orElseThrow();
        long capacity = s.granularity() * Math.max(1, 16384 / s.granularity());
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(capacity))) {
            MirrorViewMemory m = (MirrorViewMemory) memory;
            RecordQueue first = build.apply(m);
            long lapRecords = capacity / 40; // frames of Traffic's records average about 40 bytes
            AtomicBoolean producing = new AtomicBoolean(true);
            AtomicBoolean consumerDone = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long[] offered = new long[1];
            long deadline = System.nanoTime() + GIVE_UP_NANOS;
            Thread producer = new Thread(() -> {
                try {
                    SplittableRandom random = new SplittableRandom(seed);
                    long next = 0;
                    for (int round = 0; round < ROUNDS && !consumerDone.get(); round++) {
                        // Round 0 on the consumer's queue; then a new queue per round, the old one abandoned unclosed.
                        RecordQueue q = round == 0 ? first : build.apply(m);
                        long to = next + 1 + random.nextLong(3 * lapRecords);
                        next = Traffic.produce(q.producer(), next, to,
                                () -> consumerDone.get() || System.nanoTime() > deadline);
                        offered[0] = next;
                        if (next < to) {
                            break;
                        }
                    }
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    producing.set(false);
                }
            }, "attach-producer");
            producer.start();
            Traffic.Result result;
            try {
                result = Traffic.consume(first.consumer(0), Long.MAX_VALUE, producing::get);
            } finally {
                consumerDone.set(true);
                producer.join(TimeUnit.SECONDS.toMillis(60));
            }
            if (failure.get() != null) {
                throw new AssertionError("producer failed", failure.get());
            }
            return new Outcome(offered[0], result);
        }
    }

    @Test
    void anAttachingProducerContinuesAfterTheNewestRecordWhileTheConsumerRuns() throws InterruptedException {
        assumeTrue(SpscLengthWordReuseTest.mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        Outcome o = run(m -> SpscRingQueue.create("spsc", m, SPEC), 11);
        assertEquals(0, o.consumed().violations(), o.consumed().firstViolation());
        assertEquals(o.offered(), o.consumed().delivered(), "records offered by " + ROUNDS + " producers in turn");
        assertTrue(o.offered() > ROUNDS, "the producers offered only " + o.offered() + " records");
    }

    @Test
    void aProducerThatTrustsTheHeadersPositionIsCaught() throws InterruptedException {
        assumeTrue(SpscLengthWordReuseTest.mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        Outcome o = run(m -> new HeaderPositionMirrorViewSpscQueue("spsc", m, SPEC), 11);
        assertTrue(o.consumed().violations() > 0 || o.consumed().delivered() != o.offered(),
                "the twin continued at the header's stale producer position and every one of " + o.offered()
                        + " records still arrived intact: the test cannot catch an attach that overwrites published records");
    }

    /** The header's producer position is behind after records without a close; a new queue's counters and offers are not. */
    @Test
    void anAttachAfterAProducerThatDidNotCloseFindsTheEndFromTheWords() {
        assumeTrue(SpscLengthWordReuseTest.mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = SpscLengthWordReuseTest.mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()))) {
            RecordQueue a = SpscRingQueue.create("spsc", memory, SPEC);
            MemorySegment record = MemorySegment.ofArray(new byte[20]); // frame 24
            for (int i = 0; i < 5; i++) {
                assertTrue(a.producer().offer(record));
            }
            assertEquals(20, a.consumer(0).poll(MemorySegment.ofArray(new byte[64])));
            assertEquals(0, memory.header().get(ValueLayout.JAVA_LONG, SpscDescriptor.PRODUCER_POSITION_OFFSET),
                    "the header's producer position is stored on cold paths only (this test relies on it being behind)");
            RecordQueue b = SpscRingQueue.create("spsc", memory, SPEC); // a is abandoned, not closed
            assertEquals(5 * 24L, b.counters().get("producerPosition"));
            assertTrue(b.producer().offer(MemorySegment.ofArray(new byte[8])));
            assertEquals(6 * 24L - 8, b.counters().get("producerPosition"));
            byte[] out = new byte[64];
            int[] lengths = new int[5];
            for (int i = 0; i < 5; i++) {
                lengths[i] = b.consumer(0).poll(MemorySegment.ofArray(out));
            }
            assertEquals("[20, 20, 20, 20, 8]", java.util.Arrays.toString(lengths));
            b.close();
            assertEquals(6 * 24L - 8, memory.header().get(ValueLayout.JAVA_LONG, SpscDescriptor.PRODUCER_POSITION_OFFSET),
                    "close stores the producer position");
        }
    }

    @Test
    void anAttachRefusesWordsNoQueueOfThisSpecWrote() {
        assumeTrue(SpscLengthWordReuseTest.mirrorView().isPresent(), "no mirror-view strategy available on this machine");
        MemoryStrategy s = SpscLengthWordReuseTest.mirrorView().orElseThrow();
        try (RingMemory memory = s.allocate(RingSpec.ofCapacity(s.granularity()))) {
            RecordQueue a = SpscRingQueue.create("spsc", memory, SPEC);
            assertTrue(a.producer().offer(MemorySegment.ofArray(new byte[20])));
            ((MirrorViewMemory) memory).mirrorView().set(ValueLayout.JAVA_INT, 24, 4 + 1000); // longer than the spec's 64
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> SpscRingQueue.create("spsc", memory, SPEC));
            assertTrue(e.getMessage().contains("position 24 holds 1004"), e.getMessage());
        }
    }
}
