package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.RecordJson;

/** What a child JVM sends is what its parent reads back, exactly; a record of the wrong shape is refused. */
class AnchorSamplesTest {

    @Test
    void samplesRoundTripExactly() {
        AnchorSamples s = AnchorSamples.empty(3);
        double v = 0.1;
        for (double[][] table : List.of(s.rate(), s.bandwidth(), s.latency(), s.path(), s.mechanism(),
                s.mechanismBytes(), s.drain())) {
            for (double[] row : table) {
                for (int r = 0; r < row.length; r++) {
                    row[r] = v;
                    v = v * 3.7 + 1e-9;
                }
            }
        }
        s.path()[1][2] = Double.NaN;
        assertEquals(s, RecordJson.read(RecordJson.write(s), AnchorSamples.class));
        AnchorsChild task = new AnchorsChild("quick", "agrona-one-to-one", true, null);
        assertEquals(task, RecordJson.read(RecordJson.write(task), AnchorsChild.class));
        AnchorsChild drains = new AnchorsChild("quick", "spsc@heap-doubled", true,
                AnchorSamples.DrainOrders.draw(3, "spsc@heap-doubled", 1, 4));
        assertEquals(drains, RecordJson.read(RecordJson.write(drains), AnchorsChild.class));
        org.ringlab.bench.harness.RoundOrder.take();
    }

    @Test
    void notMeasuredFiguresRoundTripAsNaN() {
        AnchorSamples s = AnchorSamples.empty(2);
        s.path()[0][1] = 42.5;
        AnchorSamples back = RecordJson.read(RecordJson.write(s), AnchorSamples.class);
        assertEquals(s, back);
        assertTrue(Double.isNaN(back.mechanism()[0][0]) && Double.isNaN(back.drain()[3][1]), back.toString());
    }

    @Test
    void roundsConcatenateInRoundOrder() {
        AnchorSamples a = AnchorSamples.empty(2);
        AnchorSamples b = AnchorSamples.empty(1);
        a.path()[0][0] = 1;
        a.path()[0][1] = 2;
        b.path()[0][0] = 3;
        b.drain()[1][0] = 7;
        AnchorSamples both = AnchorSamples.concat(List.of(a, b));
        assertArrayEquals(new double[] {1, 2, 3}, both.path()[0]);
        assertEquals(7, both.drain()[1][2]);
        assertArrayEquals(new int[] {0, 0, 1}, AnchorsExperiment.forkIndices(List.of(a, b)));
    }

    @Test
    void aMissingRowOrAWrongCountIsAnError() {
        AnchorSamples full = AnchorSamples.empty(2);
        AnchorSamples lacking = new AnchorSamples(full.rate(), full.bandwidth(), new double[1][2], full.path(),
                full.mechanism(), full.mechanismBytes(), full.drain());
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> AnchorsExperiment.checkShape(lacking, 2, "disruptor"));
        assertTrue(missing.getMessage().startsWith("disruptor: the child sent"), missing.getMessage());
        IllegalStateException count = assertThrows(IllegalStateException.class,
                () -> AnchorsExperiment.checkShape(AnchorSamples.empty(3), 2, "disruptor"));
        assertTrue(count.getMessage().contains("rows of 2 values"), count.getMessage());
        AnchorsExperiment.checkShape(full, 2, "disruptor");
    }
}
