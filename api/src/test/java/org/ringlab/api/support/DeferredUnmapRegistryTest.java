package org.ringlab.api.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * The bookkeeping of {@link DeferredUnmap}: a memory's handle list does not grow with the
 * queues built and dropped on it, a handle still referenced stays guarded, and the
 * generations of one memory (a growable ring's remaps) share one list.
 */
class DeferredUnmapRegistryTest {

    private static final int DROPPED = 100_000;
    private static final Duration AWAIT = Duration.ofSeconds(30);

    @Test
    void handlesOfDroppedQueuesLeaveTheListWhileReferencedOnesStay() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment memory = arena.allocate(64);
            DeferredUnmap.track(arena.scope());
            List<InFlight> kept = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                kept.add(DeferredUnmap.register(memory));
            }
            for (int i = 0; i < DROPPED; i++) {
                DeferredUnmap.register(memory); // a queue built and closed: nothing keeps its handle
            }
            // Weak references clear at a GC; the sweeps of later registrations drop them.
            int registered = Integer.MAX_VALUE;
            for (int attempt = 0; attempt < 50 && registered > kept.size(); attempt++) {
                System.gc();
                Thread.sleep(10);
                registered = DeferredUnmap.registered(memory);
            }
            assertEquals(kept.size(), registered, "after " + DROPPED + " dropped handles and a GC");
            for (int i = 0; i < DROPPED; i++) {
                DeferredUnmap.register(memory); // more queues: their sweeps drop the cleared entries
            }
            System.gc();
            for (int i = 0; i < DROPPED; i++) {
                DeferredUnmap.register(memory);
            }
            int listed = DeferredUnmap.listed(memory);
            assertTrue(listed < 2 * DROPPED + kept.size(), "the list kept every one of " + (3 * DROPPED)
                    + " registrations: " + listed + " entries");
            assertTrue(DeferredUnmap.registered(memory) >= kept.size(), "a referenced handle left the list");

            // A referenced handle inside an operation still defers the unmap.
            InFlight inside = kept.get(1);
            assertTrue(inside.enter());
            AtomicInteger unmapped = new AtomicInteger();
            DeferredUnmap.unmapWhenQuiet(arena.scope(), unmapped::incrementAndGet);
            assertEquals(0, unmapped.get(), "unmapped while a kept handle was inside");
            inside.exit();
            assertTrue(DeferredUnmap.awaitAll(AWAIT));
            assertEquals(1, unmapped.get());
            assertEquals(0, DeferredUnmap.registered(memory), "the scope is still tracked after its unmap");
        }
    }

    @Test
    void aRemappedGenerationIsGuardedByTheHandlesOfTheFirst() throws Exception {
        Arena first = Arena.ofShared();
        Arena second = Arena.ofShared();
        try {
            DeferredUnmap.track(first.scope());
            InFlight handle = DeferredUnmap.register(first.allocate(64)); // a queue built on generation 1
            DeferredUnmap.track(second.scope(), first.scope());            // the ring grew: generation 2
            assertEquals(1, DeferredUnmap.registered(second.allocate(64)));
            AtomicInteger unmapped = new AtomicInteger();
            assertTrue(handle.enter());
            DeferredUnmap.unmapWhenQuiet(first.scope(), unmapped::incrementAndGet);  // the grow retires generation 1
            DeferredUnmap.unmapWhenQuiet(second.scope(), unmapped::incrementAndGet); // close() retires generation 2
            assertEquals(0, unmapped.get(), "a generation was unmapped while a handle of the memory was inside");
            handle.exit();
            assertTrue(DeferredUnmap.awaitAll(AWAIT));
            assertEquals(2, unmapped.get());
        } finally {
            first.close();
            second.close();
        }
    }

    @Test
    void aGenerationTrackedAloneIsNotGuardedByAnotherMemorysHandles() {
        // The control for the test above: without the link, the second scope has no handle inside.
        try (Arena first = Arena.ofShared(); Arena second = Arena.ofShared()) {
            DeferredUnmap.track(first.scope());
            InFlight handle = DeferredUnmap.register(first.allocate(64));
            DeferredUnmap.track(second.scope());
            assertTrue(handle.enter());
            AtomicInteger unmapped = new AtomicInteger();
            DeferredUnmap.unmapWhenQuiet(second.scope(), unmapped::incrementAndGet);
            assertEquals(1, unmapped.get());
            handle.exit();
            DeferredUnmap.unmapWhenQuiet(first.scope(), unmapped::incrementAndGet);
            assertEquals(2, unmapped.get());
        }
    }

    @Test
    void registeringOnAClosedMemoryThrows() {
        Arena arena = Arena.ofShared();
        MemorySegment memory = arena.allocate(64);
        DeferredUnmap.track(arena.scope());
        arena.close();
        DeferredUnmap.unmapWhenQuiet(arena.scope(), () -> { });
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> DeferredUnmap.register(memory));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertFalse(memory.scope().isAlive());
    }
}
