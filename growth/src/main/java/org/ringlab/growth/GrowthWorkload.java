package org.ringlab.growth;

import org.ringlab.api.GrowthPolicy;

/**
 * What one growth measurement does: start a buffer at {@code initialCapacity}, append
 * {@code chunkBytes} at a time (the last append may be shorter) until it holds
 * {@code targetBytes}, growing by {@code factor} up to {@code maxCapacity}: the target itself
 * (the last step lands exactly on it), or more, so that the last step grows as far as the factor
 * takes it (seed 002's 128 MB + 1 byte, which makes a doubling array allocate 256 MB).
 *
 * @param targetBytes     final size, positive
 * @param chunkBytes      bytes per append, positive
 * @param initialCapacity the buffer's first capacity, 1..targetBytes
 * @param factor          growth factor of the {@link GrowthPolicy} (2: doubling; 1: exactly what
 *                        each append needs, like seed 002's {@code realloc(p, i * M)} loop)
 * @param maxCapacity     the largest capacity a step may grow to, at least {@code targetBytes}
 */
public record GrowthWorkload(long targetBytes, long chunkBytes, long initialCapacity, int factor, long maxCapacity) {

    /** Growth capped at the target: the last step grows to exactly the target. */
    public GrowthWorkload(long targetBytes, long chunkBytes, long initialCapacity, int factor) {
        this(targetBytes, chunkBytes, initialCapacity, factor, targetBytes);
    }

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
        if (maxCapacity < targetBytes) {
            throw new IllegalArgumentException("maximum capacity " + maxCapacity + " is below the target size "
                    + targetBytes);
        }
        policyOf(maxCapacity, factor); // checks the factor
    }

    /**
     * The same appends with the last step not capped at the target: it grows to what the factor
     * gives (less than {@code factor} times the target).
     */
    public GrowthWorkload uncapped() {
        long max = targetBytes > Long.MAX_VALUE / factor ? Long.MAX_VALUE : targetBytes * factor;
        return new GrowthWorkload(targetBytes, chunkBytes, initialCapacity, factor, max);
    }

    /** Seed 002's shape: doubling from one append's size, {@code chunkBytes} per append. */
    public static GrowthWorkload doubling(long targetBytes, long chunkBytes) {
        return new GrowthWorkload(targetBytes, chunkBytes, Math.min(chunkBytes, targetBytes), 2);
    }

    /** The buffer's policy: {@code factor}, up to {@code maxCapacity}. */
    public GrowthPolicy policy() {
        return policyOf(maxCapacity, factor);
    }

    /** Number of appends. */
    public long appends() {
        return Math.ceilDiv(targetBytes, chunkBytes);
    }

    private static GrowthPolicy policyOf(long max, int factor) {
        return new GrowthPolicy(factor, max);
    }
}
