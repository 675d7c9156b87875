package org.ringlab.api;

import java.util.Locale;

/**
 * Where a queue puts a record that would run over the ring's seam (the end of the ring, where
 * position {@code p} wraps to offset 0), on memory whose claims and windows are not contiguous
 * across it ({@link SegmentPathMemory} strategies that stage, gather or rotate: split,
 * linearize). On a {@link MirrorViewMemory}, and on segment-path memory whose claims and windows
 * never copy (doubled), records are contiguous across the seam anyway, so both values mean the
 * same: the record is written and read in place, nothing is skipped.
 */
public enum SeamPlacement {
    /**
     * The record starts at the next lap instead: the queue leaves padding up to the seam and
     * never makes the strategy stage or gather. Costs up to one record of ring space per lap
     * (a record may take at most half the ring). The default.
     */
    PAD,
    /**
     * The record straddles the seam and goes through the strategy's own staging
     * ({@code claim}/{@code commit}) and gather ({@code window}): the strategy's seam code runs
     * and is measured at its real cost; no ring space is skipped. On a strategy without
     * {@link Capability#CONCURRENT_READ} (linearize rotates the whole ring when a window crosses
     * the seam) the reader then writes the ring, so such a queue is for one thread only
     * (producer and consumer on the same thread, as in a one-thread benchmark); with pad it
     * never crosses and keeps one producer and one consumer thread.
     */
    CROSS;

    /** The value's name as configurations and reports spell it: {@code pad} or {@code cross}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The placement named {@code label} ({@code pad} or {@code cross}, any case); the message
     * of the {@link IllegalArgumentException} for anything else names the value and the choices.
     */
    public static SeamPlacement parse(String label) {
        if (label != null) {
            for (SeamPlacement p : values()) {
                if (p.label().equalsIgnoreCase(label.strip())) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException("seam placement '" + label + "' is not one of pad, cross");
    }

    @Override
    public String toString() {
        return label();
    }
}
