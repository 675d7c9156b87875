package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The park/wake protocol of {@link InterruptLine} under stress: a NIC thread publishes one packet
 * at a time and waits until the consumer has taken it, so every packet races the consumer's
 * "poll found nothing → arm → re-check → park". A wake-up is lost when the consumer is parked
 * on the line, the line is still armed and a packet the NIC has finished announcing is in the
 * ring. With the protocol (Dekker: the NIC's fence-then-read-state against the consumer's
 * arm-fence-then-re-check) that state cannot last: either the NIC saw the line armed and took it
 * back, or the consumer's re-check saw the packet. The test observes it without timing: it reads
 * the consumer's thread state, then the line, then the ring, in that order, and when all three
 * say "lost" it rescues the consumer (and counts one). No sleep decides anything, so a loaded
 * machine only makes the run slower.
 */
class InterruptLineStressTest {

    private static final int PACKETS = Integer.getInteger("ringlab.stress.interruptLine.packets", 20_000);

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void theProtocolNeverLosesAWakeUp() throws InterruptedException {
        Outcome o = stress(new NapiInterrupts(NapiInterrupts.SEED_BUDGET), PACKETS, false);
        assertEquals(0, o.lost, "lost wake-ups with the re-check after arming");
        assertEquals(PACKETS, o.consumed);
        assertTrue(o.parks > 0, "the consumer never parked, so the race was never run: " + o.parks);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void aTwinWithoutTheRecheckIsCaught() throws InterruptedException {
        // Stops at the first lost wake-up; up to 50× the packets so even an unlucky schedule hits the window.
        Outcome o = stress(new NoRecheckNapiInterrupts(), PACKETS * 50, true);
        assertTrue(o.lost > 0, "the twin without the re-check lost no wake-up in " + o.consumed + " packets");
    }

    private record Outcome(long lost, long consumed, long parks) {
    }

    private static Outcome stress(NapiInterrupts line, int packets, boolean stopAtFirstLoss) throws InterruptedException {
        AtomicLong published = new AtomicLong(); // the "ring": packets published (release) …
        AtomicLong consumed = new AtomicLong();  // … and taken by the consumer
        Thread consumer = new Thread(() -> {
            java.util.function.BooleanSupplier pending = () -> published.get() > consumed.get();
            while (true) {
                if (published.get() > consumed.get()) {
                    consumed.incrementAndGet();
                    continue;
                }
                if (line.stopRequested()) {
                    break;
                }
                line.parkUnlessPending(pending);
            }
        }, "interrupt-line-consumer");
        line.attachConsumer(consumer);
        consumer.setDaemon(true);
        consumer.start();
        long lost = 0;
        try {
            for (long i = 1; i <= packets; i++) {
                published.set(i);          // publish (volatile store) …
                line.packetEnqueued();     // … then the NIC's half: fence, read the state, wake if armed
                while (consumed.get() < i) {
                    // Read in this order: parked, still armed, packet still there. The protocol allows each alone
                    // (a stale WAITING, a consumer between arm and re-check), never all three after packetEnqueued.
                    boolean parked = consumer.getState() == Thread.State.WAITING && LockSupport.getBlocker(consumer) == line;
                    if (parked && line.armed() && consumed.get() < i) {
                        lost++;
                        line.disarm();                 // rescue: what a second interrupt would do
                        LockSupport.unpark(consumer);
                        if (stopAtFirstLoss) {
                            return new Outcome(lost, consumed.get(), line.parks());
                        }
                    }
                    Thread.onSpinWait();
                    if ((i & 15) == 0) {
                        Thread.yield(); // on a loaded 2-core machine, let the consumer run
                    }
                }
            }
            return new Outcome(lost, consumed.get(), line.parks());
        } finally {
            line.requestStop();
            consumer.join(TimeUnit.MINUTES.toMillis(1));
        }
    }
}
