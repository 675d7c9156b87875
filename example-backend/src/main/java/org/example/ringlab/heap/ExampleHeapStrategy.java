package org.example.ringlab.heap;

import java.util.EnumSet;
import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * {@code example-heap}: a doubled ring in memory from an {@link java.lang.foreign.Arena}, the
 * smallest complete memory strategy. Every committed byte is written twice (at i and i + N), so
 * every claim and every window is one contiguous slice; its copy counters count the second
 * write as {@code mirrorBytes}.
 */
public final class ExampleHeapStrategy implements MemoryStrategy {

    private static final Set<Capability> CAPABILITIES = Set.copyOf(EnumSet.of(Capability.ZERO_COPY_WINDOW,
            Capability.ZERO_COPY_CLAIM, Capability.CONCURRENT_READ, Capability.NATIVE));

    @Override
    public String name() {
        return "example-heap";
    }

    @Override
    public String description() {
        return "example third-party backend: a doubled ring in arena memory";
    }

    @Override
    public Availability availability() {
        return Availability.available(); // pure Java: nothing to probe
    }

    @Override
    public Set<Capability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public long granularity() {
        return 1;
    }

    @Override
    public RingMemory allocate(RingSpec spec) {
        return new ExampleHeapRing(name(), RingChecks.checkCapacity(name(), spec.capacity(), 1), capabilities());
    }
}
