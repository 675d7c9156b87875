package org.ringlab.queues.spsc;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@code spsc} with variable-length records and seam placement {@link SeamPlacement#PAD} on a
 * {@link LapViewMemory} (split, linearize): a record that would cross the seam starts at the
 * next lap behind a padding word, so no record ever crosses and every frame is written and read
 * in place in the memory's N-byte lap view ({@link InPlaceSpscQueue}). The strategy's staging,
 * gather and rotation, the only places its claim, commit and window differ from a plain view,
 * never run: the mechanism left is the padding, which {@code paddingBytes} counts. The frames
 * are {@link PaddedSegmentSpscQueue}'s, so either attaches to the other's ring.
 *
 * <p>The discipline picks it only while position 0 is at the start of the lap view
 * ({@link #inPlace}); a linearizing ring rotated before the queue was built maps positions to
 * other offsets and gets {@link PaddedSegmentSpscQueue} instead. The queue itself never makes
 * the strategy move bytes (nothing crosses), so the mapping holds for the queue's life.
 */
// Not final only so that the stress tests' broken twin (a same-package subclass in src/test)
// can override one step. Nothing in production subclasses it (class hierarchy analysis binds
// the steps statically).
non-sealed class LapViewSpscQueue extends InPlaceSpscQueue {

    LapViewSpscQueue(String disciplineName, LapViewMemory memory, QueueSpec spec) {
        super(disciplineName, memory, memory.lapView(), spec, true, memory.capacity() / 2, memory.capacity());
    }

    /** Whether position {@code p}'s bytes are at lap view offset {@code p mod N} in {@code memory}. */
    static boolean inPlace(LapViewMemory memory) {
        return memory.lapOffset(0) == 0;
    }

    /** {@code from}, or the start of the next lap when the frame would cross the seam. */
    @Override
    long place(long from, long frame) {
        return SpscDescriptor.padToLap(from, offset(from), frame, capacity);
    }
}
