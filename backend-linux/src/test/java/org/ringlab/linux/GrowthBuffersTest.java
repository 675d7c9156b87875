package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.testing.FaultHooks;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;
import org.ringlab.api.NativeCallException;
import org.ringlab.growth.ProcSelf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What each Linux growth strategy promises, made to happen deterministically: a move forced by
 * a mapping placed right after the buffer, failures injected into every growth call (the buffer
 * stays usable, nothing leaks), the reservation's edges, the resident size of the mapping.
 */
class GrowthBuffersTest {

    private static final long PAGE = Strategies.PAGE;
    private static final Libc LIBC = Strategies.LIBC;
    private static final CopyDoublingNativeGrowth COPY = new CopyDoublingNativeGrowth(Strategies.FAULTY);
    private static final ReallocGrowth REALLOC = new ReallocGrowth(Strategies.FAULTY);
    private static final MremapGrowth MREMAP = new MremapGrowth(Strategies.FAULTY);
    private static final ReserveCommitGrowth RESERVE = new ReserveCommitGrowth(Strategies.FAULTY);
    private static final List<LinuxGrowthStrategy> ALL = List.of(COPY, REALLOC, MREMAP, RESERVE);

    @Test
    void everyStrategyIsAvailableAndSaysWhatItPromises() {
        for (LinuxGrowthStrategy s : ALL) {
            assertTrue(s.availability().isAvailable(), s + ": " + s.availability().reason());
            assertTrue(s.has(GrowthTrait.NATIVE), s.name());
            assertFalse(s.has(GrowthTrait.ZEROES_NEW_CAPACITY), s.name());
        }
        assertTrue(MREMAP.has(GrowthTrait.NO_COPY));
        assertTrue(RESERVE.has(GrowthTrait.NO_COPY) && RESERVE.has(GrowthTrait.NEVER_MOVES));
        assertFalse(MREMAP.has(GrowthTrait.NEVER_MOVES) || COPY.has(GrowthTrait.NO_COPY) || REALLOC.has(GrowthTrait.NO_COPY));
    }

    @Test
    void mremapMovesPagesWithoutCopyingWhenTheNextPageIsTaken() {
        try (GrowableBuffer buffer = MREMAP.allocate(PAGE, 64 * PAGE); Blocker blocker = Blocker.after(buffer, PAGE)) {
            append(buffer, PAGE, 1);
            MemorySegment stale = buffer.contents();
            append(buffer, PAGE, 2);
            GrowthCounters c = buffer.counters();
            assertEquals(1, c.grows());
            assertEquals(1, c.moves(), "the page after the buffer is taken: the growth must move");
            assertEquals(PAGE, c.bytesMoved());
            assertEquals(0, c.bytesCopied(), "mremap moves page-table entries, never bytes");
            assertThrows(IllegalStateException.class, () -> stale.get(ValueLayout.JAVA_BYTE, 0));
            assertPattern(buffer.contents(), PAGE, 1, 2);
        }
    }

    @Test
    void mremapGrowsInPlaceWhenTheNextPagesAreFreeAndKeepsEarlierSegments() {
        // mmap places top-down, at the top of the highest gap that fits. An 8-page "ceiling" takes
        // the highest gap of 8 pages or more; one-page buffers fill the smaller holes above it until
        // one lands right below it. Unmapping the ceiling then frees the 8 pages after that buffer.
        long ceiling = LIBC.mmap("mmap(test ceiling)", 0, 8 * PAGE, Libc.PROT_NONE,
                Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS, -1, 0);
        List<GrowableBuffer> fillers = new java.util.ArrayList<>();
        try {
            GrowableBuffer buffer = null;
            for (int i = 0; i < 256 && buffer == null; i++) {
                GrowableBuffer b = MREMAP.allocate(PAGE, 64 * PAGE);
                if (b.contents().address() + PAGE == ceiling) {
                    buffer = b;
                } else {
                    fillers.add(b);
                }
            }
            assumeTrue(buffer != null, "no buffer landed right below the ceiling");
            LIBC.munmap("munmap(test ceiling)", ceiling, 8 * PAGE);
            ceiling = 0;
            try (GrowableBuffer b = buffer) {
                append(b, PAGE, 1);
                MemorySegment early = b.contents();
                append(b, 3 * PAGE, 2);
                assertEquals(0, b.counters().moves());
                assertEquals(1, b.counters().grows());
                assertEquals(1, early.get(ValueLayout.JAVA_BYTE, 0), "an in-place growth keeps earlier segments valid");
                assertPattern(b.contents(), PAGE, 1, 2, 2, 2);
            }
        } finally {
            fillers.forEach(GrowableBuffer::close);
            if (ceiling != 0) {
                LIBC.munmap("munmap(test ceiling)", ceiling, 8 * PAGE);
            }
        }
    }

    @Test
    void reallocInvalidatesEarlierSegmentsAtEveryGrowthAndCannotCountCopies() {
        try (GrowableBuffer buffer = REALLOC.allocate(PAGE, 1024 * PAGE)) {
            append(buffer, PAGE, 1);
            MemorySegment stale = buffer.contents();
            append(buffer, PAGE, 2);
            assertThrows(IllegalStateException.class, () -> stale.get(ValueLayout.JAVA_BYTE, 0),
                    "whether realloc moved or not cannot be known before the call");
            for (int i = 3; i <= 300; i++) {
                append(buffer, PAGE, i);
            }
            GrowthCounters c = buffer.counters();
            assertFalse(c.copiesKnown());
            assertEquals(GrowthCounters.UNKNOWN, c.bytesCopied());
            assertTrue(c.moves() <= c.grows() && c.bytesMoved() <= c.moves() * 300 * PAGE, c.toString());
            for (int i = 1; i <= 300; i++) {
                assertEquals((byte) i, buffer.contents().get(ValueLayout.JAVA_BYTE, (i - 1) * PAGE + PAGE / 2));
            }
        }
    }

    @Test
    void copyDoublingMovesAtEveryGrowthAndCopiesExactlyTheLiveBytes() {
        try (GrowableBuffer buffer = COPY.allocate(1000, 1 << 20)) {
            long expectedCopied = 0;
            for (int i = 1; i <= 40; i++) {
                long before = buffer.capacity();
                long size = buffer.size();
                append(buffer, 777, i);
                if (buffer.capacity() != before) {
                    expectedCopied += size;
                }
            }
            GrowthCounters c = buffer.counters();
            assertEquals(c.grows(), c.moves());
            assertEquals(expectedCopied, c.bytesCopied());
            assertEquals(expectedCopied, c.bytesMoved());
            assertEquals(5, c.grows()); // 1000 -> 2000 -> 4000 -> 8000 -> 16000 -> 32000 holds 40 * 777
        }
    }

    @Test
    void reserveCommitNeverMovesKeepsSegmentsAndCommitsOnlyWhatFills() {
        long max = 1024 * PAGE;
        try (GrowableBuffer buffer = RESERVE.allocate(PAGE, GrowthPolicy.exact(max))) {
            long base = buffer.contents().address();
            ProcSelf.Mapping reservation = ProcSelf.mappingAt(base + max - 1).orElseThrow();
            assertEquals("---p", reservation.permissions(), "the tail of the reservation is inaccessible");
            append(buffer, PAGE, 1);
            MemorySegment early = buffer.contents();
            for (int i = 2; i <= 100; i++) {
                append(buffer, PAGE, i);
            }
            assertEquals(base, buffer.contents().address());
            assertEquals(0, buffer.counters().moves());
            assertEquals(0, buffer.counters().bytesCopied());
            assertEquals(1, early.get(ValueLayout.JAVA_BYTE, PAGE - 1), "segments survive growth");
            ProcSelf.Mapping committed = ProcSelf.mappingAt(base).orElseThrow();
            assertEquals("rw-p", committed.permissions());
            ProcSelf.Mapping rest = ProcSelf.mappingAt(base + 100 * PAGE).orElseThrow();
            assertEquals("---p", rest.permissions(), "exact policy: committed as it fills, not beyond");
            // The kernel may merge a neighbour with the same flags into our mapping: exact figures only when not.
            if (committed.start() == base && committed.end() == base + 100 * PAGE) {
                assertEquals(100 * PAGE, committed.rssBytes(), "every written page is resident, no other");
                if (rest.end() == base + max) {
                    assertEquals(100 * PAGE, ProcSelf.residentBytes(base, max));
                }
            }
            IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
                    () -> append(buffer, max, 0));
            assertTrue(past.getMessage().contains(String.valueOf(max)) && past.getMessage().contains(100 * PAGE + ""),
                    past.getMessage());
            assertEquals(100 * PAGE, buffer.size());
        }
    }

    @Test
    void aMaximumNoAddressSpaceCanHoldIsRefusedBeforeAnyCall() {
        for (LinuxGrowthStrategy s : ALL) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.allocate(PAGE, Long.MAX_VALUE));
            assertTrue(e.getMessage().contains(String.valueOf(Long.MAX_VALUE)), e.getMessage());
        }
    }

    @Test
    void aReservationTheKernelRefusesNamesTheCallAndLeaksNothing() {
        Resources before = Resources.take();
        try (FaultHooks.Fault fault = LinuxFaults.failNth(ReserveCommitBuffer.RESERVE, 1, Libc.ENOMEM)) {
            NativeCallException e = assertThrows(NativeCallException.class, () -> RESERVE.allocate(PAGE, 8 * PAGE));
            assertEquals(ReserveCommitBuffer.RESERVE + " of " + 8 * PAGE + " bytes)", e.call());
            assertTrue(e.getMessage().contains("errno 12 (Cannot allocate memory)"), e.getMessage());
            assertTrue(fault.fired());
        }
        try (FaultHooks.Fault fault = LinuxFaults.failNth(ReserveCommitBuffer.COMMIT, 1, 13)) {
            NativeCallException e = assertThrows(NativeCallException.class, () -> RESERVE.allocate(PAGE, 8 * PAGE));
            assertEquals(ReserveCommitBuffer.COMMIT, e.call());
        }
        before.assertUnchanged("failed reserve-commit allocations");
    }

    /** Each strategy's growth call fails once: the error names it, and the buffer carries on intact. */
    @Test
    void aFailedGrowthLeavesTheBufferAsItWasAndUsable() {
        record Case(GrowthStrategy strategy, String call, boolean earlierSegmentsSurvive) {
        }
        List<Case> cases = List.of(new Case(COPY, "malloc", true), new Case(REALLOC, "realloc", false),
                new Case(RESERVE, ReserveCommitBuffer.COMMIT, true));
        for (Case c : cases) {
            Resources before = Resources.take();
            try (GrowableBuffer buffer = c.strategy.allocate(PAGE, 64 * PAGE)) {
                append(buffer, PAGE, 1);
                MemorySegment early = buffer.contents();
                try (FaultHooks.Fault fault = LinuxFaults.failNth(c.call, 1, Libc.ENOMEM)) {
                    NativeCallException e = assertThrows(NativeCallException.class, () -> append(buffer, 1, 2));
                    assertTrue(e.call().startsWith(c.call), e.call());
                    assertTrue(fault.fired());
                }
                assertEquals(PAGE, buffer.size(), c.strategy.name());
                assertEquals(PAGE, buffer.capacity(), c.strategy.name());
                assertEquals(0, buffer.counters().grows());
                assertEquals(c.earlierSegmentsSurvive, isAlive(early), c.strategy.name());
                append(buffer, PAGE, 2);
                assertPattern(buffer.contents(), PAGE, 1, 2);
            }
            before.assertUnchanged(c.strategy.name() + " after a failed growth");
        }
    }

    @Test
    void aFailedMremapMoveLeavesTheMappingInUse() {
        Resources before = Resources.take();
        try (GrowableBuffer buffer = MREMAP.allocate(PAGE, 64 * PAGE); Blocker blocker = Blocker.after(buffer, PAGE)) {
            append(buffer, PAGE, 1);
            try (FaultHooks.Fault fault = LinuxFaults.failNth(MremapBuffer.GROW_MOVING, 1, Libc.ENOMEM)) {
                NativeCallException e = assertThrows(NativeCallException.class, () -> append(buffer, 1, 2));
                assertEquals(MremapBuffer.GROW_MOVING, e.call());
                assertTrue(fault.fired());
            }
            assertEquals(PAGE, buffer.size());
            append(buffer, PAGE, 2);
            assertPattern(buffer.contents(), PAGE, 1, 2);
        }
        before.assertUnchanged("mremap after a failed move");
    }

    @Test
    void closeFreesEverythingAndStaleSegmentsThrow() {
        int cycles = 2000;
        for (LinuxGrowthStrategy s : ALL) {
            cycles(s, 300); // warm up: JIT and allocator settle before the baseline
            Resources before = Resources.take();
            cycles(s, cycles);
            before.assertNoLeak(s + " after " + cycles + " cycles", cycles, 32 * PAGE);
        }
    }

    private static void cycles(GrowthStrategy s, int n) {
        for (int i = 0; i < n; i++) {
            GrowableBuffer buffer = s.allocate(PAGE, 32 * PAGE);
            for (int k = 0; k < 5; k++) {
                append(buffer, PAGE, i); // growths to 2, 4 and 8 pages
            }
            MemorySegment view = buffer.contents();
            buffer.close();
            buffer.close();
            assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, buffer::contents);
            assertThrows(IllegalStateException.class, () -> append(buffer, 1, 0));
        }
    }

    /** Appends {@code length} bytes of value {@code value}. */
    private static void append(GrowableBuffer buffer, long length, int value) {
        try (Arena arena = Arena.ofConfined()) {
            buffer.append(arena.allocate(length).fill((byte) value));
        }
    }

    private static void assertPattern(MemorySegment contents, long chunk, int... values) {
        assertEquals(chunk * values.length, contents.byteSize());
        for (int i = 0; i < values.length; i++) {
            for (long at : new long[] {i * chunk, i * chunk + chunk - 1}) {
                assertEquals((byte) values[i], contents.get(ValueLayout.JAVA_BYTE, at), "byte " + at);
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

    /** A PROT_NONE page right after a buffer's mapping, so that it cannot grow in place. */
    private record Blocker(long address, boolean ours) implements AutoCloseable {

        static Blocker after(GrowableBuffer buffer, long mappedLength) {
            long end = buffer.contents().address() + mappedLength;
            try {
                long got = LIBC.mmap("mmap(test blocker)", end, PAGE, Libc.PROT_NONE,
                        Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS | Libc.MAP_FIXED_NOREPLACE, -1, 0);
                if (got != end) { // a kernel before 4.17 takes the flag as a hint
                    LIBC.munmap("munmap(test blocker)", got, PAGE);
                    assumeTrue(false, "MAP_FIXED_NOREPLACE is not supported here");
                }
                return new Blocker(end, true);
            } catch (NativeCallException e) {
                assertEquals(Libc.EEXIST, e.errno(), e.getMessage()); // taken already: blocked all the same
                return new Blocker(end, false);
            }
        }

        /** Whether {@code [address, address + length)} is unmapped (probed with a mapping that never replaces). */
        static boolean isFree(long address, long length) {
            long got;
            try {
                got = LIBC.mmap("mmap(test probe)", address, length, Libc.PROT_NONE,
                        Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS | Libc.MAP_FIXED_NOREPLACE, -1, 0);
            } catch (NativeCallException e) {
                return false;
            }
            LIBC.munmap("munmap(test probe)", got, length);
            return got == address;
        }

        @Override
        public void close() {
            if (ours) {
                LIBC.munmap("munmap(test blocker)", address, PAGE);
            }
        }
    }
}
