package org.ringlab.api;

import java.util.Set;

/**
 * How the bytes of a ring live in memory: a {@link java.util.ServiceLoader} service.
 * Implementations are discovered through {@link Registries#memoryStrategies()}.
 */
public interface MemoryStrategy extends RinglabProvider {

    /** What the allocated memory can do beyond the {@link RingMemory} contract. */
    Set<Capability> capabilities();

    /**
     * The unit every capacity must be a multiple of: the page size for mapped memory on
     * Linux, the 64 KiB allocation granularity on Windows, 1 on the heap. Read from the
     * system, never assumed; an unavailable strategy may throw {@link UnavailableException}.
     */
    long granularity();

    /**
     * Allocates a ring. Throws {@link IllegalArgumentException} for a bad capacity (message
     * names the value and the granularity), {@link UnavailableException} when this strategy is
     * unavailable here, {@link NativeCallException} when a native call fails (after releasing
     * everything it had acquired).
     */
    RingMemory allocate(RingSpec spec);

    default boolean has(Capability capability) {
        return capabilities().contains(capability);
    }
}
