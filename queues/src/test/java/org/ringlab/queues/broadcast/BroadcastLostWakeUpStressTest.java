package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.api.SegmentPathMemory;

/**
 * The consumer's park/wake handshake under stress, with its deliberately broken twin (the
 * waiting-mask registration without the re-check of the published sequence).
 *
 * <p>Ping-pong: the producer puts one record, waits until the consumer has handled it, waits a
 * random 0..{@value #JITTER_NANOS} ns, then puts the next; the consumer, back in
 * {@code awaitDrain}, spins and yields and then parks, so the publication sweeps across its
 * window between its last look at the sequence and its registration. Parks are bounded by
 * 30 s here (the default 1 ms bound would hide a lost wake-up as a short delay). A record
 * still unhandled after {@value #STALL_MILLIS} ms is a lost wake-up: the correct protocol never
 * has one, the twin must (within 40 s of that traffic; it stops at its first loss). The correct run lasts until the consumer
 * was woken {@value #WAKEUPS_WANTED} times, at most 90 s, not a fixed time (a loaded machine
 * filled 1.5 s with a single park), and one of its pauses in {@value #LONG_PAUSE_ONE_IN} lasts up
 * to 2 ms, long enough for the consumer to reach its park however busy the machine: the other
 * seven sweep the window as the twin's run does.
 */
class BroadcastLostWakeUpStressTest {

    // A lost wake-up sleeps the park's whole 30 s bound; a correct wake-up on a machine at load
    // 25-40 was once seen to take over 1 s to be scheduled: 5 s tells them apart with room.
    static final long STALL_MILLIS = 5_000;
    static final long JITTER_NANOS = 10_000;
    static final int LONG_PAUSE_ONE_IN = 8;
    static final long LONG_PAUSE_NANOS = 2_000_000;
    static final long WAKEUPS_WANTED = 200;

    record Outcome(long iterations, long lostWakeUps, long consumerWakeups) {
    }

    /**
     * Ping-pongs until the consumer has been woken {@code wakeupsWanted} times (so the run
     * reached the handshake that often, however loaded the machine), a wake-up is lost, or
     * {@code limit} has passed. With {@code longPauses}, one pause in {@value #LONG_PAUSE_ONE_IN}
     * is long enough for the consumer to park even on a loaded machine.
     */
    static Outcome pingPong(boolean brokenTwin, boolean longPauses, long wakeupsWanted, Duration limit)
            throws InterruptedException {
        BroadcastOptions options = BroadcastOptions.defaults()
                .withConsumerWait(WaitStrategy.parking(Duration.ofSeconds(30)))
                .withProducerWait(WaitStrategy.yielding());
        try (RingMemory memory = Registries.memoryStrategies().require("doubled").allocate(RingSpec.ofCapacity(64 * 1024));
             RefCountedBroadcastQueue queue = brokenTwin
                     ? new NoRecheckBroadcastQueue("broadcast", (SegmentPathMemory) memory, QueueSpec.fixed(8).withConsumers(1), options)
                     : new BroadcastDiscipline().create(memory, QueueSpec.fixed(8).withConsumers(1), options)) {
            AtomicLong handled = new AtomicLong();
            BroadcastConsumer consumer = queue.consumer(0);
            Thread consuming = Thread.ofPlatform().name("broadcast-wakeup-consumer").start(() -> {
                try {
                    while (true) {
                        consumer.awaitDrain(r -> handled.incrementAndGet());
                    }
                } catch (IllegalStateException closed) {
                    // close() woke it: the run is over
                }
            });
            SplittableRandom jitter = new SplittableRandom(3);
            MemorySegment record = MemorySegment.ofArray(new byte[8]);
            long stall = Duration.ofMillis(STALL_MILLIS).toNanos();
            long begin = System.nanoTime();
            long i = 0;
            long lost = 0;
            long wakeups = 0;
            while (lost == 0 && wakeups < wakeupsWanted) {
                if (longPauses && jitter.nextInt(LONG_PAUSE_ONE_IN) == 0) {
                    // Now and then a pause long enough for the consumer to reach its park even on a
                    // loaded machine, where its spins and yields take long: the wake-up path runs.
                    LockSupport.parkNanos(jitter.nextLong(LONG_PAUSE_NANOS));
                } else {
                    // Mostly a short random pause, so publications sweep across the window between
                    // the consumer's last look and its registration.
                    long until = System.nanoTime() + jitter.nextLong(JITTER_NANOS);
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
                queue.producer().put(record);
                long putAt = System.nanoTime();
                while (handled.get() <= i) {
                    if (System.nanoTime() - putAt > stall) {
                        lost++; // a published record slept on by a parked consumer
                        break;
                    }
                    Thread.onSpinWait();
                }
                i++;
                if ((i & 63) == 0) {
                    wakeups = queue.counters().get("consumerWakeups");
                }
                if (System.nanoTime() - begin > limit.toNanos()) {
                    break;
                }
            }
            wakeups = queue.counters().get("consumerWakeups");
            queue.close(); // unparks a consumer stuck by a lost wake-up too
            consuming.join(10_000);
            assertTrue(!consuming.isAlive(), "the consumer thread did not end after close");
            return new Outcome(i, lost, wakeups);
        }
    }

    @Test
    void theConsumerLosesNoWakeUp() throws InterruptedException {
        Outcome o = pingPong(false, true, WAKEUPS_WANTED, Duration.ofSeconds(90));
        System.out.println("broadcast lost-wake-up stress, correct protocol: " + o);
        assertEquals(0, o.lostWakeUps(), "a record waited " + STALL_MILLIS + " ms for a parked consumer: " + o);
        assertTrue(o.consumerWakeups() > 100, "the consumer hardly ever parked: the stress did not reach the"
                + " handshake: " + o);
    }

    @Test
    void theTwinWithoutTheRecheckIsCaught() throws InterruptedException {
        Outcome o = pingPong(true, false, Long.MAX_VALUE, Duration.ofSeconds(40));
        System.out.println("broadcast lost-wake-up stress, broken twin (no re-check): " + o);
        assertTrue(o.lostWakeUps() > 0, "the twin parks without re-checking the sequence, yet " + o.iterations()
                + " ping-pongs lost no wake-up: this stress cannot catch the race");
    }
}
