package org.ringlab.queues.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link BufferPool}, both variants driven from one thread, against a model: a FIFO of free
 * indices (the free list is a ring, so the order in which buffers come back is exact) and the
 * set of allocated ones. Allocation past the last buffer returns the sentinel; a double free, an
 * index out of range and a foreign packet or segment throw and change nothing; every allocated
 * buffer keeps the bytes its owner wrote (buffers never overlap).
 */
class BufferPoolProperties {

    sealed interface Action permits Allocate, AllocatePacket, Free, FreePacket, DoubleFree, ForeignFree {
    }

    record Allocate() implements Action {
    }

    record AllocatePacket(double headroom) implements Action {
    }

    /** Frees the {@code pick}-th allocated buffer (modulo how many there are). */
    record Free(int pick) implements Action {
    }

    record FreePacket(int pick) implements Action {
    }

    record DoubleFree(int pick) implements Action {
    }

    record ForeignFree(int index) implements Action {
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        return Arbitraries.<Action>frequencyOf(
                        Tuple.of(5, Arbitraries.just((Action) new Allocate())),
                        Tuple.of(2, Arbitraries.doubles().between(0, 1).map(h -> (Action) new AllocatePacket(h))),
                        Tuple.of(5, Arbitraries.integers().between(0, 1000).map(p -> (Action) new Free(p))),
                        Tuple.of(2, Arbitraries.integers().between(0, 1000).map(p -> (Action) new FreePacket(p))),
                        Tuple.of(1, Arbitraries.integers().between(0, 1000).map(p -> (Action) new DoubleFree(p))),
                        Tuple.of(1, Arbitraries.integers().between(-3, 300).map(i -> (Action) new ForeignFree(i))))
                .list().ofMinSize(1).ofMaxSize(200);
    }

    @Property(tries = 300)
    void poolFollowsAFifoOfFreeIndices(@ForAll @IntRange(min = 1, max = 40) int count,
                                       @ForAll @IntRange(min = 1, max = 300) int bufferSize,
                                       @ForAll BufferPool.Threading threading,
                                       @ForAll("actions") List<Action> actions) {
        try (BufferPool pool = BufferPool.create(count, bufferSize, threading)) {
            new Run(pool).apply(actions);
        }
    }

    private static final class Run {
        final BufferPool pool;
        final ArrayDeque<Integer> free = new ArrayDeque<>();
        final List<Integer> allocated = new ArrayList<>();
        long stamp;
        final long[] stamps;

        Run(BufferPool pool) {
            this.pool = pool;
            for (int i = 0; i < pool.count(); i++) {
                free.addLast(i);
            }
            this.stamps = new long[pool.count()];
        }

        void apply(List<Action> actions) {
            for (Action a : actions) {
                step(a);
                assertEquals(free.size(), pool.available(), "available after " + a);
                for (int i : allocated) {
                    assertStamp(i);
                }
            }
            // Everything back: the pool is whole again.
            for (int i : new ArrayList<>(allocated)) {
                pool.free(i);
            }
            assertEquals(pool.count(), pool.available());
        }

        private void step(Action a) {
            switch (a) {
                case Allocate x -> {
                    int index = pool.allocate();
                    if (free.isEmpty()) {
                        assertEquals(BufferPool.EXHAUSTED, index, "allocate on an exhausted pool");
                        return;
                    }
                    assertEquals(free.pollFirst(), index, "the free list is FIFO");
                    took(index);
                }
                case AllocatePacket x -> {
                    int headroom = (int) Math.round(x.headroom() * pool.bufferSize());
                    PacketBuffer p = pool.allocatePacket(headroom);
                    if (free.isEmpty()) {
                        assertNull(p, "allocatePacket on an exhausted pool");
                        return;
                    }
                    assertNotNull(p);
                    assertEquals(free.pollFirst(), p.index());
                    assertSame(pool, p.pool());
                    assertSame(pool.packet(p.index()), p, "packets are made once, with the pool");
                    assertEquals(headroom, p.headroom());
                    assertEquals(0, p.length());
                    assertEquals(pool.bufferSize() - headroom, p.tailroom());
                    took(p.index());
                }
                case Free f -> {
                    if (allocated.isEmpty()) {
                        return;
                    }
                    int index = allocated.remove(f.pick() % allocated.size());
                    assertStamp(index);
                    pool.free(index);
                    free.addLast(index);
                }
                case FreePacket f -> {
                    if (allocated.isEmpty()) {
                        return;
                    }
                    int index = allocated.remove(f.pick() % allocated.size());
                    pool.free(pool.packet(index));
                    free.addLast(index);
                }
                case DoubleFree d -> {
                    if (free.isEmpty()) {
                        return;
                    }
                    int index = new ArrayList<>(free).get(d.pick() % free.size());
                    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.free(index));
                    assertEquals("buffer " + index + " is already free (double free)", e.getMessage());
                    assertThrows(IllegalStateException.class, () -> pool.free(pool.buffer(index)));
                }
                case ForeignFree f -> {
                    if (f.index() >= 0 && f.index() < pool.count()) {
                        // A segment from elsewhere, and one inside a buffer but not at its start.
                        MemorySegment heap = MemorySegment.ofArray(new byte[pool.bufferSize()]);
                        assertThrows(IllegalArgumentException.class, () -> pool.free(heap));
                        if (pool.bufferSize() > 1) {
                            MemorySegment inside = pool.buffer(f.index()).asSlice(1);
                            assertThrows(IllegalArgumentException.class, () -> pool.free(inside));
                        }
                        try (BufferPool other = BufferPool.create(1, pool.bufferSize(), BufferPool.Threading.SINGLE_THREAD)) {
                            PacketBuffer stranger = other.allocatePacket(0);
                            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pool.free(stranger));
                            assertTrue(e.getMessage().contains("is not from this pool"), e.getMessage());
                        }
                        return;
                    }
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pool.free(f.index()));
                    assertTrue(e.getMessage().contains("buffer index " + f.index() + " is not from this pool"), e.getMessage());
                }
            }
        }

        /** Marks a newly allocated buffer with a fresh stamp over its whole length. */
        private void took(int index) {
            allocated.add(index);
            MemorySegment b = pool.buffer(index);
            assertEquals(pool.bufferSize(), b.byteSize());
            assertEquals(index, pool.indexOf(b));
            assertEquals(0, b.address() % 64, "buffers start on a cache line");
            long s = ++stamp;
            stamps[index] = s;
            for (long i = 0; i < b.byteSize(); i++) {
                b.set(ValueLayout.JAVA_BYTE, i, (byte) (s * 7 + i));
            }
        }

        private void assertStamp(int index) {
            MemorySegment b = pool.buffer(index);
            long s = stamps[index];
            for (long i = 0; i < b.byteSize(); i++) {
                if (b.get(ValueLayout.JAVA_BYTE, i) != (byte) (s * 7 + i)) {
                    throw new AssertionError("buffer " + index + " byte " + i + " was overwritten by another buffer's owner");
                }
            }
        }
    }
}
