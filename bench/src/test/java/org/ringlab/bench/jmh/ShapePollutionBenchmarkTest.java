package org.ringlab.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** The pollution benchmark's shapes open and run here, and its parameter list is its shape list. */
class ShapePollutionBenchmarkTest {

    @Test
    void theMeasuredShapesAreThePollutingShapes() throws NoSuchFieldException {
        String[] params = ShapePollutionBenchmark.class.getField("shape").getAnnotation(Param.class).value();
        assertArrayEquals(ShapePollutionBenchmark.SHAPES, params);
    }

    @Test
    void everyShapeCarriesRecordsThroughTheOneThreadPathAsAQueueOfItsOwnClass() {
        Set<Class<?>> classes = new HashSet<>();
        MemorySegment src = QueueBench.record(64);
        MemorySegment dst = MemorySegment.ofArray(new byte[64]);
        for (String shape : ShapePollutionBenchmark.SHAPES) {
            try (QueueBench q = ShapePollutionBenchmark.open(shape)) {
                assertEquals(64L * 1000, ShapePollutionBenchmark.drive(q.queue.producer(), q.queue.consumer(0), src,
                        dst, 1000), shape + ": every poll returns the 64-byte record");
                classes.add(q.queue.getClass());
            }
        }
        assertTrue(classes.size() >= 8, "the shapes should reach distinct queue classes, got " + classes);
    }

    @Test
    void aShapeWithoutAStrategyIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShapePollutionBenchmark.open("spsc"));
        assertTrue(e.getMessage().contains("'spsc'"), e.getMessage());
    }
}
