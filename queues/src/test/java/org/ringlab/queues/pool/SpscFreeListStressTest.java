package org.ringlab.queues.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * The SPSC free list's publish protocol: one thread allocates indices, another frees them. An
 * index handed out while it is still allocated is a violation (an ownership flag per index,
 * claimed with a CAS). The broken twin ({@link PublishBeforeWriteFreeList}: position published before the index is written) hands
 * out stale indices and must be caught.
 */
class SpscFreeListStressTest {

    // Few indices: the allocator mostly waits at an empty list, right where a premature publish shows.
    static final int COUNT = 4;
    static final long ALLOCATIONS = 2_000_000;

    /** What the stress test drives: the real free list, or its broken twin. */
    interface IndexRing {
        int poll();

        void offer(int index);
    }

    private static IndexRing of(SpscFreeList list) {
        return new IndexRing() {
            @Override
            public int poll() {
                return list.poll();
            }

            @Override
            public void offer(int index) {
                list.offer(index);
            }
        };
    }

    private static long run(IndexRing list) throws InterruptedException {
        AtomicIntegerArray owned = new AtomicIntegerArray(COUNT);
        ArrayBlockingQueue<Integer> inFlight = new ArrayBlockingQueue<>(COUNT);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread freer = new Thread(() -> {
            try {
                // Frees out of allocation order (one index held back, swapped at random): in strict
                // FIFO order a stale slot would hold the very index due there and hide the bug.
                java.util.SplittableRandom random = new java.util.SplittableRandom(42);
                int held = -1;
                for (long n = 0; n < ALLOCATIONS; n++) {
                    int index = inFlight.take();
                    if (held < 0) {
                        held = index;
                        continue;
                    }
                    if (random.nextBoolean()) {
                        int t = held;
                        held = index;
                        index = t;
                    }
                    owned.set(index, 0);
                    list.offer(index);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "freer");
        freer.start();
        long violations = 0;
        for (long n = 0; n < ALLOCATIONS && violations == 0; n++) {
            int index;
            while ((index = list.poll()) == FreeList.NONE) {
                Thread.onSpinWait();
            }
            if (index < 0 || index >= COUNT || !owned.compareAndSet(index, 0, 1)) {
                violations++; // handed out while still allocated (or garbage)
            } else {
                inFlight.put(index);
            }
        }
        freer.interrupt();
        freer.join(10_000);
        if (failure.get() != null && violations == 0) {
            throw new AssertionError("freer failed", failure.get());
        }
        return violations;
    }

    @Test
    void indicesAreNeverHandedOutTwice() throws InterruptedException {
        assertEquals(0, run(of(new SpscFreeList(COUNT))));
    }

    @Test
    void publishingBeforeWritingIsCaught() throws InterruptedException {
        long violations = 0;
        for (int round = 0; round < 5 && violations == 0; round++) {
            violations = run(new PublishBeforeWriteFreeList(COUNT));
        }
        assertTrue(violations > 0, "the broken twin published positions before their indices 10 million times"
                + " and the stress test saw nothing wrong: it cannot catch a publication bug");
    }
}
