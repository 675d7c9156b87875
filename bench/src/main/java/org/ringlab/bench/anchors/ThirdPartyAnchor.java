package org.ringlab.bench.anchors;

/**
 * What the third-party adapters share: their name, their record size, nothing to release unless
 * they hold native memory, and the check that a record fits the caller's array.
 */
abstract sealed class ThirdPartyAnchor implements AnchorQueue
        permits AgronaOneToOneAnchor, JctoolsSpscArrayAnchor, DisruptorAnchor {

    private final String name;
    final int recordSize;

    ThirdPartyAnchor(String name, int recordSize) {
        this.name = name;
        this.recordSize = recordSize;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int recordSize() {
        return recordSize;
    }

    /** Heap only: nothing to release. */
    @Override
    public void close() {
    }

    /** {@link IllegalArgumentException} when a record of {@code length} bytes does not fit {@code dst}. */
    static void checkFits(int length, byte[] dst) {
        if (length > dst.length) {
            throw new IllegalArgumentException("record of " + length + " bytes does not fit the destination of "
                    + dst.length);
        }
    }
}
