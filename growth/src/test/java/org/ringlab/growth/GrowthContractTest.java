package org.ringlab.growth;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;
import org.ringlab.api.ProcSelf;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The {@link GrowableBuffer} contract on every discovered growth strategy: stale segments,
 * use after close, bad input, and no leaked mapping or descriptor after many cycles.
 */
class GrowthContractTest {

    private static final int PAGE = 4096;

    @Test
    void theRegistryFindsTheFiveStrategiesOfSeed002() {
        Set<String> names = Set.copyOf(GrowthStrategies.all().stream().map(GrowthStrategy::name).toList());
        assertTrue(names.contains("copy-doubling-heap"), names.toString());
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            assertTrue(names.containsAll(Set.of("copy-doubling-native", "realloc", "mremap", "reserve-commit")),
                    names.toString());
        }
        for (GrowthStrategy s : GrowthStrategies.all()) {
            assertFalse(s.description().isBlank(), s.name());
            assertThrows(UnsupportedOperationException.class, () -> s.traits().clear());
        }
    }

    /**
     * A segment taken before growth is, after it, either valid with the same bytes (the memory
     * did not move, or a Java array kept alive by it) or dead (throws): never other bytes, never
     * a crash. Native memory that moved must be dead; memory that never moves must be valid.
     */
    @TestFactory
    Stream<DynamicTest> aSegmentFromBeforeAMoveThrowsOrShowsWhatItShowed() {
        return GrowthStrategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
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
                    assertEquals(-1, stale.mismatch(arena.allocate(PAGE).fill((byte) 7)), "a live stale view shows its bytes");
                }
                if (s.has(GrowthTrait.NATIVE) && moved) {
                    assertFalse(alive, "native memory moved, yet the old view still reads");
                }
                if (s.has(GrowthTrait.NEVER_MOVES)) {
                    assertFalse(moved);
                    assertTrue(alive, "a buffer that never moves keeps its views");
                }
                if (!s.has(GrowthTrait.NATIVE)) {
                    assertTrue(alive, "a Java array stays reachable through its view");
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> afterCloseEverythingThrowsAndNativeViewsAreDead() {
        return GrowthStrategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
            GrowableBuffer buffer = s.allocate(10, 1000);
            buffer.append(MemorySegment.ofArray(new byte[50]));
            MemorySegment view = buffer.contents();
            buffer.close();
            assertFalse(buffer.isOpen());
            assertThrows(IllegalStateException.class, () -> buffer.append(MemorySegment.ofArray(new byte[1])));
            assertThrows(IllegalStateException.class, buffer::contents);
            assertThrows(IllegalStateException.class, buffer::size);
            assertThrows(IllegalStateException.class, buffer::capacity);
            assertEquals(s.name(), buffer.strategyName());
            assertEquals(1, buffer.counters().grows(), "counters stay readable after close");
            if (s.has(GrowthTrait.NATIVE)) {
                assertFalse(isAlive(view), "a native view must not read freed memory");
            }
            assertDoesNotThrow(buffer::close);
        }));
    }

    @TestFactory
    Stream<DynamicTest> badInputIsRefusedNamingTheValues() {
        return GrowthStrategies.available().stream().map(s -> dynamicTest(s.name(), () -> {
            assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(0, 100)), "0");
            assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(-5, 100)), "-5");
            assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(200, 100)), "200", "100");
            assertNamed(assertThrows(IllegalArgumentException.class, () -> s.allocate(1, Long.MAX_VALUE)),
                    String.valueOf(Long.MAX_VALUE));
            assertThrows(NullPointerException.class, () -> s.allocate(1, null));
            try (GrowableBuffer buffer = s.allocate(16, 100)) {
                buffer.append(MemorySegment.ofArray(new byte[60]));
                long grows = buffer.counters().grows();
                IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
                        () -> buffer.append(MemorySegment.ofArray(new byte[41])));
                assertNamed(past, "41", "60", "100");
                assertEquals(60, buffer.size(), "a refused append changes nothing");
                assertEquals(grows, buffer.counters().grows(), "a refused append does not grow");
                assertThrows(NullPointerException.class, () -> buffer.append(null));
                buffer.append(MemorySegment.ofArray(new byte[40])); // exactly up to the maximum is fine
                assertEquals(100, buffer.size());
                assertThrows(IllegalArgumentException.class, () -> buffer.append(MemorySegment.ofArray(new byte[1])));
            }
        }));
    }

    @Test
    void badPoliciesAreRefusedNamingTheValues() {
        assertNamed(assertThrows(IllegalArgumentException.class, () -> new GrowthPolicy(0, 10)), "0");
        assertNamed(assertThrows(IllegalArgumentException.class, () -> new GrowthPolicy(17, 10)), "17");
        assertNamed(assertThrows(IllegalArgumentException.class, () -> GrowthPolicy.doubling(-1)), "-1");
    }

    @TestFactory
    Stream<DynamicTest> manyCyclesLeaveNoMappingOrDescriptor() {
        int cycles = 2000;
        return GrowthStrategies.available().stream().map(s -> dynamicTest(s.name() + " x " + cycles, () -> {
            cycles(s, 200); // warm up: JIT and allocator settle before the baseline
            long maps = ProcSelf.mappingCount();
            long fds = ProcSelf.openDescriptorCount();
            cycles(s, cycles);
            assertEquals(fds, ProcSelf.openDescriptorCount(), s.name() + " leaked descriptors");
            long after = ProcSelf.mappingCount();
            // The JVM maps memory of its own meanwhile; one leaked mapping per cycle would add thousands.
            assertTrue(Math.abs(after - maps) <= 16, s.name() + ": /proc/self/maps went from " + maps + " to " + after);
        }));
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
