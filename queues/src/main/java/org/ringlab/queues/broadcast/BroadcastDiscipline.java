package org.ringlab.queues.broadcast;

import org.ringlab.api.Availability;
import org.ringlab.api.Capability;
import org.ringlab.api.LapViewMemory;
import org.ringlab.api.MirrorViewMemory;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.QueueSpec;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.RingMemory;
import org.ringlab.api.SeamPlacement;
import org.ringlab.api.SegmentPathMemory;

/**
 * {@code broadcast}: seed 003's refcounted single-copy broadcast, QSARC
 * ({@link RefCountedBroadcastQueue}). Runs on every strategy: with seam placement pad slots
 * never cross the seam, so no strategy stages, gathers or rotates, and the consumers' windows
 * are plain views; with cross on split and linearize records straddle the seam through the
 * strategy's staging and gather (once per record) or rotation.
 */
public final class BroadcastDiscipline implements QueueDiscipline {

    @Override
    public String name() {
        return "broadcast";
    }

    @Override
    public String description() {
        return "1 producer / N consumers, each record stored once in a slot with a pending count (QSARC);"
                + " adaptive slot count, coalesced wake-ups";
    }

    @Override
    public Availability availability() {
        return Availability.available();
    }

    @Override
    public RecordQueue create(RingMemory memory, QueueSpec spec) {
        return create(memory, spec, BroadcastOptions.defaults());
    }

    /**
     * As {@link #create(RingMemory, QueueSpec)}, with wait strategies and slot sizing of the
     * caller's choice. The memory's type picks the implementation: in place in a mirror view,
     * in place in the lap view of split and linearize with pad (no slot crosses the seam), or through the strategy's claim/commit/window on a segment path, in slots or (cross on
     * memory that copies at the seam) packed, gathered once by the producer where the memory
     * allows a concurrent reader, else windowed by each consumer (one thread only). Packed on
     * split's lap view, claims and the reads that do not cross the seam are slices of the lap
     * view, and only a record that crosses goes through the strategy's staging or gather
     * ({@link LapViewGatherBroadcastQueue}). Not on linearize's: a window across its seam rotates
     * the ring, and a claim the strategy did not hand out would be moved from under its caller,
     * so there every claim is the strategy's (it never rotates from under those), and a
     * straddling record is read in two parts instead of rotated while another consumer holds a
     * peeked record ({@link LapViewCrossingBroadcastQueue}).
     */
    public RefCountedBroadcastQueue create(RingMemory memory, QueueSpec spec, BroadcastOptions options) {
        return switch (memory) {
            case MirrorViewMemory m -> new MirrorViewBroadcastQueue(name(), m, spec, options);
            case LapViewMemory l when spec.seam() == SeamPlacement.PAD && InPlaceSlots.slotsInPlace(l, spec) ->
                    new LapViewBroadcastQueue(name(), l, spec, options);
            case SegmentPathMemory s when zeroCopy(s) -> new ZeroCopySegmentBroadcastQueue(name(), s, spec, options);
            case SegmentPathMemory s when spec.seam() == SeamPlacement.PAD -> new SegmentPathBroadcastQueue(name(), s, spec, options);
            case LapViewMemory l when l.capabilities().contains(Capability.CONCURRENT_READ) ->
                    new LapViewGatherBroadcastQueue(name(), l, spec, options);
            case SegmentPathMemory s when s.capabilities().contains(Capability.CONCURRENT_READ) ->
                    new SharedGatherBroadcastQueue(name(), s, spec, options);
            case LapViewMemory l -> new LapViewCrossingBroadcastQueue(name(), l, spec, options);
            case SegmentPathMemory s -> new SeamCrossingBroadcastQueue(name(), s, spec, options);
        };
    }

    /** Claims and windows are views of the ring (doubled): contiguous across the seam, so pad and cross are the same. */
    private static boolean zeroCopy(SegmentPathMemory memory) {
        return memory.capabilities().contains(Capability.ZERO_COPY_CLAIM)
                && memory.capabilities().contains(Capability.ZERO_COPY_WINDOW);
    }
}
