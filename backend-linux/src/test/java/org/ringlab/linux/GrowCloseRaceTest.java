package org.ringlab.linux;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The growable mirror closed by one thread while another grows it (what spsc's producer does
 * inside {@code offer} when the ring is full): the grow either completes or throws
 * {@link IllegalStateException}, never a {@code NativeCallException} from a memfd closed under
 * its {@code ftruncate}/{@code mmap} (EBADF, or a descriptor number already reused by another
 * file), and neither the descriptor nor a mapping is left behind.
 */
class GrowCloseRaceTest {

    private static final int ROUNDS = Integer.getInteger("ringlab.growCloseRace.rounds", 300);
    private static final long PAGE = Strategies.PAGE;

    @Test
    void aCloseDuringAGrowMakesTheGrowThrowIllegalStateOrWaitsForIt() throws Exception {
        long descriptors = ProcSelf.openDescriptorCount();
        long mappings = memfdMappings();
        for (int round = 0; round < ROUNDS; round++) {
            GrowableRingMemory ring = (GrowableRingMemory) Strategies.GROWABLE.allocate(RingSpec.ofCapacity(PAGE));
            AtomicReference<Throwable> wrong = new AtomicReference<>();
            CountDownLatch started = new CountDownLatch(1);
            Thread grower = Thread.ofPlatform().name("grower").start(() -> {
                started.countDown();
                try {
                    for (long capacity = 2 * PAGE; capacity <= 256 * PAGE; capacity += PAGE) {
                        ring.grow(capacity, 0, 0);
                    }
                } catch (IllegalStateException closed) {
                    // the promised outcome of a grow after close
                } catch (Throwable t) {
                    wrong.set(t);
                }
            });
            started.await();
            long spin = ThreadLocalRandom.current().nextLong(200_000);
            for (long until = System.nanoTime() + spin; System.nanoTime() < until; ) {
                Thread.onSpinWait();
            }
            ring.close();
            grower.join();
            int r = round;
            assertNull(wrong.get(), () -> "round " + r + ": the grow ended with " + wrong.get());
            assertFalse(ring.isOpen());
        }
        assertEquals(descriptors, ProcSelf.openDescriptorCount(), "a memfd was left open");
        // memfd views only: the JVM's own mappings change with 300 threads started (malloc arenas).
        assertEquals(mappings, memfdMappings(), "a memfd view was left mapped");
    }

    private static long memfdMappings() {
        return ProcSelf.mappings().stream().filter(line -> line.contains("/memfd:")).count();
    }
}
