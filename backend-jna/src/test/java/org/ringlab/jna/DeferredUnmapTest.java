package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rule of docs/native-access.md ("Closing memory under running threads"): a memory closed
 * while a queue handle is inside an operation (a drain whose handler blocks, on spsc, napi and
 * broadcast) is retired at once but stays mapped until that handle has left, and is unmapped
 * then. Deterministic: the handle is held inside on purpose, and /proc/self/maps says whether
 * the range is mapped. The broken twin {@link EagerUnmapMirroredMemory} (unmaps right after the
 * arena's handshake) must be caught: its range is gone while the handle is still inside.
 */
class DeferredUnmapTest {

    private static final long CAPACITY = 64 * 1024;
    private static final int RECORD = 64;
    private static final Duration AWAIT = Duration.ofSeconds(30);

    /** What a scenario saw: mapped while the handle was inside, and after it left. */
    record Seen(boolean mappedWhileInside, boolean mappedAfterLeaving) {
    }

    static Stream<Arguments> strategiesAndScenarios() {
        return Stream.of("mirrored-jna", "mirrored-memfd").flatMap(s -> disciplines().map(d -> Arguments.of(s, d)));
    }

    static Stream<String> disciplines() {
        return Stream.of("spsc", "napi", "broadcast");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("strategiesAndScenarios")
    void closeDefersTheUnmapUntilTheHandleInsideHasLeft(String name, String inside) throws Exception {
        MemoryStrategy strategy = Registries.memoryStrategies().find(name).orElseThrow();
        Assumptions.assumeTrue(strategy.availability().isAvailable(), () -> name + ": " + strategy.availability());
        Seen seen = closeWhileInside(strategy, inside);
        assertTrue(seen.mappedWhileInside(), name + ": the range was unmapped while a handle was inside (" + inside + ")");
        assertFalse(seen.mappedAfterLeaving(), name + ": the range is still mapped after the handle left (" + inside + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("disciplines")
    void theEagerUnmapTwinIsCaught(String inside) throws Exception {
        EagerUnmapMirroredMemory twin = new EagerUnmapMirroredMemory();
        Assumptions.assumeTrue(twin.availability().isAvailable(), () -> "mirrored-jna: " + twin.availability());
        Seen seen = closeWhileInside(twin, inside);
        assertFalse(seen.mappedWhileInside(), "the twin's range stayed mapped: this test would not catch an early unmap");
    }

    @Test
    void withNoHandleInsideTheCloseUnmapsAtOnce() throws InterruptedException {
        MemoryStrategy strategy = new JnaMirroredMemory();
        Assumptions.assumeTrue(strategy.availability().isAvailable(), () -> "mirrored-jna: " + strategy.availability());
        RingMemory memory = strategy.allocate(RingSpec.ofCapacity(CAPACITY));
        RecordQueue queue = Registries.disciplines().find("spsc").orElseThrow().create(memory, QueueSpec.fixed(RECORD));
        MemorySegment record = Arena.ofAuto().allocate(RECORD);
        assertTrue(queue.producer().offer(record));
        assertEquals(RECORD, queue.consumer(0).poll(record));
        long base = memory.header().address();
        assertTrue(DeferredUnmap.awaitAll(AWAIT), "an unmap of an earlier test is still pending");
        int pendingBefore = DeferredUnmap.pending();
        memory.close();
        assertFalse(mapped(base), "nobody was inside, yet the range is still mapped after close()");
        assertEquals(pendingBefore, DeferredUnmap.pending());
        queue.close();
    }

    /**
     * A growable mirror after spsc grew it: the handles registered with the first generation
     * guard the unmap of the one current at close (the generations share one handle list).
     */
    @Test
    void afterAGrowTheCloseStillDefersTheUnmap() throws Exception {
        MemoryStrategy strategy = Registries.memoryStrategies().find("mirrored-memfd-growable").orElseThrow();
        Assumptions.assumeTrue(strategy.availability().isAvailable(), () -> "mirrored-memfd-growable: " + strategy.availability());
        Seen seen = closeWhileInside(strategy, "spsc", true, CAPACITY, memory -> memory.header().address());
        assertTrue(seen.mappedWhileInside(), "after a grow, the range was unmapped while a handle was inside");
        assertFalse(seen.mappedAfterLeaving(), "after a grow, the range is still mapped after the handle left");
    }

    private static Seen closeWhileInside(MemoryStrategy strategy, String discipline) throws Exception {
        return closeWhileInside(strategy, discipline, false, CAPACITY, memory -> memory.header().address());
    }

    /**
     * The heap strategies (backend-heap's deferred free): a ring big enough that glibc's malloc
     * gives it a mapping of its own (above its largest mmap threshold, 32 MiB), so that
     * /proc/self/maps shows whether the bytes are freed: the free of such a block is an
     * immediate munmap, the thing a straggling access must not meet. Fails with the free at
     * close the heap rings had before (the bytes gone while the drain is inside).
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("heapStrategiesAndScenarios")
    void onTheHeapStrategiesCloseDefersTheFreeUntilTheHandleInsideHasLeft(String name, String inside) throws Exception {
        MemoryStrategy strategy = Registries.memoryStrategies().find(name).orElseThrow();
        Assumptions.assumeFalse(strategy.description().contains("DEGRADED"), strategy::description);
        Seen seen = closeWhileInside(strategy, inside, false, HEAP_CAPACITY, DeferredUnmapTest::ownMappingOfTheRing);
        assertTrue(seen.mappedWhileInside(), name + ": the ring's bytes were freed while a handle was inside (" + inside + ")");
        assertFalse(seen.mappedAfterLeaving(), name + ": the ring's bytes are still allocated after the handle left (" + inside + ")");
    }

    /** 40 MiB: above glibc's largest dynamic mmap threshold (32 MiB on 64-bit), so malloc maps it alone. */
    private static final long HEAP_CAPACITY = 40L << 20;

    static Stream<Arguments> heapStrategiesAndScenarios() {
        return Stream.of("doubled", "split", "linearize").flatMap(s -> disciplines().map(d -> Arguments.of(s, d)));
    }

    /** The address of the ring's bytes, when malloc gave them a mapping of their own (else the check cannot look). */
    private static long ownMappingOfTheRing(RingMemory memory) {
        long address = memory.window(0, 1).address();
        ProcSelf.Mapping m = ProcSelf.mappingAt(address).orElseThrow(() -> new AssertionError("the open ring is not mapped"));
        Assumptions.assumeTrue(m.sizeBytes() >= memory.capacity() && m.sizeBytes() <= 2 * memory.capacity() + (1 << 20),
                () -> "malloc did not give the ring a mapping of its own here (" + m + "): /proc/self/maps cannot show its free");
        return address;
    }

    /**
     * Closes the memory while a drain of {@code discipline}'s consumer blocks in its handler;
     * with {@code grow}, the queue first grows the ring (spsc on a growable memory). Whether
     * the memory is still there is read from /proc/self/maps at the address {@code watched} gives.
     */
    private static Seen closeWhileInside(MemoryStrategy strategy, String discipline, boolean grow, long capacity,
                                         java.util.function.ToLongFunction<RingMemory> watched) throws Exception {
        RingMemory memory = strategy.allocate(RingSpec.ofCapacity(capacity));
        QueueSpec spec = grow ? QueueSpec.fixed(RECORD).withGrowth(org.ringlab.api.GrowthPolicy.doubling(4 * CAPACITY))
                : QueueSpec.fixed(RECORD);
        RecordQueue queue = Registries.disciplines().find(discipline).orElseThrow().create(memory, spec);
        MemorySegment record = Arena.ofAuto().allocate(RECORD);
        assertTrue(queue.producer().offer(record));
        if (grow) {
            long first = memory.header().address();
            for (long bytes = 0; bytes <= CAPACITY; bytes += RECORD) {
                assertTrue(queue.producer().offer(record), "the growable ring did not grow");
            }
            assertTrue(memory.capacity() > CAPACITY, "no grow: capacity " + memory.capacity());
            // The grow ran inside offer, so its old generation's unmap was deferred to the reaper.
            assertTrue(DeferredUnmap.awaitAll(AWAIT), "the first generation's unmap is still pending");
            assertFalse(mapped(first), "the first generation is still mapped after the grow");
        }
        long base = watched.applyAsLong(memory);
        assertTrue(mapped(base), "the open ring is not in /proc/self/maps");
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread consumer = Thread.ofPlatform().name("blocking-drain").start(() -> {
            try {
                queue.consumer(0).drain(r -> {
                    inHandler.countDown();
                    awaitUninterruptibly(leave);
                }, 1);
            } catch (Throwable t) {
                ended.set(t);
            }
        });
        assertTrue(inHandler.await(1, TimeUnit.MINUTES), "the drain handler was not called");
        memory.close(); // returns although the handler blocks: close never waits for a handle
        boolean mappedWhileInside = mapped(base);
        leave.countDown();
        consumer.join(TimeUnit.MINUTES.toMillis(1));
        assertFalse(consumer.isAlive(), "the draining thread did not end");
        // The drain began before the close: it may end normally (broadcast's does: its handler's
        // return touches no ring memory) or with IllegalStateException (spsc's frees the record
        // in the ring's header), never otherwise.
        if (ended.get() != null) {
            assertInstanceOf(IllegalStateException.class, ended.get(), "the drain across the close ended with " + ended.get());
        }
        assertThrows(IllegalStateException.class, () -> queue.consumer(0).drain(r -> { }, 1), "a drain after close");
        assertTrue(DeferredUnmap.awaitAll(AWAIT), "a deferred unmap is still pending " + AWAIT + " after the handle left");
        boolean mappedAfterLeaving = mapped(base);
        queue.close();
        return new Seen(mappedWhileInside, mappedAfterLeaving);
    }

    private static boolean mapped(long address) {
        return ProcSelf.mappingAt(address).isPresent();
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep blocking: the test decides when the handler leaves
            }
        }
    }
}
