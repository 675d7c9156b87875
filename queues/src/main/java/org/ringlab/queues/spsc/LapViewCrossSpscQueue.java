package org.ringlab.queues.spsc;

import org.ringlab.api.Capability;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@code spsc} with variable-length records and seam placement {@link SeamPlacement#CROSS} on a
 * {@link LapViewMemory} whose windows never move bytes (split: {@link Capability#CONCURRENT_READ}):
 * every record is written and read in place in the memory's N-byte lap view
 * ({@link InPlaceSpscQueue}) except the payload that crosses the seam, about one a lap, which goes
 * through the strategy's own calls: {@code write} (split: two parts), {@code claim}/{@code commit}
 * (its staging), {@code window} (its gather) and {@code read} (two parts). So the strategy's seam
 * mechanism runs exactly where it would for any user of the ring, and nothing else of the segment
 * path does. Length words never cross (frames are 8-aligned and N is a multiple of 8), so every
 * word, terminator included, is in place and the publication is the core's. The frames are
 * {@link SegmentSpscQueue}'s with cross, so either attaches to the other's ring.
 *
 * <p>Not for linearize: its crossing window rotates the ring, which moves every in-place offset.
 */
// Not final only so that the stress tests' broken twin (a same-package subclass in src/test)
// can override one step. Nothing in production subclasses it.
non-sealed class LapViewCrossSpscQueue extends InPlaceSpscQueue {

    LapViewCrossSpscQueue(String disciplineName, LapViewMemory memory, QueueSpec spec) {
        super(disciplineName, memory, memory.lapView(), spec, true, memory.capacity(), memory.capacity());
    }

    /**
     * Whether {@code memory} can serve: position {@code p} at lap view offset {@code p mod N}, and
     * windows that read concurrently (so they gather rather than rotate: the offsets never move).
     */
    static boolean inPlace(LapViewMemory memory) {
        return memory.capabilities().contains(Capability.CONCURRENT_READ) && LapViewSpscQueue.inPlace(memory);
    }

    /** In the lap view unless it runs past the seam (then through the strategy's write, claim, window or read). */
    @Override
    final boolean inView(long payload, long length) {
        return payload + length <= capacity;
    }
}
