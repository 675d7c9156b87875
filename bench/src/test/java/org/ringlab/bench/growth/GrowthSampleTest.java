package org.ringlab.bench.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.RecordJson;

class GrowthSampleTest {

    @Test
    void aSampleSurvivesTheTripAsOneJsonRecord() {
        GrowthSample s = new GrowthSample("realloc", 64L << 20, 64L << 20, 40L << 20, 65L << 20, true, 51_000_000, 6, 3,
                56L << 20, -1, 13_000_000);
        assertEquals(s, RecordJson.read(RecordJson.write(s), GrowthSample.class));
        assertEquals(65.0 / 64, s.peakRatio(), 1e-12);
    }

    @Test
    void aRecordMissingAFieldIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RecordJson.read("{\"strategy\": \"x\"}", GrowthSample.class));
        assertTrue(e.getMessage().contains("finalBytes"), e.getMessage());
    }

    @Test
    void aTaskSurvivesTheTripToTheChild() {
        GrowthTask t = new GrowthTask("mremap", 64L << 20, 1 << 20, 4096, 2);
        assertEquals(t, RecordJson.read(RecordJson.write(t), GrowthTask.class));
    }
}
