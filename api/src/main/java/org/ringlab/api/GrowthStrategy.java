package org.ringlab.api;

import java.util.Set;

/**
 * How a buffer of unknown final length grows (seed 002): a {@link java.util.ServiceLoader}
 * service, discovered through {@link Registries#growthStrategies()}. The providers:
 *
 * <table>
 *   <caption>Growth strategies</caption>
 *   <tr><th>name</th><th>growth</th><th>moves</th><th>bytes copied</th></tr>
 *   <tr><td>copy-doubling-heap</td><td>new zeroed {@code byte[]}, copy, drop</td><td>every growth</td><td>the live bytes</td></tr>
 *   <tr><td>copy-doubling-native</td><td>{@code malloc}, copy, {@code free}</td><td>every growth</td><td>the live bytes</td></tr>
 *   <tr><td>realloc</td><td>libc {@code realloc}</td><td>when glibc says so</td><td>unknown (glibc remaps large chunks)</td></tr>
 *   <tr><td>mremap</td><td>anonymous {@code mmap} grown with {@code mremap}, in place or {@code MREMAP_MAYMOVE}</td><td>when the kernel must</td><td>0</td></tr>
 *   <tr><td>reserve-commit</td><td>one {@code PROT_NONE} reservation of the maximum, {@code mprotect} as it fills</td><td>never</td><td>0</td></tr>
 * </table>
 */
public interface GrowthStrategy extends RinglabProvider {

    /** What this strategy's buffers promise (moves, copies, stale segments, zeroing). */
    Set<GrowthTrait> traits();

    /**
     * A buffer that starts with {@code initialCapacity} bytes and grows by {@code policy}.
     *
     * @throws IllegalArgumentException when {@code initialCapacity} is not positive or is past
     *                                  {@code policy.maxCapacity()}, or the maximum is more than
     *                                  this strategy can ever hold (the message names the values)
     * @throws UnavailableException     when this strategy is unavailable here
     * @throws NativeCallException      when a native call fails (nothing is left allocated)
     */
    GrowableBuffer allocate(long initialCapacity, GrowthPolicy policy);

    /** A doubling buffer: {@code allocate(initialCapacity, GrowthPolicy.doubling(maxCapacity))}. */
    default GrowableBuffer allocate(long initialCapacity, long maxCapacity) {
        return allocate(initialCapacity, GrowthPolicy.doubling(maxCapacity));
    }

    default boolean has(GrowthTrait trait) {
        return traits().contains(trait);
    }
}
