package org.ringlab.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.RingSpec;
import org.ringlab.api.UnavailableException;

/** The strategy off Windows: listed, unavailable with the reason, refusing work without loading anything. */
class WindowsMirroredMemoryTest {

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void elsewhereItIsUnavailableAndSaysWhatItNeeds() {
        WindowsMirroredMemory windows = new WindowsMirroredMemory();
        Availability a = windows.availability();
        assertFalse(a.isAvailable());
        assertEquals("mirrored-windows needs Windows 10 1803+ (VirtualAlloc2/MapViewOfFile3), this is "
                + System.getProperty("os.name"), a.reason());
        assertTrue(a.cause().isEmpty(), "no call was made, so there is no cause");
        assertThrows(UnavailableException.class, windows::granularity);
        UnavailableException e = assertThrows(UnavailableException.class,
                () -> windows.allocate(RingSpec.ofCapacity(65536)));
        assertTrue(e.getMessage().contains("needs Windows 10 1803+"), e.getMessage());
        assertTrue(windows.has(Capability.MIRRORED));
    }

    @Test
    void theReasonNamesTheSystem() {
        assertEquals("mirrored-windows needs Windows 10 1803+ (VirtualAlloc2/MapViewOfFile3), this is Mac OS X",
                WindowsMirroredMemory.probe("Mac OS X").reason());
        assertEquals("mirrored-windows needs Windows 10 1803+ (VirtualAlloc2/MapViewOfFile3), this is an unknown OS",
                WindowsMirroredMemory.probe("").reason());
    }
}
