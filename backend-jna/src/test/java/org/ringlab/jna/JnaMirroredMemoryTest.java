package org.ringlab.jna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.ringlab.api.Capability;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;
import org.ringlab.linux.Libc;
import org.ringlab.api.testing.SimulatedRefusal;
import org.ringlab.api.UnavailableException;

/** mirrored-jna on its own: the mirror, the header, the checks, errno through JNA, the refusal hook. */
@EnabledOnOs(OS.LINUX)
class JnaMirroredMemoryTest {

    private static final JnaMirroredMemory JNA = new JnaMirroredMemory();

    @Test
    void isAvailableHereWithThePageSizeAsGranularity() {
        assertTrue(JNA.availability().isAvailable(), JNA.availability().reason());
        assertEquals(JnaLibc.INSTANCE.sysconf(Libc.SC_PAGESIZE), JNA.granularity());
        assertTrue(JNA.has(Capability.MIRRORED) && JNA.has(Capability.ZERO_COPY_WINDOW));
    }

    @Test
    void bytesWrittenThroughOneViewAreSeenThroughTheOther() {
        long n = 2 * JNA.granularity();
        try (RingMemory ring = JNA.allocate(RingSpec.ofCapacity(n))) {
            MemorySegment seam = ring.claim(n - 8, 16); // crosses the end of view 1
            for (int i = 0; i < 16; i++) {
                seam.set(ValueLayout.JAVA_BYTE, i, (byte) (i + 1));
            }
            ring.commit(n - 8, 16);
            MemorySegment whole = ring.window(n, n); // position n is offset 0 again
            for (int i = 0; i < 8; i++) {
                assertEquals(i + 9, whole.get(ValueLayout.JAVA_BYTE, i), "byte " + i + " after the seam");
                assertEquals(i + 1, whole.get(ValueLayout.JAVA_BYTE, n - 8 + i), "byte " + (n - 8 + i));
            }
            assertEquals(ring.claim(n + 16, 1).address(), ring.window(16, 1).address(), "positions mod N share an address");
            MemorySegment header = ring.header();
            assertEquals(JNA.granularity(), header.byteSize());
            assertEquals(0, header.get(ValueLayout.JAVA_LONG, 0));
            assertEquals(header.address() + header.byteSize(), ring.window(0, 1).address(), "header right before view 1");
        }
    }

    @Test
    void staleSegmentsThrowAfterClose() {
        RingMemory ring = JNA.allocate(RingSpec.ofCapacity(JNA.granularity()));
        MemorySegment window = ring.window(0, 1);
        MemorySegment header = ring.header();
        ring.close();
        ring.close();
        assertFalse(ring.isOpen());
        assertThrows(IllegalStateException.class, () -> window.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> header.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> ring.window(0, 1));
    }

    @Test
    void badSpecsAreRefusedWithTheValueAndTheRule() {
        long g = JNA.granularity();
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> JNA.allocate(RingSpec.ofCapacity(g + 1)));
        assertTrue(odd.getMessage().contains(String.valueOf(g + 1)) && odd.getMessage().contains("granularity " + g),
                odd.getMessage());
        IllegalArgumentException file = assertThrows(IllegalArgumentException.class,
                () -> JNA.allocate(RingSpec.ofCapacity(g).atFile(Path.of("/tmp/x.ring"))));
        assertTrue(file.getMessage().contains("mirrored-file"), file.getMessage());
    }

    @Test
    void errnoComesFromJnaRightAfterTheCall() {
        NativeCallException badFd = assertThrows(NativeCallException.class, () -> JnaLibc.INSTANCE.close(-1));
        assertEquals("close", badFd.call());
        assertEquals(9, badFd.errno());
        assertEquals("Bad file descriptor", badFd.errorText());
        // A length of 0 is EINVAL for mmap.
        NativeCallException zero = assertThrows(NativeCallException.class, () -> JnaLibc.INSTANCE.mmap("mmap(test)", 0, 0,
                Libc.PROT_READ, Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS, -1, 0));
        assertEquals(22, zero.errno());
        assertEquals("mmap(test) failed: errno 22 (Invalid argument)", zero.getMessage());
        assertTrue(JnaCalls.getpid() == ProcessHandle.current().pid());
    }

    @Test
    void aSimulatedRefusalIsReportedWhileArmedAndNeverRemembered() {
        JnaMirroredMemory fresh = new JnaMirroredMemory();
        try (SimulatedRefusal refusal = SimulatedRefusal.refuse(JnaMirroredMemory.NAME, "JNA is not allowed here")) {
            assertFalse(fresh.availability().isAvailable());
            assertEquals("simulated refusal (SimulatedRefusal.refuse): JNA is not allowed here", fresh.availability().reason());
            UnavailableException e = assertThrows(UnavailableException.class,
                    () -> fresh.allocate(RingSpec.ofCapacity(4096)));
            assertTrue(e.getMessage().contains("JNA is not allowed here"), e.getMessage());
        }
        assertTrue(fresh.availability().isAvailable(), fresh.availability().reason());
    }
}
