package org.ringlab.queues.napi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RingMemory;

/**
 * The park/unpark protocol under stress, with its deliberately broken twin.
 *
 * <p>Ping-pong: the producer offers one record, waits until the poller has handled it, then
 * offers the next, so every record races the poller's way back into interrupt mode. Both sides
 * wait a random 0..{@value #JITTER} spin-wait hints (the handler after it marks the record
 * handled, the producer before it offers), which sweeps the publication across the poller's window between
 * its poll's last look at the ring and its announcement. A lost wake-up is a record still
 * pending after {@value #STALL_MILLIS} ms while the poller sits in interrupt mode: with the
 * correct protocol that never happens (the re-check finds the record, or the producer sees the
 * announcement); without the re-check the record waits forever, and the test must see it.
 * The correct run prints how often its re-check found a record that the broken twin would have
 * slept on ({@code savedByRecheck}): evidence that the stress reaches the window.
 */
class LostWakeUpStressTest {

    static final long STALL_MILLIS = 1_000;
    /** Up to this many spin-wait hints on each side; tuned so that the window is hit thousands of times a second. */
    static final int JITTER = 16;

    /** {@code savedByRecheck}: parkings the poller cancelled itself because its re-check found a record. */
    record Outcome(long iterations, long lostWakeUps, long savedByRecheck, NapiStats stats) {
    }

    /** Ping-pongs for at least {@code duration} and {@code minIterations} records, at most {@code limit}; stops at a lost wake-up. */
    static Outcome pingPong(boolean brokenTwin, Duration duration, long minIterations, Duration limit) {
        try (RingMemory memory = NapiPollerTest.doubled(64 * 1024)) {
            if (brokenTwin) {
                try (NoRecheckNapiQueue q = new NoRecheckNapiQueue(memory, QueueSpec.fixed(8), NapiConfig.defaults())) {
                    return pingPong(new Napi(q, q::stats, q::inInterruptMode, h -> NoRecheckNapiPoller.start(q, h)),
                            duration, minIterations, limit);
                }
            }
            try (NapiAdaptiveQueue q = new NapiAdaptiveQueue(memory, QueueSpec.fixed(8), NapiConfig.defaults())) {
                return pingPong(new Napi(q, q::stats, q::inInterruptMode, h -> NapiPoller.start(q, h)), duration,
                        minIterations, limit);
            }
        }
    }

    /** The queue under test and its poller: the real one, or the twin generated with its re-check removed. */
    record Napi(org.ringlab.api.RecordQueue queue, java.util.function.Supplier<NapiStats> stats,
                java.util.function.BooleanSupplier interruptMode,
                java.util.function.Function<org.ringlab.api.RecordQueue.RecordHandler, AutoCloseable> start) {
    }

    private static Outcome pingPong(Napi napi, Duration duration, long minIterations, Duration limit) {
        org.ringlab.api.RecordQueue queue = napi.queue();
        {
            AtomicLong handled = new AtomicLong();
            SplittableRandom consumerJitter = new SplittableRandom(1);
            AutoCloseable poller = napi.start().apply(r -> {
                handled.set(handled.get() + 1);
                pause(consumerJitter.nextInt(JITTER)); // "processing" after the record is marked handled
            });
            // Start from a parked poller, so what is caught is the steady-state race, not start-up.
            long parkedBy = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (napi.stats().get().parks() == 0 && System.nanoTime() < parkedBy) {
                Thread.onSpinWait();
            }
            SplittableRandom producerJitter = new SplittableRandom(2);
            MemorySegment record = MemorySegment.ofArray(new byte[8]);
            long stall = Duration.ofMillis(STALL_MILLIS).toNanos();
            long begin = System.nanoTime();
            long end = begin + duration.toNanos();
            long hardEnd = begin + limit.toNanos();
            long i = 0;
            long lost = 0;
            while (lost == 0 && (System.nanoTime() < end || i < minIterations) && System.nanoTime() < hardEnd) {
                pause(producerJitter.nextInt(JITTER));
                assertTrue(queue.producer().offer(record), "one record in flight never fills the ring");
                long offeredAt = System.nanoTime();
                while (handled.get() <= i) {
                    if (System.nanoTime() - offeredAt > stall && napi.interruptMode().getAsBoolean() && handled.get() <= i) {
                        lost++; // pending for a second while the poller waits for an interrupt
                        break;
                    }
                    Thread.onSpinWait();
                }
                i++;
            }
            try {
                poller.close(); // unparks a poller stuck by a lost wake-up too: nothing leaks either way
            } catch (Exception e) {
                throw new AssertionError("the poller did not close", e);
            }
            NapiStats s = napi.stats().get();
            return new Outcome(i, lost, s.switchesToPoll() - s.wakeUps(), s);
        }
    }

    /** A few nanoseconds each: finer than System.nanoTime, whose call alone costs about 20 ns. */
    static void pause(int spins) {
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
        }
    }

    @Test
    void theProtocolLosesNoWakeUp() {
        Outcome o = pingPong(false, Duration.ofMillis(1_500), 20_000, Duration.ofSeconds(8));
        System.out.println("napi lost-wake-up stress, correct protocol: " + o);
        assertEquals(0, o.lostWakeUps(), "a record waited " + STALL_MILLIS + " ms for a parked poller: " + o);
        assertTrue(o.iterations() > 1_000, "the stress did too little to mean anything: " + o);
    }

    @Test
    void theTwinWithoutTheRecheckIsCaught() {
        Outcome o = pingPong(true, Duration.ofSeconds(12), 0, Duration.ofSeconds(12));
        System.out.println("napi lost-wake-up stress, broken twin (no re-check): " + o);
        assertTrue(o.lostWakeUps() > 0, "the twin parks without re-checking the ring, yet " + o.iterations()
                + " ping-pongs lost no wake-up: this stress cannot catch the race");
    }
}
