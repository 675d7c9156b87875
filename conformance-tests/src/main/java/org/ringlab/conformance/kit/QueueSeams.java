package org.ringlab.conformance.kit;

import java.util.List;

import org.ringlab.api.Capability;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.RingMemory;

/**
 * What the queue, concurrency and soak parts check of the memory under a queue: its copy
 * counters keep the capabilities' promises after the queue ran (a strategy declaring
 * {@link Capability#ZERO_COPY_CLAIM} stages nothing under any discipline, one declaring
 * {@link Capability#ZERO_COPY_WINDOW} gathers nothing), and the window the kit reads across
 * the seam while a record is peeked, which must leave the peeked bytes alone on a zero-copy
 * window strategy.
 *
 * <p>On memory whose claims or windows copy at the seam (split, linearize) the matrix has
 * {@link org.ringlab.api.SeamPlacement#CROSS} cells beside the padded ones: a discipline that
 * honours it (spsc) lets records straddle the seam there, through the strategy's staging and
 * gathering; the others pad either way. On memory declaring both zero-copy capabilities spsc
 * never pads, so its records cross the seam through the strategy's claim and window code.
 */
final class QueueSeams {

    private QueueSeams() {
    }

    /** Throws naming the cell and the counters when they break a capability's promise; else returns them. */
    static CopyCounters checkCounters(Cell cell, RingMemory memory, String after) {
        CopyCounters counters = memory.copyCounters();
        List<String> broken = CopyCountModel.capabilityBounds(cell.strategy(), counters);
        if (!broken.isEmpty()) {
            throw new AssertionError(cell.displayName() + ": after " + after + " the memory's copy counters break "
                    + "its capabilities' promises: " + broken + " (" + counters + ")");
        }
        return counters;
    }

    /**
     * Whether a window the kit reads beside a queue must leave a peeked record's bytes alone:
     * only zero-copy windows are views that stay valid until overwritten (other windows may
     * be scratch the next window call reuses, and a linearizing window moves the ring).
     */
    static boolean windowsAreViews(Cell cell) {
        return cell.strategy().has(Capability.ZERO_COPY_WINDOW) && !cell.strategy().has(Capability.GROWABLE);
    }
}
