package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;

/**
 * What the Linux growth strategies share: name, traits, the probe (a real buffer that grows
 * twice and is read back) and the checks before allocating. A strategy supplies only how its
 * buffer is made.
 */
abstract class LinuxGrowthStrategy implements GrowthStrategy, BoundToLibc<GrowthStrategy> {

    // The public methods are not final so that javac gives each public subclass bridges to
    // them: reflective callers outside the package cannot invoke methods of this class itself.

    /**
     * No buffer can be larger than the user address space (128 TiB with x86-64's 4-level
     * paging); a larger maximum is a mistake, refused before any page arithmetic can overflow.
     */
    static final long MAX_CAPACITY = 1L << 47;

    /** How a strategy makes its buffer; arguments checked. */
    @FunctionalInterface
    interface Factory {
        GrowableBuffer create(Libc libc, String strategyName, long initialCapacity, GrowthPolicy policy);
    }

    private final String name;
    private final String description;
    private final Set<GrowthTrait> traits;
    private final Factory factory;
    private final Probe probe;
    private final Libc libc;

    LinuxGrowthStrategy(String name, String description, Libc libc, Factory factory, GrowthTrait... traits) {
        this.name = name;
        this.libc = libc;
        this.description = description;
        this.factory = factory;
        EnumSet<GrowthTrait> all = EnumSet.of(GrowthTrait.NATIVE);
        all.addAll(List.of(traits));
        this.traits = Collections.unmodifiableSet(all);
        this.probe = new Probe(name, "libc and mmap", "a one-page buffer grown to three pages and read back",
                this::probeBuffer);
    }

    @Override
    public Libc libc() {
        return libc;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Set<GrowthTrait> traits() {
        return traits;
    }

    @Override
    public Availability availability() {
        return probe.availability();
    }

    @Override
    public GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        availability().ensureAvailable(name);
        if (policy.maxCapacity() > MAX_CAPACITY) {
            throw new IllegalArgumentException(name + ": maximum capacity " + policy.maxCapacity()
                    + " is more than any address space here can hold (" + MAX_CAPACITY + ")");
        }
        return factory.create(libc, name, initialCapacity, policy);
    }

    @Override
    public String toString() {
        return name;
    }

    private void probeBuffer() {
        long page = libc.pageSize();
        try (Arena arena = Arena.ofConfined();
             GrowableBuffer buffer = factory.create(libc, name, page, GrowthPolicy.doubling(4 * page))) {
            MemorySegment chunk = arena.allocate(page);
            for (int i = 1; i <= 3; i++) {
                chunk.fill((byte) i);
                buffer.append(chunk);
            }
            MemorySegment contents = buffer.contents();
            for (int i = 1; i <= 3; i++) {
                byte seen = contents.get(ValueLayout.JAVA_BYTE, i * page - 1);
                if (seen != i) {
                    throw new IllegalStateException("page " + i + " of the grown buffer reads " + seen + ", not " + i);
                }
            }
        }
    }
}
