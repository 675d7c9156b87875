package org.ringlab.api;

/**
 * What the growth of one {@link GrowableBuffer} cost, counted exactly where it can be.
 *
 * @param grows       growth steps (each to a larger capacity)
 * @param moves       growth steps after which the buffer's address had changed
 * @param bytesMoved  live bytes at each move: bytes that now sit at another address, whether
 *                    they were copied there or their pages were remapped
 * @param bytesCopied bytes physically copied by growth, or {@link #UNKNOWN} when the copy
 *                    happens inside a library that does not say ({@code realloc}: glibc moves
 *                    large chunks with {@code mremap}, copying nothing, and copies small ones);
 *                    {@code bytesMoved} bounds it then
 * @param growthNanos wall-clock time spent inside growth steps (allocation, copy, remap, release)
 */
public record GrowthCounters(long grows, long moves, long bytesMoved, long bytesCopied, long growthNanos) {

    /** {@link #bytesCopied()} when the strategy cannot see its allocator's copies. */
    public static final long UNKNOWN = -1;

    public static final GrowthCounters ZERO = new GrowthCounters(0, 0, 0, 0, 0);

    /** Whether {@link #bytesCopied()} is an exact count. */
    public boolean copiesKnown() {
        return bytesCopied != UNKNOWN;
    }
}
