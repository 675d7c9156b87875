package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Byte i of the first view and byte i + N of the second view are the same memory. */
class MirrorProperties {

    @Provide
    Arbitrary<MirroredStrategy> strategies() {
        return Arbitraries.of(Strategies.ALL);
    }

    @Property(tries = 1000)
    void aByteWrittenThroughOneViewIsReadThroughTheOther(@ForAll("strategies") MirroredStrategy strategy,
                                                         @ForAll @IntRange(min = 1, max = 8) int pages,
                                                         @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int offset,
                                                         @ForAll @IntRange(min = 0, max = 1000) int lap,
                                                         @ForAll byte first, @ForAll byte second) {
        long n = pages * Strategies.PAGE;
        // A claim or window reaches offsets 0 .. 2N-2 of the 2N mapping: i + N must be one of them.
        long i = offset % (n - 1);
        long lapStart = lap * n;
        try (RingMemory ring = strategy.allocate(RingSpec.ofCapacity(n))) {
            // View 1 -> view 2: write at offset i, read offset i + N (last byte of a window that crosses the seam).
            ring.claim(lapStart + i, 1).set(ValueLayout.JAVA_BYTE, 0, first);
            ring.commit(lapStart + i, 1);
            MemorySegment crossing = ring.window(lapStart + i + 1, n);
            assertEquals(first, crossing.get(ValueLayout.JAVA_BYTE, n - 1));

            // View 2 -> view 1: write offset i + N through a claim that crosses the seam, read offset i.
            MemorySegment claim = ring.claim(lapStart + i + 1, n);
            claim.set(ValueLayout.JAVA_BYTE, n - 1, second);
            ring.commit(lapStart + i + 1, n);
            assertEquals(second, ring.window(lapStart + n + i, 1).get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(second, ring.window(i, 1).get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(claim.address() + n - 1, ring.window(i, 1).address() + n);
        }
    }
}
