package org.ringlab.queues.spsc;

import java.util.List;

/**
 * spsc's concrete shape classes by publication family: what the tests ask where they once
 * asked for a shared core's type (the shapes have none: each owns its per-record path).
 */
final class SpscShapes {

    /** Variable records in place in a view of the ring, published by each record's length word. */
    static final List<Class<? extends SpscRingQueue>> IN_PLACE = List.of(
            MirrorViewSpscQueue.class, LapViewSpscQueue.class, LapViewCrossSpscQueue.class, DoubledViewSpscQueue.class);

    /** Variable records through the strategy's own calls, published by each record's length word. */
    static final List<Class<? extends SpscRingQueue>> WORD_SEGMENT = List.of(
            SegmentSpscQueue.class, PaddedSegmentSpscQueue.class);

    /** Published by a release store of the producer position (fixed records, growth). */
    static final List<Class<? extends SpscRingQueue>> POSITION = List.of(
            GrowableSpscQueue.class, FixedGrowableSpscQueue.class, FixedSlotSpscQueue.class,
            PaddedFixedSlotSpscQueue.class, FixedMirrorViewSpscQueue.class);

    /** Every concrete shape {@link SpscRingQueue#create} may return. */
    static final List<Class<? extends SpscRingQueue>> ALL = java.util.stream.Stream.of(IN_PLACE, WORD_SEGMENT, POSITION)
            .flatMap(List::stream).toList();

    private SpscShapes() {
    }

    static boolean inPlace(Object queue) {
        return IN_PLACE.contains(queue.getClass());
    }

    static boolean wordSegment(Object queue) {
        return WORD_SEGMENT.contains(queue.getClass());
    }
}
