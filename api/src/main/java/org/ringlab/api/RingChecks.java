package org.ringlab.api;

/**
 * Argument validators shared by every {@link RingMemory}; each message names the bad value
 * and what is allowed.
 */
public final class RingChecks {

    private RingChecks() {
    }

    /** The largest capacity any strategy accepts: 2N and H + 2N stay far from overflowing a long. */
    public static final long MAX_CAPACITY = Long.MAX_VALUE / 4;

    /**
     * A capacity must be positive, at most {@link #MAX_CAPACITY} and a multiple of the
     * strategy's granularity; the message names the value and the nearest allowed ones.
     */
    public static long checkCapacity(String strategy, long capacity, long granularity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException(strategy + ": capacity must be positive, got " + capacity);
        }
        long largest = MAX_CAPACITY / granularity * granularity;
        if (capacity > largest) {
            throw new IllegalArgumentException(strategy + ": capacity " + capacity + " bytes is too large: at most "
                    + largest + " (2^61 - 1 rounded down to the granularity " + granularity + ")");
        }
        if (capacity % granularity != 0) {
            long below = capacity / granularity * granularity;
            long above = below + granularity; // at most largest: capacity <= largest was checked
            throw new IllegalArgumentException(strategy + ": capacity " + capacity
                    + " is not a multiple of the granularity " + granularity + " (nearest allowed: "
                    + (below == 0 ? "" : below + " or ") + above + ")");
        }
        return capacity;
    }

    /** {@code 0 <= length <= capacity}. */
    public static void checkLength(long length, long capacity) {
        if (length < 0 || length > capacity) {
            throw new IllegalArgumentException("length " + length + " is outside 0.." + capacity
                    + " (the ring capacity)");
        }
    }

    /** {@code position >= 0} and the range does not overflow. */
    public static void checkPosition(long position, long length) {
        if (position < 0) {
            throw new IllegalArgumentException("position " + position + " is negative");
        }
        if (position > Long.MAX_VALUE - length) {
            throw new IllegalArgumentException("position " + position + " + length " + length + " overflows");
        }
    }

    /** Claims never go back before the end of the last commit. */
    public static void checkNotBackwards(long position, long committedEnd) {
        if (position < committedEnd) {
            throw new IllegalArgumentException("position " + position
                    + " goes backwards: the last commit ended at " + committedEnd);
        }
    }

    /**
     * The span of {@link RingMemory#writeThenZeroInt}: a payload of {@code length} bytes at
     * {@code position}, then a zero int at {@code zeroPosition}, forwards of the payload and in
     * the same lap. Returns {@code zeroPosition + 4 - position}, the bytes from the payload's
     * start to the zero word's end.
     */
    public static long checkZeroIntAfter(long position, long length, long zeroPosition, long capacity) {
        long span = zeroPosition + Integer.BYTES - position;
        if (length < 0 || zeroPosition - position < length || span > capacity || span < Integer.BYTES) {
            throw zeroIntOutside(position, length, zeroPosition, capacity); // cold: a method of its own
        }
        return span;
    }

    private static IllegalArgumentException zeroIntOutside(long position, long length, long zeroPosition,
                                                           long capacity) {
        return new IllegalArgumentException("zero int at position " + zeroPosition + " after a payload of " + length
                + " bytes at position " + position + ": it must lie at or after the payload's end ("
                + (position + length) + ") and end within one lap of its start (at most " + (position + capacity
                - Integer.BYTES) + " for capacity " + capacity + ")");
    }

    public static long ceilTo(long value, long granularity) {
        return Math.ceilDiv(value, granularity) * granularity;
    }
}
