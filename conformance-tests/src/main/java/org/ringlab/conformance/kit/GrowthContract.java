package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Assumptions;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;
import org.ringlab.growth.ProcSelf;

/**
 * The {@link GrowableBuffer} contract on a {@link GrowthStrategy} (ringlab's or a third
 * party's): random append sequences read back byte-identical, read-only, with counters that
 * keep the traits' promises and count each growth and move as it happens; the whole capacity
 * usable; stale segments after a move either show what they showed or throw; use after
 * close; bad input refused naming the values, a refused append changing nothing; many
 * allocate/grow/close cycles leave no mapping, descriptor or file behind.
 */
public final class GrowthContract {

    static final int PAGE = 4096;

    private GrowthContract() {
    }

    private static void assumeAvailable(GrowthStrategy s) {
        Assumptions.assumeTrue(s.availability().isAvailable(),
                () -> "skipped: " + s.name() + " is unavailable: " + s.availability().reason());
    }

    /** {@code tries} random append sequences, initial capacities and factors; each read back and its counters checked. */
    public static void appendsReadBackByteIdentical(GrowthStrategy strategy, KitSettings settings) {
        assumeAvailable(strategy);
        SplittableRandom random = new SplittableRandom(settings.seed() ^ strategy.name().hashCode());
        for (int t = 0; t < 3 * settings.tries(); t++) {
            int appends = random.nextInt(31);
            int[] lengths = new int[appends];
            long total = 0;
            for (int i = 0; i < appends; i++) {
                int dice = random.nextInt(10);
                lengths[i] = dice < 6 ? random.nextInt(301) : dice < 9 ? random.nextInt(300, 9001) : random.nextInt(9000, 40_001);
                total += lengths[i];
            }
            int initial = random.nextInt(1, 20_001);
            int factor = random.nextInt(1, 4);
            long max = Math.max(initial, total) + (random.nextBoolean() ? 0 : random.nextInt(4097));
            String what = strategy.name() + ": try " + t + " (-D" + KitSettings.SEED + "=" + settings.seed()
                    + "): initial " + initial + ", factor " + factor + ", max " + max + ", appends " + java.util.Arrays.toString(lengths);
            ByteArrayOutputStream model = new ByteArrayOutputStream();
            try (GrowableBuffer buffer = strategy.allocate(initial, new GrowthPolicy(factor, max))) {
                long expectedMoved = 0;
                for (int i = 0; i < appends; i++) {
                    byte[] bytes = new byte[lengths[i]];
                    for (int k = 0; k < bytes.length; k++) {
                        bytes[k] = (byte) (i * 37 + k * 11 + (k >>> 8));
                    }
                    long sizeBefore = buffer.size();
                    long capacityBefore = buffer.capacity();
                    GrowthCounters before = buffer.counters();
                    long addressBefore = buffer.contents().address();
                    buffer.append(MemorySegment.ofArray(bytes));
                    model.writeBytes(bytes);
                    GrowthCounters after = buffer.counters();
                    boolean moved = after.moves() > before.moves();
                    if (moved) {
                        expectedMoved += sizeBefore;
                    }
                    checkGrowth(strategy, bytes.length <= capacityBefore - sizeBefore, before, after,
                            addressBefore != buffer.contents().address(), what + ": append " + i + " of " + bytes.length
                                    + " bytes to " + sizeBefore + " of " + capacityBefore);
                    assertEquals(model.size(), buffer.size(), what + ": size after append " + i);
                    assertTrue(buffer.size() <= buffer.capacity() && buffer.capacity() <= max, what + ": size "
                            + buffer.size() + ", capacity " + buffer.capacity() + ", max " + max);
                }
                byte[] expected = model.toByteArray();
                assertTrue(buffer.contents().isReadOnly(), what + ": contents() must be read-only, a view callers cannot write");
                byte[] actual = buffer.contents().toArray(ValueLayout.JAVA_BYTE);
                assertEquals(expected.length, actual.length, what + ": contents' length");
                long wrong = MemorySegment.mismatch(MemorySegment.ofArray(expected), 0, expected.length,
                        MemorySegment.ofArray(actual), 0, actual.length);
                assertEquals(-1, wrong, what + ": contents differ from the appended bytes at offset " + wrong);
                checkPromises(strategy, buffer.counters(), expectedMoved, what);
            }
        }
    }

    /**
     * One append's growth as the counters tell it: an append that fits does not grow, one that
     * does not fit grows once; a move is a change of address that the counters see (a Java
     * array cannot grow in place, so every growth of one moves).
     */
    static void checkGrowth(GrowthStrategy strategy, boolean fits, GrowthCounters before, GrowthCounters after,
                            boolean addressChanged, String what) {
        String context = what + ": " + before + " -> " + after;
        assertEquals(fits ? 0 : 1, after.grows() - before.grows(), context + ": grows must count exactly the appends that did not fit");
        boolean moved = after.moves() > before.moves();
        assertTrue(after.moves() - before.moves() <= 1, context + ": more than one move in one growth");
        if (strategy.has(GrowthTrait.NATIVE)) {
            assertEquals(addressChanged, moved, context + ": the address " + (addressChanged ? "changed" : "stayed")
                    + " but moves says " + (moved ? "it moved" : "it did not"));
        } else {
            assertEquals(!fits, moved, context + ": a Java array cannot grow in place, so every growth moves");
        }
    }

    /** What the traits promise about the counters. */
    static void checkPromises(GrowthStrategy strategy, GrowthCounters c, long expectedMoved, String what) {
        String context = what + ": " + c;
        assertTrue(c.moves() <= c.grows(), context + ": more moves than grows");
        assertEquals(expectedMoved, c.bytesMoved(), context + ": bytesMoved is not the live bytes of every move");
        if (strategy.has(GrowthTrait.NO_COPY)) {
            assertEquals(0, c.bytesCopied(), context + ": NO_COPY but bytes were copied");
        }
        if (strategy.has(GrowthTrait.NEVER_MOVES)) {
            assertEquals(0, c.moves(), context + ": NEVER_MOVES but it moved");
        }
        if (c.copiesKnown()) {
            assertTrue(c.bytesCopied() <= c.bytesMoved() || strategy.has(GrowthTrait.NO_COPY), context
                    + ": copied more than it moved");
        }
        if (!strategy.has(GrowthTrait.NATIVE)) {
            // Bytes cannot be remapped into a new Java array: what moved was copied.
            assertEquals(c.bytesMoved(), c.bytesCopied(), context + ": a Java array that moves copies its live bytes"
                    + (strategy.has(GrowthTrait.NO_COPY) ? ", so NO_COPY cannot hold" : ", and bytesCopied must count them"));
        }
    }

    /**
     * {@link GrowableBuffer#capacity()} is what the buffer holds before it grows again: filling
     * it to the byte does not grow and reads back, and one byte more grows (a doubling and a
     * factor-3 buffer, through eight growths each).
     */
    public static void capacityIsUsable(GrowthStrategy s) {
        assumeAvailable(s);
        for (int factor : new int[] {2, 3}) {
            try (GrowableBuffer buffer = s.allocate(100, new GrowthPolicy(factor, 1 << 20))) {
                ByteArrayOutputStream model = new ByteArrayOutputStream();
                for (int g = 0; g < 8; g++) {
                    long capacity = buffer.capacity();
                    long grows = buffer.counters().grows();
                    String what = s.name() + ", factor " + factor + ": filling " + buffer.size() + " of capacity " + capacity;
                    byte[] fill = pattern((int) (capacity - buffer.size()), g);
                    try {
                        buffer.append(MemorySegment.ofArray(fill));
                    } catch (IndexOutOfBoundsException e) {
                        throw new AssertionError(what + ": the last bytes of the capacity are not usable: " + e.getMessage(), e);
                    }
                    model.writeBytes(fill);
                    assertEquals(grows, buffer.counters().grows(), what
                            + ": filling to the capacity grew; grows must count exactly the appends that did not fit");
                    assertEquals(capacity, buffer.capacity(), what + ": an append that fits changed the capacity");
                    byte[] one = pattern(1, g + 100);
                    buffer.append(MemorySegment.ofArray(one));
                    model.writeBytes(one);
                    assertEquals(grows + 1, buffer.counters().grows(), what + ": one byte past the capacity must grow once");
                    assertTrue(buffer.capacity() > capacity, what + ": the capacity did not grow");
                    assertEquals(-1, MemorySegment.ofArray(model.toByteArray()).mismatch(buffer.contents()),
                            what + ": the contents differ from the appended bytes");
                }
            }
        }
    }

    private static byte[] pattern(int length, int salt) {
        byte[] bytes = new byte[length];
        for (int k = 0; k < length; k++) {
            bytes[k] = (byte) (salt * 31 + k * 7 + (k >>> 8));
        }
        return bytes;
    }

    /**
     * A segment taken before growth is, after it, either valid with the same bytes (the memory
     * did not move, or a Java array kept alive by it) or dead (throws): never other bytes, never
     * a crash. Native memory that moved must be dead; memory that never moves must be valid.
     */
    public static void staleSegments(GrowthStrategy s) {
        assumeAvailable(s);
        try (GrowableBuffer buffer = s.allocate(PAGE, 1 << 24); Arena arena = Arena.ofConfined()) {
            buffer.append(arena.allocate(PAGE).fill((byte) 7));
            MemorySegment stale = buffer.contents();
            long movesBefore = buffer.counters().moves();
            for (int i = 0; i < 12; i++) {
                buffer.append(arena.allocate(PAGE << i).fill((byte) i));
            }
            boolean moved = buffer.counters().moves() > movesBefore;
            boolean alive = isAlive(stale);
            if (alive) {
                assertEquals(PAGE, stale.byteSize());
                assertEquals(-1, stale.mismatch(arena.allocate(PAGE).fill((byte) 7)),
                        s.name() + ": a segment from before growth still reads, but shows other bytes than it showed");
            }
            if (s.has(GrowthTrait.NATIVE) && moved) {
                assertFalse(alive, s.name() + ": native memory moved, yet a segment from before still reads");
            }
            if (s.has(GrowthTrait.NEVER_MOVES)) {
                assertFalse(moved, s.name() + ": NEVER_MOVES but it moved");
                assertTrue(alive, s.name() + ": a buffer that never moves must keep its segments");
            }
            if (!s.has(GrowthTrait.NATIVE)) {
                assertTrue(alive, s.name() + ": a Java array stays reachable through its segment");
            }
        }
    }

    /** After close everything but close, isOpen, strategyName, policy and counters throws; native segments are dead. */
    public static void useAfterClose(GrowthStrategy s) {
        assumeAvailable(s);
        GrowableBuffer buffer = s.allocate(10, 1000);
        buffer.append(MemorySegment.ofArray(new byte[50]));
        MemorySegment view = buffer.contents();
        GrowthCounters counters = buffer.counters();
        buffer.close();
        assertFalse(buffer.isOpen());
        GrowthPolicy policy;
        try {
            policy = buffer.policy();
        } catch (IllegalStateException e) {
            throw new AssertionError(s.name() + ": policy() must answer after close, it threw " + e.getMessage(), e);
        }
        assertEquals(GrowthPolicy.doubling(1000), policy, s.name() + ": policy() after close");
        assertEquals(counters, buffer.counters(), s.name() + ": close changes no counter");
        assertThrows(IllegalStateException.class, () -> buffer.append(MemorySegment.ofArray(new byte[1])), s.name() + ": append after close");
        assertThrows(IllegalStateException.class, buffer::contents, s.name() + ": contents() after close");
        assertThrows(IllegalStateException.class, buffer::size, s.name() + ": size() after close");
        assertThrows(IllegalStateException.class, buffer::capacity, s.name() + ": capacity() after close");
        assertEquals(s.name(), buffer.strategyName());
        assertEquals(1, buffer.counters().grows(), s.name() + ": counters stay readable after close");
        if (s.has(GrowthTrait.NATIVE)) {
            assertFalse(isAlive(view), s.name() + ": a native segment must not read freed memory after close");
        }
        assertDoesNotThrow(buffer::close, s.name() + ": a second close");
    }

    /** Bad sizes and policies refused naming the values; a refused append changes nothing. */
    public static void badInput(GrowthStrategy s) {
        assumeAvailable(s);
        assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(0, 100)), "0");
        assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(-5, 100)), "-5");
        assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(200, 100)), "200", "100");
        assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(1, Long.MAX_VALUE)),
                String.valueOf(Long.MAX_VALUE));
        assertThrows(NullPointerException.class, () -> s.allocate(1, null), s.name() + ": a null policy");
        try (GrowableBuffer buffer = s.allocate(16, 100)) {
            buffer.append(MemorySegment.ofArray(new byte[60]));
            long grows = buffer.counters().grows();
            IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
                    () -> buffer.append(MemorySegment.ofArray(new byte[41])), s.name() + ": an append past the maximum");
            assertNamed(past, "41", "60", "100");
            assertEquals(60, buffer.size(), s.name() + ": a refused append changes nothing");
            assertEquals(grows, buffer.counters().grows(), s.name() + ": a refused append does not grow");
            assertThrows(NullPointerException.class, () -> buffer.append(null), s.name() + ": append(null)");
            buffer.append(MemorySegment.ofArray(new byte[40])); // exactly up to the maximum is fine
            assertEquals(100, buffer.size());
            assertThrows(IllegalArgumentException.class, () -> buffer.append(MemorySegment.ofArray(new byte[1])));
        }
    }

    /** {@code cycles} allocate/grow/close cycles leave the mappings, descriptors and files as they were. */
    public static void createCloseCycles(GrowthStrategy s, int cycles) {
        Assumptions.assumeTrue(ProcSelf.isSupported(), "needs /proc/self (Linux)");
        assumeAvailable(s);
        cycles(s, 200); // warm up: JIT and allocator settle before the baseline
        Resources before = Resources.take(List.of());
        cycles(s, cycles);
        before.assertUnchanged(cycles + " allocate/grow/close cycles of " + s.name());
    }

    private static void cycles(GrowthStrategy s, int n) {
        MemorySegment page = MemorySegment.ofArray(new byte[PAGE]);
        for (int i = 0; i < n; i++) {
            try (GrowableBuffer buffer = s.allocate(PAGE, 64 * PAGE)) {
                for (int k = 0; k < 9; k++) {
                    buffer.append(page); // growths to 2, 4, 8 and 16 pages
                }
            }
        }
    }

    private static boolean isAlive(MemorySegment segment) {
        try {
            segment.get(ValueLayout.JAVA_BYTE, 0);
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    private static void assertNamed(IllegalArgumentException e, String... values) {
        for (String v : values) {
            assertTrue(e.getMessage().contains(v), "'" + e.getMessage() + "' does not name " + v);
        }
    }
}
