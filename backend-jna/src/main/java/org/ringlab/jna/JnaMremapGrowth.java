package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.ProbedAvailability;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;

/**
 * {@code mremap-jna}: the {@code mremap} growth strategy through JNA, for runtimes where the FFM
 * backends are refused native access, and to measure what the binding costs.
 */
public final class JnaMremapGrowth implements GrowthStrategy {

    static final String NAME = "mremap-jna";

    /** No buffer can be larger than the user address space (128 TiB with 4-level paging). */
    static final long MAX_CAPACITY = 1L << 47;

    private static final Set<GrowthTrait> TRAITS =
            java.util.Collections.unmodifiableSet(EnumSet.of(GrowthTrait.NATIVE, GrowthTrait.NO_COPY));

    private final ProbedAvailability availability = new ProbedAvailability(NAME, this::probe);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "anonymous mmap grown with mremap through JNA, in place or MREMAP_MAYMOVE: never copied";
    }

    @Override
    public Set<GrowthTrait> traits() {
        return TRAITS;
    }

    @Override
    public Availability availability() {
        return availability.get();
    }

    private Availability probe() {
        String os = System.getProperty("os.name", "");
        if (!os.startsWith("Linux")) {
            return Availability.unavailable(NAME + " needs Linux (mmap, mremap through JNA), this is " + os);
        }
        // A real buffer, grown twice and read back; never a test fault.
        return JnaFaults.withoutFaults(() -> Availability.probe(NAME + " probe (a one-page buffer grown to three"
                + " pages and read back)", () -> {
                    long page = JnaLibc.pageSize();
                    try (Arena arena = Arena.ofConfined();
                         GrowableBuffer buffer = new JnaMremapBuffer(NAME, page, GrowthPolicy.doubling(4 * page))) {
                        MemorySegment chunk = arena.allocate(page);
                        for (int i = 1; i <= 3; i++) {
                            chunk.fill((byte) i);
                            buffer.append(chunk);
                        }
                        byte seen = buffer.contents().get(ValueLayout.JAVA_BYTE, 3 * page - 1);
                        if (seen != 3) {
                            throw new IllegalStateException("the last page of the grown buffer reads " + seen + ", not 3");
                        }
                    }
                }));
    }

    @Override
    public GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        availability().ensureAvailable(NAME);
        if (policy.maxCapacity() > MAX_CAPACITY) {
            throw new IllegalArgumentException(NAME + ": maximum capacity " + policy.maxCapacity()
                    + " is more than any address space here can hold (" + MAX_CAPACITY + ")");
        }
        return new JnaMremapBuffer(NAME, initialCapacity, policy);
    }

    @Override
    public String toString() {
        return NAME;
    }
}
