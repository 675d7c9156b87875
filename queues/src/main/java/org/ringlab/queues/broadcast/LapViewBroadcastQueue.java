package org.ringlab.queues.broadcast;

import org.ringlab.api.LapViewMemory;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.SeamPlacement;

/**
 * {@code broadcast} with seam placement {@link SeamPlacement#PAD} on a {@link LapViewMemory}
 * (split, linearize): a slot never crosses the seam, so every slot is in place in the memory's
 * lap view ({@link InPlaceBroadcastQueue}) and no record needs the strategy's staging, gather or
 * rotation, the only places its claim, commit and window differ from a plain view. Slot
 * {@code s} is at {@code lapOffset(0) + s * stride}: the queue never makes the strategy move
 * bytes (nothing crosses), so that mapping holds for the queue's life.
 *
 * <p>The discipline picks it only where every slot is in place ({@link #slotsInPlace}); a
 * linearizing ring rotated before the queue was built, so that a slot would run over the lap's
 * end, gets {@link SegmentPathBroadcastQueue} instead.
 */
final class LapViewBroadcastQueue extends InPlaceBroadcastQueue {

    LapViewBroadcastQueue(String disciplineName, LapViewMemory memory, QueueSpec spec, BroadcastOptions options) {
        super(disciplineName, memory, memory.lapView().asSlice(memory.lapOffset(0)), spec, options);
    }

    /** Whether every slot {@code spec}'s queue would have on {@code memory} is in its lap view. */
    static boolean slotsInPlace(LapViewMemory memory, QueueSpec spec) {
        long capacity = memory.capacity();
        long stride = BroadcastDescriptor.stride(spec.recordSize());
        return memory.lapOffset(0) + BroadcastDescriptor.physicalSlots(capacity, stride, spec.recordSize()) * stride
                <= capacity;
    }
}
