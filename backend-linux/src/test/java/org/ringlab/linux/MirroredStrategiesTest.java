package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MirroredStrategiesTest {

    @TempDir
    Path dir;

    static Stream<MirroredStrategy> strategies() {
        return Strategies.ALL.stream();
    }

    /** Each strategy with a spec: file-backed ones create their files in the test's directory. */
    private RingSpec spec(MemoryStrategy strategy, long capacity) {
        return strategy == Strategies.MEMFD || strategy == Strategies.SHM || strategy == Strategies.GROWABLE
                ? RingSpec.ofCapacity(capacity)
                : RingSpec.ofCapacity(capacity).inDirectory(dir);
    }

    @Test
    void serviceLoaderFindsTheFiveStrategies() {
        List<String> names = ServiceLoader.load(MemoryStrategy.class).stream()
                .map(p -> p.get().name()).filter(n -> n.startsWith("mirrored-")).sorted().toList();
        assertEquals(List.of("mirrored-file", "mirrored-memfd", "mirrored-memfd-growable", "mirrored-shm",
                "mirrored-tmpfile"), names);
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void isAvailableWithPageGranularityAndMirrorCapabilities(MirroredStrategy strategy) {
        assertTrue(strategy.availability().isAvailable(), strategy.availability().reason());
        assertEquals(Strategies.LIBC.sysconf(Libc.SC_PAGESIZE), strategy.granularity());
        assertTrue(strategy.capabilities().containsAll(List.of(Capability.ZERO_COPY_WINDOW,
                Capability.ZERO_COPY_CLAIM, Capability.MIRRORED, Capability.CONCURRENT_READ, Capability.NATIVE)));
        boolean file = strategy == Strategies.FILE;
        assertEquals(file, strategy.has(Capability.SHARED_BETWEEN_PROCESSES));
        assertEquals(file, strategy.has(Capability.PERSISTENT));
        assertEquals(strategy == Strategies.GROWABLE, strategy.has(Capability.GROWABLE));
        assertFalse(strategy.description().isBlank());
        assertFalse(strategy.description().contains("\n"));
        assertThrows(UnsupportedOperationException.class, () -> strategy.capabilities().clear());
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void windowsOfEveryLengthAcrossTheSeamReadBackWhatWasWritten(MirroredStrategy strategy) {
        for (long n : new long[] {Strategies.PAGE, 3 * Strategies.PAGE}) {
            byte[] expected = new byte[(int) (3 * n)];
            for (int p = 0; p < expected.length; p++) {
                expected[p] = (byte) (p * 31 + p / 251);
            }
            MemorySegment stream = MemorySegment.ofArray(expected);
            try (RingMemory ring = strategy.allocate(spec(strategy, n))) {
                // Writes of 1000 bytes: some of them cross the seam too. The ring then holds [1.5N, 2.5N).
                long end = 5 * n / 2;
                for (long p = 0; p < end; p += 1000) {
                    ring.write(p, stream.asSlice(p, Math.min(1000, end - p)));
                }
                for (long length = 1; length <= n; length++) {
                    long start = 2 * n - length / 2; // crosses the seam at 2N for every length >= 2
                    MemorySegment window = ring.window(start, length);
                    assertEquals(length, window.byteSize());
                    assertEquals(-1, MemorySegment.mismatch(window, 0, length, stream, start, start + length),
                            strategy + " N=" + n + " window(" + start + ", " + length + ")");
                }
                assertEquals(CopyCounters.ZERO, ring.copyCounters());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void claimAcrossTheSeamIsOneContiguousSegmentOfTheRingItself(MirroredStrategy strategy) {
        long n = 2 * Strategies.PAGE;
        try (RingMemory ring = strategy.allocate(spec(strategy, n))) {
            long position = 7 * n - 10; // 10 bytes before the seam, 6 laps in
            MemorySegment claim = ring.claim(position, 20);
            for (int i = 0; i < 20; i++) {
                claim.set(ValueLayout.JAVA_BYTE, i, (byte) (100 + i));
            }
            ring.commit(position, 20);
            MemorySegment head = ring.window(7 * n, 10); // the 10 bytes after the seam, at offset 0
            for (int i = 0; i < 10; i++) {
                assertEquals((byte) (110 + i), head.get(ValueLayout.JAVA_BYTE, i));
            }
            assertEquals(claim.address() + 10, ring.window(7 * n, 1).address() + n); // same bytes, second view
            assertTrue(ring.window(position, 1).isReadOnly());
        }
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void useAfterCloseThrowsIllegalStateAndDoubleCloseIsHarmless(MirroredStrategy strategy) {
        RingMemory ring = strategy.allocate(spec(strategy, Strategies.PAGE));
        MemorySegment claimed = ring.claim(0, 16);
        ring.commit(0, 16);
        MemorySegment window = ring.window(0, 16);
        ring.claim(16, 8);
        ring.close();
        assertFalse(ring.isOpen());
        assertThrows(IllegalStateException.class, () -> ring.claim(16, 1));
        assertThrows(IllegalStateException.class, () -> ring.commit(16, 8));
        assertThrows(IllegalStateException.class, () -> ring.window(0, 1));
        assertThrows(IllegalStateException.class, () -> ring.write(16, MemorySegment.ofArray(new byte[1])));
        assertThrows(IllegalStateException.class, () -> claimed.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> claimed.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
        assertThrows(IllegalStateException.class, () -> window.get(ValueLayout.JAVA_BYTE, 0));
        assertDoesNotThrow(ring::close);
        assertEquals(Strategies.PAGE, ring.capacity());
    }

    @ParameterizedTest
    @ValueSource(longs = {4097, 100, 4096 + 2048, 1})
    void capacityThatIsNotAPageMultipleIsRefusedNamingTheValue(long capacity) {
        for (MirroredStrategy strategy : Strategies.ALL) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> strategy.allocate(spec(strategy, capacity)));
            assertTrue(e.getMessage().contains(String.valueOf(capacity)), e.getMessage());
            assertTrue(e.getMessage().contains(String.valueOf(Strategies.PAGE)), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -4096})
    void zeroOrNegativeCapacityIsRefusedNamingTheValue(long capacity) {
        // RingSpec refuses it before any strategy sees it; the message still names the value.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RingSpec.ofCapacity(capacity));
        assertTrue(e.getMessage().contains(String.valueOf(capacity)), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void badCapacityLeaksNothing(MirroredStrategy strategy) {
        Resources before = Resources.take();
        assertThrows(IllegalArgumentException.class, () -> strategy.allocate(spec(strategy, 4097)));
        before.assertUnchanged(strategy + " bad capacity");
        assertEquals(List.of(), Resources.list(dir, ""));
    }

    @Test
    void anonymousStrategiesRefuseANamedFile() {
        for (MirroredStrategy strategy : List.of(Strategies.MEMFD, Strategies.SHM, Strategies.TMPFILE,
                Strategies.GROWABLE)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> strategy.allocate(RingSpec.ofCapacity(Strategies.PAGE).atFile(dir.resolve("ring"))));
            assertTrue(e.getMessage().contains(dir.resolve("ring").toString()), e.getMessage());
        }
    }

    @Test
    void physicalMemoryIsNotTwiceTheCapacity() {
        long n = 4096 * Strategies.PAGE;
        try (RingMemory ring = Strategies.MEMFD.allocate(RingSpec.ofCapacity(n))) {
            long before = org.ringlab.growth.ProcSelf.pssBytes();
            MemorySegment all = ring.claim(0, n);
            all.fill((byte) 1);
            ring.commit(0, n);
            int sum = 0;
            MemorySegment twice = ring.window(n / 2, n); // touches both views
            for (long i = 0; i < n; i += Strategies.PAGE) {
                sum += twice.get(ValueLayout.JAVA_BYTE, i);
            }
            long grown = org.ringlab.growth.ProcSelf.pssBytes() - before;
            assertEquals(n / Strategies.PAGE, sum);
            // Pss counts a page mapped twice once: about N, well under 2N (slack for JVM noise).
            assertTrue(grown < 3 * n / 2, "Pss grew by " + grown + " for a ring of " + n);
        }
    }
}
