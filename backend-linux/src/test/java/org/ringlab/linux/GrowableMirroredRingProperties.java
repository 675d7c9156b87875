package org.ringlab.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.ringlab.api.GrowableRingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The growable mirrored ring against a model: random writes (through write, and claim with a
 * partial commit), a consumer that advances at random, grows at random points to random sizes;
 * after every step every window inside the live range equals the bytes written there, and a
 * window taken before a grow throws after it.
 */
class GrowableMirroredRingProperties {

    private static final long PAGE = Strategies.PAGE;

    /** One step: write {@code length} bytes, consume {@code consume} of the live bytes, or grow by {@code pages}. */
    record Step(int kind, int length, int pages, double fraction) {
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> step = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 9),
                Arbitraries.integers().between(0, (int) (3 * PAGE)), Arbitraries.integers().between(1, 5),
                Arbitraries.doubles().between(0, 1)).as(Step::new);
        return step.list().ofMinSize(1).ofMaxSize(40);
    }

    @Property(tries = 150)
    void windowsAlwaysEqualTheModelAcrossGrows(@ForAll @IntRange(min = 1, max = 3) int pages,
                                               @ForAll("steps") List<Step> steps) {
        try (GrowableRingMemory ring = (GrowableRingMemory) Strategies.GROWABLE.allocate(
                RingSpec.ofCapacity(pages * PAGE))) {
            long from = 0; // consumer: first live position
            long to = 0;   // producer: end of the last commit
            for (Step s : steps) {
                long free = ring.capacity() - (to - from);
                switch (s.kind()) {
                    case 0, 1, 2, 3 -> { // write; the consumer drops what the ring cannot hold
                        long n = Math.min(s.length(), ring.capacity());
                        write(ring, to, n, s.kind() == 3 ? s.fraction() : 1);
                        long committed = s.kind() == 3 ? (long) (n * s.fraction()) : n;
                        // The claimed bytes are overwritten even where they are not committed.
                        from = Math.max(from, to + n - ring.capacity());
                        to += committed;
                        from = Math.min(from, to);
                    }
                    case 4, 5 -> from += (long) ((to - from) * s.fraction());
                    default -> {
                        MemorySegment before = to > from ? ring.window(from, to - from) : null;
                        long capacity = ring.capacity() + s.pages() * PAGE;
                        ring.grow(capacity, from, to);
                        assertEquals(capacity, ring.capacity());
                        if (before != null) {
                            assertThrows(IllegalStateException.class, () -> before.get(ValueLayout.JAVA_BYTE, 0));
                        }
                    }
                }
                assertTrue(free >= 0);
                check(ring, from, to);
            }
        }
    }

    private static byte value(long position) {
        return (byte) (position * 131 + (position >>> 9));
    }

    /** Writes position p's value at [at, at + n); with a claim and a partial commit when fraction < 1. */
    private static void write(GrowableRingMemory ring, long at, long n, double fraction) {
        if (fraction >= 1) {
            byte[] bytes = new byte[(int) n];
            for (int i = 0; i < n; i++) {
                bytes[i] = value(at + i);
            }
            ring.write(at, MemorySegment.ofArray(bytes));
            return;
        }
        MemorySegment claim = ring.claim(at, n);
        for (int i = 0; i < n; i++) {
            claim.set(ValueLayout.JAVA_BYTE, i, value(at + i));
        }
        ring.commit(at, (long) (n * fraction));
    }

    /** The whole live range, and a window starting at every 97th position of it, read back right. */
    private static void check(GrowableRingMemory ring, long from, long to) {
        if (to == from) {
            return;
        }
        MemorySegment all = ring.window(from, to - from);
        for (long p = from; p < to; p++) {
            assertEquals(value(p), all.get(ValueLayout.JAVA_BYTE, p - from), "position " + p + " of [" + from + ", "
                    + to + ") in a ring of " + ring.capacity());
        }
        for (long p = from; p < to; p += 97) {
            assertEquals(value(p), ring.window(p, to - p).get(ValueLayout.JAVA_BYTE, 0));
        }
    }
}
