package org.ringlab.queues.broadcast;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.queues.shape.HotPathSizes;

/**
 * Without timing, that C2 can inline each broadcast shape's per-record methods into their
 * caller: {@code offer}, {@code poll} and {@code claim}, and every method of the shape they call
 * on the common path, stay within C2's {@code FreqInlineSize} (see HotPathSizes).
 */
class BroadcastHotPathSizeTest {

    private static final List<Class<?>> SHAPES = List.of(SegmentPathBroadcastQueue.class,
            MirrorViewBroadcastQueue.class, LapViewBroadcastQueue.class, ZeroCopySegmentBroadcastQueue.class,
            SeamCrossingBroadcastQueue.class, SharedGatherBroadcastQueue.class, LapViewGatherBroadcastQueue.class,
            LapViewCrossingBroadcastQueue.class);

    @TestFactory
    Stream<DynamicTest> perRecordMethodsFitTheHotInlineLimit() {
        return SHAPES.stream().map(shape -> dynamicTest(shape.getSimpleName(), () -> {
            var sizes = HotPathSizes.of(shape, "offer", "(Ljava/lang/foreign/MemorySegment;)Z");
            sizes.putAll(HotPathSizes.of(shape, "poll", "(Ljava/lang/foreign/MemorySegment;)I"));
            sizes.putAll(HotPathSizes.of(shape, "claim", "(I)Ljava/lang/foreign/MemorySegment;"));
            HotPathSizes.assertWithin(sizes, HotPathSizes.FREQ_INLINE_SIZE);
        }));
    }
}
