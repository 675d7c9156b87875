package org.ringlab.queues.spsc;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ringlab.queues.shape.HotPathSizes;

/**
 * Without timing, that C2 can inline each spsc shape's {@code offer} and {@code poll} into their
 * caller: each, and every method of the shape they call on the common path, stays within
 * {@code HotPathSizes.FREQ_INLINE_SIZE} bytes of bytecode (see there); what runs only now and
 * then is in methods named {@code ...Cold}, which C2 compiles apart.
 */
class SpscHotPathSizeTest {

    @TestFactory
    Stream<DynamicTest> offerAndPollFitTheHotInlineLimit() {
        return SpscShapes.ALL.stream().map(shape -> dynamicTest(shape.getSimpleName(), () -> {
            var sizes = HotPathSizes.of(shape, "offer", "(Ljava/lang/foreign/MemorySegment;)Z");
            sizes.putAll(HotPathSizes.of(shape, "poll", "(Ljava/lang/foreign/MemorySegment;)I"));
            assertTrue(sizes.size() >= 2, shape.getSimpleName() + ": offer and poll not found: " + sizes);
            HotPathSizes.assertWithin(sizes, HotPathSizes.FREQ_INLINE_SIZE);
        }));
    }

    /**
     * The length-word shapes' rare cases (closed, a claim outstanding, a bad length, full,
     * padding, a payload across the seam, draining, a bad destination) are not on the common
     * path: its methods are only the record's own steps.
     */
    @TestFactory
    Stream<DynamicTest> theLengthWordShapesKeepTheirRareCasesApart() {
        return Stream.concat(SpscShapes.IN_PLACE.stream(), SpscShapes.WORD_SEGMENT.stream()).map(shape -> dynamicTest(shape.getSimpleName(), () -> {
            var sizes = HotPathSizes.of(shape, "offer", "(Ljava/lang/foreign/MemorySegment;)Z");
            sizes.putAll(HotPathSizes.of(shape, "poll", "(Ljava/lang/foreign/MemorySegment;)I"));
            for (String rare : List.of("ensureOpen", "checkLength", "fits", "fitsAfterRefresh", "padded", "place", "writeAcross")) {
                assertTrue(sizes.keySet().stream().noneMatch(m -> m.contains("." + rare + "(")),
                        shape.getSimpleName() + ": " + rare + " on the common path of offer or poll: " + sizes.keySet());
            }
        }));
    }
}
