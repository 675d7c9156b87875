package org.ringlab.api;

/**
 * What every ringlab plugin has in common: a stable kebab-case name and an availability
 * probed with a real call. Memory strategies, growth strategies and queue disciplines are all
 * discovered through {@link java.util.ServiceLoader} and listed by {@link ProviderRegistry}.
 *
 * <p>Implementations must be cheap to construct (the registry instantiates every provider to
 * read its name); the probe behind {@link #availability()} runs on first call and is
 * remembered.
 */
public interface RinglabProvider {

    /** A stable kebab-case identifier, for example {@code mirrored-memfd}. */
    String name();

    /** Whether this provider works in this process, and if not why, with the cause. */
    Availability availability();

    /** One line for {@code ringlab list}. */
    default String description() {
        return "";
    }
}
