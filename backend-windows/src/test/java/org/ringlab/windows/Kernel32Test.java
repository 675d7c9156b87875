package org.ringlab.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/** The real bindings, on Windows only (the CI workflow's hosted runner): GetLastError per call, the mirror. */
@EnabledOnOs(OS.WINDOWS)
class Kernel32Test {

    @Test
    void theGranularityComesFromGetSystemInfo() {
        long g = Kernel32.get().allocationGranularity();
        assertTrue(g >= 4096 && Long.bitCount(g) == 1, "granularity " + g);
    }

    @Test
    void eachFailureCarriesItsOwnGetLastErrorAndText() {
        Kernel32 k = Kernel32.get();
        NativeCallException badHandle = assertThrows(NativeCallException.class, () -> k.closeHandle("CloseHandle(bogus)", 0x7FFF_FFF0L));
        assertEquals(6, badHandle.errno(), badHandle.getMessage());
        assertFalse(badHandle.errorText().isBlank());
        NativeCallException badSize = assertThrows(NativeCallException.class, () -> k.createFileMapping(
                "CreateFileMappingW(size 0)", Win32.INVALID_HANDLE_VALUE, Win32.PAGE_READWRITE, 0, 0));
        assertEquals(87, badSize.errno(), badSize.getMessage());
        NativeCallException notAPlaceholder = assertThrows(NativeCallException.class,
                () -> k.virtualFree("VirtualFree(bogus)", 0x10000, 0, Win32.MEM_RELEASE));
        assertEquals(487, notAPlaceholder.errno(), notAPlaceholder.getMessage());
    }

    @Test
    void theViewsAreTheSamePages() {
        WindowsMirroredMemory windows = new WindowsMirroredMemory();
        assertTrue(windows.availability().isAvailable(), windows.availability().reason());
        long g = windows.granularity();
        try (RingMemory ring = windows.allocate(RingSpec.ofCapacity(2 * g))) {
            MemorySegment seam = ring.claim(2 * g - 4, 8);
            seam.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x0102_0304_0506_0708L);
            ring.commit(2 * g - 4, 8);
            assertEquals(ring.window(2 * g - 4, 8).get(ValueLayout.JAVA_INT_UNALIGNED, 4),
                    ring.window(0, 4).get(ValueLayout.JAVA_INT_UNALIGNED, 0));
        }
    }
}
