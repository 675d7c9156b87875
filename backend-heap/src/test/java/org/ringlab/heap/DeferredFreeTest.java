package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ringlab.api.Capability;
import org.ringlab.api.support.DeferredUnmap;
import org.ringlab.api.support.InFlight;
import org.ringlab.api.RingMemory;

/**
 * The close rule on the heap strategies (docs/native-access.md, "Closing memory under running
 * threads"), deterministically: a ring closed while a queue handle is inside an operation
 * throws at every segment handed out earlier, but its bytes stay allocated (the backing
 * arena alive) until that handle has left, and are freed then; with nobody inside they are
 * freed by the close itself. A straggling access of JDK-8290892 is what the deferral covers;
 * it may not fault even when it hits freed memory, so the test looks at what decides it: the
 * backing arena's liveness while the handle is inside. The broken twin {@link EagerFreeArena}
 * (the old free at close) must be caught: its bytes are freed while the handle is inside.
 */
class DeferredFreeTest {

    private static final long CAPACITY = 64 * 1024;
    private static final Duration AWAIT = Duration.ofSeconds(30);
    private static final Set<Capability> CAPS = EnumSet.of(Capability.NATIVE);

    /** A heap ring over a given arena, one per strategy. */
    record Shape(String name, RingOver ring) {
        @Override
        public String toString() {
            return name;
        }
    }

    @FunctionalInterface
    interface RingOver {
        ArenaRingMemory over(Arena arena);
    }

    static Stream<Shape> shapes() {
        return Stream.of(new Shape("doubled", a -> new DoubledArrayRing("doubled", CAPACITY, CAPS, a)),
                new Shape("split", a -> new SplitRing("split", CAPACITY, CAPS, a)),
                new Shape("linearize", a -> new LinearizingRing("linearize", CAPACITY, CAPS, a)));
    }

    /** What one close saw: the bytes allocated while the handle was inside, and after it left. */
    record Seen(boolean allocatedWhileInside, boolean allocatedAfterLeaving) {
    }

    @BeforeEach
    void deferralIsGranted() throws InterruptedException {
        Assumptions.assumeTrue(DeferredFreeArena.refusal().isEmpty(),
                () -> "native access refused here: " + DeferredFreeArena.refusal().orElseThrow());
        assertTrue(DeferredUnmap.awaitAll(AWAIT), "an earlier free is still pending");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void aHandleInsideKeepsTheBytesAllocatedUntilItLeaves(Shape shape) throws Exception {
        Seen seen = closeWhileInside(shape.ring().over(DeferredFreeArena.open()), DeferredFreeTest::backingScope);
        assertTrue(seen.allocatedWhileInside(), shape + ": the close freed the bytes while a handle was inside");
        assertFalse(seen.allocatedAfterLeaving(), shape + ": the bytes are still allocated after the handle left");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void theEagerFreeTwinIsCaught(Shape shape) throws Exception {
        Seen seen = closeWhileInside(shape.ring().over(new EagerFreeArena()), DeferredFreeTest::backingScope);
        assertFalse(seen.allocatedWhileInside(), shape + ": the twin's bytes stayed allocated: this test would not catch a free at close");
    }

    /** What the strategies allocate goes through the deferral (not only rings built here). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void everyHeapStrategyAllocatesThroughTheDeferral(PureJavaStrategy strategy) throws Exception {
        RingMemory ring = strategy.allocate(org.ringlab.api.RingSpec.ofCapacity(CAPACITY));
        Seen seen = closeWhileInside((ArenaRingMemory) ring, DeferredFreeTest::backingScope);
        assertTrue(seen.allocatedWhileInside(), strategy.name() + ": the close freed the bytes while a handle was inside");
        assertFalse(seen.allocatedAfterLeaving(), strategy.name() + ": still allocated after the handle left");
        assertFalse(strategy.description().contains("DEGRADED"), strategy.description());
    }

    static Stream<PureJavaStrategy> strategies() {
        return Stream.of(new DoubledArrayMemory(), new SplitRingMemory(), new LinearizeOnReadMemory());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void withNobodyInsideTheCloseFreesAtOnce(Shape shape) throws Exception {
        ArenaRingMemory ring = shape.ring().over(DeferredFreeArena.open());
        InFlight handle = DeferredUnmap.register(ring.header());
        assertTrue(handle.enter());
        handle.exit();
        int pendingBefore = DeferredUnmap.pending();
        closeFromAnotherThread(ring);
        assertFalse(backingScope(ring).isAlive(), shape + ": nobody was inside, yet the bytes are still allocated after close()");
        assertEquals(pendingBefore, DeferredUnmap.pending());
    }

    /**
     * A handle inside only because its caller holds a segment (a peek, a claim), no operation
     * running, is waited for at most {@link DeferredUnmap#HOLD_GRACE}: the free happens then
     * even though the hold never ends.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void aHoldNeverGivenBackIsWaitedForAtMostTheGrace(Shape shape) throws Exception {
        boolean informative = false;
        for (int attempt = 0; attempt < 5 && !informative; attempt++) {
            ArenaRingMemory ring = shape.ring().over(DeferredFreeArena.open());
            InFlight handle = DeferredUnmap.register(ring.header());
            handle.hold();
            long start = System.nanoTime();
            closeFromAnotherThread(ring);
            boolean alive = backingScope(ring).isAlive();
            informative = System.nanoTime() - start < DeferredUnmap.HOLD_GRACE.toNanos();
            if (informative) {
                assertTrue(alive, shape + ": the close freed the bytes under a held segment");
            }
            assertTrue(DeferredUnmap.awaitAll(AWAIT), shape + ": the free stayed pending past the grace");
            assertFalse(backingScope(ring).isAlive(), shape + ": the bytes are still allocated past the grace");
        }
        Assumptions.assumeTrue(informative, () -> shape + ": five closes in a row took longer than the hold grace here");
    }

    /**
     * Closes {@code ring} from another thread while a handle registered with it is inside an
     * operation; every segment handed out before must throw after the close.
     */
    private static Seen closeWhileInside(ArenaRingMemory ring, Function<ArenaRingMemory, MemorySegment.Scope> backing)
            throws Exception {
        MemorySegment header = ring.header();
        MemorySegment window = ring.window(0, 64);
        MemorySegment claim = ring.claim(CAPACITY - 8, 64); // across the seam: split and linearize stage it in scratch
        InFlight handle = DeferredUnmap.register(header);
        assertTrue(handle.enter());
        closeFromAnotherThread(ring); // returns although the handle is inside: close never waits
        boolean allocatedWhileInside = backing.apply(ring).isAlive();
        for (MemorySegment s : new MemorySegment[] {header, window, claim}) {
            assertThrows(IllegalStateException.class, () -> s.get(ValueLayout.JAVA_BYTE, 0), "a segment taken before close");
        }
        handle.exit();
        assertTrue(DeferredUnmap.awaitAll(AWAIT), "a deferred free is still pending " + AWAIT + " after the handle left");
        return new Seen(allocatedWhileInside, backing.apply(ring).isAlive());
    }

    private static MemorySegment.Scope backingScope(ArenaRingMemory ring) {
        return switch (ring.arena) {
            case DeferredFreeArena d -> d.backingScope();
            case EagerFreeArena e -> e.backingScope();
            default -> throw new AssertionError(ring.strategyName() + ": no backing arena, its arena is " + ring.arena);
        };
    }

    private static void closeFromAnotherThread(RingMemory ring) throws InterruptedException {
        Thread.ofPlatform().name("closer").start(ring::close).join();
    }
}
