package org.ringlab.api;

/**
 * How a buffer of unknown final length grows (copy-doubling, realloc, mremap,
 * reserve-then-commit): a {@link java.util.ServiceLoader} service, discovered through
 * {@link Registries#growthStrategies()}.
 */
public interface GrowthStrategy extends RinglabProvider {

    /**
     * A growable buffer that starts with {@code initialCapacity} bytes and refuses to grow
     * past {@code maxCapacity}.
     */
    GrowableBuffer allocate(long initialCapacity, long maxCapacity);
}
