package org.ringlab.linux;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many allocate/close cycles leave mappings, descriptors and files exactly as they were. */
class LeakTest {

    private static final int CYCLES = 10_000;
    private static final long N = 16 * Strategies.PAGE;

    @TempDir
    Path dir;

    static List<MirroredStrategy> strategies() {
        return Strategies.ALL;
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void tenThousandAllocateCloseCyclesLeakNothing(MirroredStrategy strategy) {
        // tmpfile and file in the test's directory; /dev/shm (shm, the file default) is compared by Resources.
        RingSpec spec = strategy == Strategies.MEMFD || strategy == Strategies.SHM
                ? RingSpec.ofCapacity(N) : RingSpec.ofCapacity(N).inDirectory(dir);
        // Warm up until the JIT has compiled this path: its compiler threads' malloc arenas
        // otherwise grow during the measured cycles and split /proc/self/maps lines.
        cycle(strategy, spec, 3_000);
        Resources before = Resources.take();
        cycle(strategy, spec, CYCLES);
        before.assertUnchanged(strategy + " after " + CYCLES + " cycles");
        // Leaked reservations would merge into one PROT_NONE line; the address space would still
        // grow by CYCLES * 2N (1.25 GiB). The margin is far above JVM noise (a 64 MiB malloc arena).
        long grown = Resources.take().mappedBytes() - before.mappedBytes();
        assertTrue(grown < CYCLES * 2 * N / 8, "address space grew by " + grown + " bytes");
        assertEquals(List.of(), Resources.list(dir, ""));
    }

    private static void cycle(MirroredStrategy strategy, RingSpec spec, int cycles) {
        for (int i = 0; i < cycles; i++) {
            try (RingMemory ring = strategy.allocate(spec)) {
                ring.claim(i, 1).set(ValueLayout.JAVA_BYTE, 0, (byte) i);
                ring.commit(i, 1);
            }
        }
    }
}
