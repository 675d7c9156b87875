package org.ringlab.growth;

import org.ringlab.api.GrowthPolicy;

/**
 * What one growth measurement does: start a buffer at {@code initialCapacity}, append
 * {@code chunkBytes} at a time (the last append may be shorter) until it holds
 * {@code targetBytes}, growing by {@code factor} up to the target.
 *
 * @param targetBytes     final size, positive
 * @param chunkBytes      bytes per append, positive
 * @param initialCapacity the buffer's first capacity, 1..targetBytes
 * @param factor          growth factor of the {@link GrowthPolicy} (2: doubling; 1: exactly what
 *                        each append needs, like seed 002's {@code realloc(p, i * M)} loop)
 */
public record GrowthWorkload(long targetBytes, long chunkBytes, long initialCapacity, int factor) {

    public GrowthWorkload {
        if (targetBytes <= 0) {
            throw new IllegalArgumentException("target size must be positive, got " + targetBytes);
        }
        if (chunkBytes <= 0) {
            throw new IllegalArgumentException("append size must be positive, got " + chunkBytes);
        }
        if (chunkBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("append size " + chunkBytes + " is more than one source segment holds");
        }
        if (initialCapacity <= 0 || initialCapacity > targetBytes) {
            throw new IllegalArgumentException("initial capacity " + initialCapacity + " is outside 1.." + targetBytes
                    + " (the target size)");
        }
        policyOf(targetBytes, factor); // checks the factor
    }

    /** Seed 002's shape: doubling from one append's size, {@code chunkBytes} per append. */
    public static GrowthWorkload doubling(long targetBytes, long chunkBytes) {
        return new GrowthWorkload(targetBytes, chunkBytes, Math.min(chunkBytes, targetBytes), 2);
    }

    /** The buffer's policy: {@code factor}, up to the target. */
    public GrowthPolicy policy() {
        return policyOf(targetBytes, factor);
    }

    /** Number of appends. */
    public long appends() {
        return Math.ceilDiv(targetBytes, chunkBytes);
    }

    private static GrowthPolicy policyOf(long max, int factor) {
        return new GrowthPolicy(factor, max);
    }
}
