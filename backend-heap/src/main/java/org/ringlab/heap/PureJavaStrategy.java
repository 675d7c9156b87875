package org.ringlab.heap;

import java.util.Set;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

/**
 * What the three pure-Java strategies share: no native call, so always available, and a
 * granularity of one byte. Memory comes from {@link java.lang.foreign.Arena} (malloc
 * underneath, like the seed's C baselines), not from a Java array, so that close really frees
 * it and a stale segment throws; the free waits for queue operations in flight
 * ({@link DeferredFreeArena}).
 */
abstract class PureJavaStrategy implements MemoryStrategy {

    private final String name;
    private final String description;
    private final Set<Capability> capabilities;
    private final RingFactory factory;

    PureJavaStrategy(String name, String description, Set<Capability> capabilities,
                     RingFactory factory) {
        this.name = name;
        this.description = description;
        this.capabilities = Set.copyOf(capabilities);
        this.factory = factory;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description + DeferredFreeArena.degradedNote(); // ringlab list shows a refused deferral
    }

    @Override
    public final Availability availability() {
        return Availability.available();
    }

    @Override
    public final Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public final long granularity() {
        return 1;
    }

    @Override
    public final RingMemory allocate(RingSpec spec) {
        long capacity = RingChecks.checkCapacity(name, spec.capacity(), 1);
        return factory.create(name, capacity, capabilities);
    }

    /** Builds the ring; the memory describes itself with the strategy's capabilities. */
    @FunctionalInterface
    interface RingFactory {
        RingMemory create(String name, long capacity, Set<Capability> capabilities);
    }
}
