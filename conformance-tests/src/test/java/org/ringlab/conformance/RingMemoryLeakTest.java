package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.foreign.MemorySegment;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.ProcSelf;
import org.ringlab.api.RingMemory;

/**
 * 10,000 allocate/write/close cycles per available strategy leave {@code /proc/self/maps} and
 * {@code /proc/self/fd} as they were.
 */
class RingMemoryLeakTest {

    static final int CYCLES = 10_000;
    /**
     * The JVM maps memory of its own while the test runs (JIT code cache, GC regions, thread
     * stacks); a handful of lines of drift is that, not us: a leak of one mapping per cycle
     * would add ten thousand.
     */
    static final long JVM_MAPPING_DRIFT = 16;

    @TestFactory
    Stream<DynamicTest> allocateCloseCyclesLeakNothing() {
        assumeTrue(ProcSelf.isSupported(), "needs /proc/self");
        return Strategies.available().stream().map(s -> dynamicTest(s.name() + " × " + CYCLES + " cycles", () -> {
            long capacity = Strategies.capacity(s, 4096);
            MemorySegment one = MemorySegment.ofArray(new byte[] {42});
            cycles(s, capacity, one, 200); // warm up: JIT and allocator settle before the baseline
            long maps = ProcSelf.mappingCount();
            long fds = ProcSelf.openDescriptorCount();
            cycles(s, capacity, one, CYCLES);
            long mapsAfter = ProcSelf.mappingCount();
            assertEquals(fds, ProcSelf.openDescriptorCount(), s.name() + " leaked descriptors");
            assertTrue(Math.abs(mapsAfter - maps) <= JVM_MAPPING_DRIFT,
                    s.name() + ": /proc/self/maps went from " + maps + " to " + mapsAfter + " lines");
        }));
    }

    private static void cycles(MemoryStrategy s, long capacity, MemorySegment one, int n) {
        for (int i = 0; i < n; i++) {
            try (RingMemory ring = Strategies.allocate(s, capacity)) {
                ring.write(capacity - 1, one); // touch both sides of the seam
                ring.window(capacity - 1, 1);
            }
        }
    }
}
