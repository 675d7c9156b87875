package org.ringlab.api;

/**
 * The base of every {@link SegmentPathMemory}, third parties' included: the {@link RingMemory}
 * protocol once (argument checks, the claim/commit state, the use-after-close guard, idempotent
 * close, the self-description). A strategy supplies only the mapping of positions to memory
 * ({@link #claimSegment}, {@link #commitClaim}, {@link #windowSegment}, {@link #headerSegment}),
 * its {@code copyCounters()} (which calls {@link #ensureOpen()} first) and the release of what
 * it owns ({@link #release}).
 *
 * <p>Segments handed out must belong to an arena that {@link #release} closes, so that an
 * access through a stale segment throws {@link IllegalStateException} instead of touching
 * freed memory.
 */
public abstract class AbstractRingMemory extends RingProtocol implements SegmentPathMemory {

    /**
     * @param strategyName name of the allocating strategy
     * @param capacity     N, the ring's capacity
     * @param capabilities what this memory can do (the allocating strategy's capabilities)
     * @param granularity  the unit the capacity is a multiple of (the strategy's granularity)
     */
    protected AbstractRingMemory(String strategyName, long capacity, java.util.Set<Capability> capabilities,
                                 long granularity) {
        super(strategyName, capacity, capabilities, granularity);
    }
}
