package org.ringlab.jna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.api.Availability;

/** Off Linux, mirrored-jna is unavailable and says why, without loading JNA. */
class JnaOtherSystemsTest {

    @Test
    void theReasonNamesTheSystem() {
        Availability a = JnaMirroredMemory.otherSystem("Windows 11");
        assertEquals("mirrored-jna needs Linux (memfd_create, mmap MAP_FIXED), this is Windows 11", a.reason());
        assertTrue(a.cause().isEmpty());
    }
}
