package org.ringlab.api;

/**
 * How a growable buffer or ring grows, and how far: the capacity is multiplied by
 * {@code factor} until what is required fits ({@code factor} 1: exactly what is required),
 * rounded up to the caller's granularity, and never taken past {@code maxCapacity}.
 *
 * <p>A small value type shared by {@link GrowthStrategy} buffers and by queues on a
 * {@link GrowableRingMemory}: a queue that finds its ring full asks {@link #canGrowTo} (full
 * stays a return value, not an exception) and then grows to {@link #nextCapacity}.
 *
 * @param factor      multiplier per step, 1 to 16 (2: doubling, amortised O(1) appends; 1: grow to
 *                    exactly the required size, as seed 002's {@code realloc(p, i * M)} loop does)
 * @param maxCapacity the largest capacity in bytes; positive
 */
public record GrowthPolicy(int factor, long maxCapacity) {

    /** Larger factors only waste address space; 16 is already far beyond any allocator's choice. */
    public static final int MAX_FACTOR = 16;

    public GrowthPolicy {
        if (factor < 1 || factor > MAX_FACTOR) {
            throw new IllegalArgumentException("growth factor must be 1.." + MAX_FACTOR + ", got " + factor);
        }
        if (maxCapacity <= 0) {
            throw new IllegalArgumentException("maximum capacity must be positive, got " + maxCapacity);
        }
    }

    /** Doubling up to {@code maxCapacity}: the classic amortised growth. */
    public static GrowthPolicy doubling(long maxCapacity) {
        return new GrowthPolicy(2, maxCapacity);
    }

    /** Grow to exactly what is required (rounded to the granularity), up to {@code maxCapacity}. */
    public static GrowthPolicy exact(long maxCapacity) {
        return new GrowthPolicy(1, maxCapacity);
    }

    /** The largest capacity allowed at {@code granularity}: {@code maxCapacity} rounded down to it. */
    public long maxCapacity(long granularity) {
        checkGranularity(granularity);
        return maxCapacity / granularity * granularity;
    }

    /** Whether {@code required} bytes fit under the maximum at {@code granularity}. */
    public boolean canGrowTo(long required, long granularity) {
        return required > 0 && required <= maxCapacity(granularity);
    }

    /**
     * The capacity to grow to from {@code current} so that {@code required} bytes fit: a multiple
     * of {@code granularity}, larger than {@code current}, at most the maximum.
     *
     * @throws IllegalArgumentException when {@code current} is not positive, {@code required}
     *                                  is not above {@code current}, or {@code required} is past
     *                                  the maximum (the message names the values)
     */
    public long nextCapacity(long current, long required, long granularity) {
        long limit = maxCapacity(granularity);
        if (current <= 0) {
            throw new IllegalArgumentException("current capacity must be positive, got " + current);
        }
        if (required <= current) {
            throw new IllegalArgumentException("nothing to grow: " + required + " bytes required, the capacity is already "
                    + current);
        }
        if (required > limit) {
            throw new IllegalArgumentException("growing to hold " + required + " bytes would pass the maximum capacity "
                    + maxCapacity + (limit == maxCapacity ? "" : " (" + limit + " at granularity " + granularity + ")"));
        }
        long next = current;
        if (factor == 1) {
            next = required;
        } else {
            while (next < required) {
                next = next > limit / factor ? limit : next * factor;
            }
        }
        return Math.min(RingChecks.ceilTo(next, granularity), limit);
    }

    private static void checkGranularity(long granularity) {
        if (granularity <= 0) {
            throw new IllegalArgumentException("granularity must be positive, got " + granularity);
        }
    }
}
