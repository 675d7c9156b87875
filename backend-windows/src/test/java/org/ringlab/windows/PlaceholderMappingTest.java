package org.ringlab.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ringlab.windows.FakeWin32.GRANULARITY;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * The placeholder call sequence and every failure path, on any OS, against {@link FakeWin32}:
 * the fake refuses what Windows refuses, and must hold nothing once a ring is closed or an
 * allocation has failed at any call.
 */
class PlaceholderMappingTest {

    private static final long G = GRANULARITY;
    private static final long N = 2 * G;

    /** The allocation path, as {@code function: call}. */
    private static final List<String> PATH = List.of(
            "CreateFileMappingW: " + PlaceholderMapping.SECTION,
            "VirtualAlloc2: " + PlaceholderMapping.RESERVE,
            "VirtualFree: " + PlaceholderMapping.SPLIT,
            "MapViewOfFile3: " + PlaceholderMapping.VIEW_1,
            "MapViewOfFile3: " + PlaceholderMapping.VIEW_2,
            "CloseHandle: " + PlaceholderMapping.CLOSE_SECTION);
    private static final int[] ERRORS = {FakeWin32.ERROR_COMMITMENT_LIMIT, FakeWin32.ERROR_NOT_ENOUGH_MEMORY,
            FakeWin32.ERROR_INVALID_ADDRESS, FakeWin32.ERROR_ACCESS_DENIED, FakeWin32.ERROR_INVALID_PARAMETER,
            FakeWin32.ERROR_INVALID_HANDLE};

    @Test
    void theSequenceMapsHeaderAndViewOneAtBaseAndViewTwoRightAfter() {
        FakeWin32 fake = new FakeWin32();
        RingMemory ring = WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(N));
        assertEquals(PATH, fake.calls());
        assertEquals(List.of(G + N), fake.sectionSizes, "section of H + N, H = the granularity");
        MemorySegment header = ring.header();
        assertEquals(G, header.byteSize());
        long base = header.address();
        assertEquals(0, base % G);
        assertEquals(base + G, ring.window(0, 1).address(), "view 1 right after the header");
        assertEquals(base + G, ring.window(N, 1).address(), "position N is offset 0 again");
        assertEquals(base + G + N - 1, ring.window(N - 1, N).address(), "a window may run into view 2");
        assertEquals(N, ring.window(N - 1, N).byteSize());
        assertFalse(fake.holdsNothing());

        ring.close();
        assertTrue(fake.holdsNothing(), fake.held());
        assertEquals(List.of(
                "UnmapViewOfFileEx: UnmapViewOfFileEx(view at 0x" + Long.toHexString(base + G + N) + ")",
                "UnmapViewOfFileEx: UnmapViewOfFileEx(view at 0x" + Long.toHexString(base) + ")"),
                fake.calls().subList(PATH.size(), fake.calls().size()), "views released last first, nothing else left");
        assertThrows(IllegalStateException.class, () -> header.get(ValueLayout.JAVA_BYTE, 0),
                "a stale segment throws, even over a fake address");
        ring.close();
        assertEquals(PATH.size() + 2, fake.calls().size(), "closing twice releases once");
    }

    @TestFactory
    Stream<DynamicTest> eachAllocationCallFailsAndNothingIsLeftHeld() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < PATH.size(); i++) {
            String entry = PATH.get(i);
            String function = entry.substring(0, entry.indexOf(':'));
            String call = entry.substring(entry.indexOf(": ") + 2);
            int nth = (int) PATH.subList(0, i + 1).stream().filter(e -> e.startsWith(function + ":")).count();
            int error = ERRORS[i % ERRORS.length];
            tests.add(DynamicTest.dynamicTest(function + " #" + nth + " (" + call + ") fails with " + error, () -> {
                FakeWin32 fake = new FakeWin32().failNth(function, nth, error);
                NativeCallException e = assertThrows(NativeCallException.class,
                        () -> WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(N)));
                assertEquals(call, e.call());
                assertEquals(error, e.errno());
                assertEquals(FakeWin32.TEXTS.get(error), e.errorText());
                assertEquals(call + " failed: errno " + error + " (" + FakeWin32.TEXTS.get(error) + ")", e.getMessage());
                assertEquals(0, e.getSuppressed().length, "every release succeeded: " + List.of(e.getSuppressed()));
                assertTrue(fake.holdsNothing(), "after " + call + " failed: " + fake.held() + "; calls " + fake.calls());
            }));
        }
        return tests.stream();
    }

    @Test
    void aFailingReleaseDoesNotStopTheOthers() {
        // View 2 fails, then unmapping view 1 fails too: the placeholder left for view 2 and the
        // section are still released, and the unmap failure rides along as suppressed.
        FakeWin32 fake = new FakeWin32().failNth("MapViewOfFile3", 2, FakeWin32.ERROR_COMMITMENT_LIMIT)
                .failNth("UnmapViewOfFileEx", 1, FakeWin32.ERROR_ACCESS_DENIED);
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(N)));
        assertEquals(PlaceholderMapping.VIEW_2, e.call());
        assertEquals(1, e.getSuppressed().length);
        assertTrue(e.getSuppressed()[0].getMessage().startsWith("UnmapViewOfFileEx(view at 0x"), e.getSuppressed()[0].getMessage());
        List<String> calls = fake.calls();
        assertTrue(calls.contains("VirtualFree: " + PlaceholderMapping.FREE), calls.toString());
        assertTrue(calls.getLast().equals("CloseHandle: " + PlaceholderMapping.CLOSE_SECTION), calls.toString());
        assertTrue(fake.held().startsWith("regions {") && !fake.holdsNothing(), "only view 1, whose unmap failed, is left");
    }

    @Test
    void aFailingUnmapOnCloseIsReportedAndTheOtherViewIsStillReleased() {
        FakeWin32 fake = new FakeWin32().failNth("UnmapViewOfFileEx", 1, FakeWin32.ERROR_INVALID_ADDRESS);
        RingMemory ring = WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(N));
        long base = ring.header().address();
        NativeCallException e = assertThrows(NativeCallException.class, ring::close);
        assertTrue(e.call().startsWith("UnmapViewOfFileEx(view at 0x" + Long.toHexString(base + G + N)), e.call());
        assertFalse(ring.isOpen());
        assertEquals("UnmapViewOfFileEx: UnmapViewOfFileEx(view at 0x" + Long.toHexString(base) + ")", fake.calls().getLast());
    }

    @Test
    void capacitiesAreGranularityMultiples() {
        FakeWin32 fake = new FakeWin32();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(4096)));
        assertTrue(e.getMessage().contains("4096") && e.getMessage().contains("granularity 65536")
                && e.getMessage().contains("nearest allowed: 65536"), e.getMessage());
        assertTrue(fake.calls().isEmpty(), "refused before any call");
        IllegalArgumentException named = assertThrows(IllegalArgumentException.class,
                () -> WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(G).atFile(java.nio.file.Path.of("x"))));
        assertTrue(named.getMessage().contains("named file"), named.getMessage());
    }

    @Test
    void sizesAbove4GiBReachTheSectionAsTheRightDwordPair() {
        for (long n : new long[] {4L << 30, (4L << 30) - G, 6L << 30, 0xFFFF_0000L}) {
            FakeWin32 fake = new FakeWin32();
            try (RingMemory ring = WindowsMirroredMemory.allocate(fake, RingSpec.ofCapacity(n))) {
                assertEquals(List.of(G + n), fake.sectionSizes, "n = " + n);
                assertEquals(2 * n, ring.window(0, n).byteSize() + ring.window(n, n).byteSize());
            }
            assertTrue(fake.holdsNothing(), fake.held());
        }
    }

    @Test
    void theFakeRefusesWhatWindowsRefuses() {
        FakeWin32 fake = new FakeWin32();
        long section = fake.createFileMapping("s", Win32.INVALID_HANDLE_VALUE, Win32.PAGE_READWRITE, 0, (int) (3 * G));
        long base = fake.virtualAlloc2("r", Win32.CURRENT_PROCESS, 0, 3 * G,
                Win32.MEM_RESERVE | Win32.MEM_RESERVE_PLACEHOLDER, Win32.PAGE_NOACCESS);
        // Replacing before splitting: the placeholder is 3G, the view G.
        assertEquals(FakeWin32.ERROR_INVALID_PARAMETER, assertThrows(NativeCallException.class,
                () -> fake.mapViewOfFile3("v", section, Win32.CURRENT_PROCESS, base, 0, G,
                        Win32.MEM_REPLACE_PLACEHOLDER, Win32.PAGE_READWRITE)).errno());
        fake.virtualFree("split", base, G, Win32.MEM_RELEASE | Win32.MEM_PRESERVE_PLACEHOLDER);
        fake.mapViewOfFile3("v", section, Win32.CURRENT_PROCESS, base, 0, G, Win32.MEM_REPLACE_PLACEHOLDER,
                Win32.PAGE_READWRITE);
        // A view is not a placeholder: VirtualFree must not release it.
        assertEquals(FakeWin32.ERROR_INVALID_ADDRESS, assertThrows(NativeCallException.class,
                () -> fake.virtualFree("free view", base, 0, Win32.MEM_RELEASE)).errno());
        // A view only into a placeholder, not into the middle of one.
        assertEquals(FakeWin32.ERROR_INVALID_ADDRESS, assertThrows(NativeCallException.class,
                () -> fake.mapViewOfFile3("v", section, Win32.CURRENT_PROCESS, base + 2 * G, 0, G,
                        Win32.MEM_REPLACE_PLACEHOLDER, Win32.PAGE_READWRITE)).errno());
        fake.closeHandle("c", section);
        assertEquals(FakeWin32.ERROR_INVALID_HANDLE, assertThrows(NativeCallException.class,
                () -> fake.closeHandle("c", section)).errno());
        fake.unmapViewOfFileEx("u", base, 0);
        fake.virtualFree("free", base + G, 0, Win32.MEM_RELEASE);
        assertTrue(fake.holdsNothing(), fake.held());
    }
}
