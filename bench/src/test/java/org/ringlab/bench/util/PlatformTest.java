package org.ringlab.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.ringlab.api.PlatformThreads;

/** Pinning and fault counts reach bench through the ServiceLoader'd PlatformThreads, not a backend's class. */
@EnabledOnOs(OS.LINUX)
class PlatformTest {

    @Test
    void linuxProvidesTheServiceAndItsCallsWork() throws InterruptedException {
        PlatformThreads p = Platform.requireThreads();
        assertEquals("linux", p.name());
        assertNull(Platform.unavailabilityCause());
        assertFalse(p.getClass().getPackageName().startsWith("org.ringlab.bench"), p.getClass().getName());
        Thread t = Thread.ofPlatform().start(() -> {
            BitSet allowed = p.currentThreadAffinity();
            assertFalse(allowed.isEmpty());
            int cpu = allowed.nextSetBit(0);
            p.pinCurrentThread(cpu);
            BitSet now = p.currentThreadAffinity();
            assertEquals(1, now.cardinality(), now.toString());
            assertTrue(now.get(cpu), now.toString());
            p.pinCurrentThread(allowed);
            assertEquals(allowed, p.currentThreadAffinity());

            long before = p.threadMinorFaults();
            long bytes = 8L << 20;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment s = arena.allocate(bytes, 4096);
                for (long off = 0; off < bytes; off += 4096) {
                    s.set(ValueLayout.JAVA_BYTE, off, (byte) 1); // first touch of each page: a minor fault
                }
            }
            long faults = p.threadMinorFaults() - before;
            assertTrue(faults > 0, "touching 8 MiB of fresh pages took " + faults + " minor faults");
            assertTrue(p.processMinorFaults() >= p.threadMinorFaults());
        });
        t.join();
    }

    @Test
    void twoCpusPlacementNamesWhatItDid() {
        String placement = TwoCpus.placement();
        assertTrue(placement.startsWith("producer pinned to CPU") || placement.contains("fewer than two CPUs"),
                placement);
    }
}
