package org.ringlab.bench.anchors;

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
        for (double[][] table : List.of(s.rate(), s.bandwidth(), s.latency(), s.path())) {
            for (double[] row : table) {
                for (int r = 0; r < row.length; r++) {
                    row[r] = v;
                    v = v * 3.7 + 1e-9;
                }
            }
        }
        s.path()[1][2] = Double.NaN;
        assertEquals(s, RecordJson.read(RecordJson.write(s), AnchorSamples.class));
        AnchorsChild task = new AnchorsChild("quick", "agrona-one-to-one");
        assertEquals(task, RecordJson.read(RecordJson.write(task), AnchorsChild.class));
    }

    @Test
    void aMissingRowOrAWrongCountIsAnError() {
        AnchorSamples full = AnchorSamples.empty(2);
        AnchorSamples lacking = new AnchorSamples(full.rate(), full.bandwidth(), new double[1][2], full.path());
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> AnchorsExperiment.checkShape(lacking, 2, "disruptor"));
        assertTrue(missing.getMessage().startsWith("disruptor: the child sent"), missing.getMessage());
        IllegalStateException count = assertThrows(IllegalStateException.class,
                () -> AnchorsExperiment.checkShape(AnchorSamples.empty(3), 2, "disruptor"));
        assertTrue(count.getMessage().contains("rows of 2 values"), count.getMessage());
        AnchorsExperiment.checkShape(full, 2, "disruptor");
    }
}
