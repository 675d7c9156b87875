package org.ringlab.bench.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.RecordJson;

class GrowthSampleTest {

    private static final long MIB = 1 << 20;

    @Test
    void aSampleSurvivesTheTripAsOneJsonRecord() {
        GrowthSample s = new GrowthSample("realloc", 64 * MIB, 64 * MIB, 40 * MIB, 65 * MIB, true, 51_000_000, 6, 3,
                56 * MIB, -1, 13_000_000, 16_384, new long[] {2 * MIB, 4 * MIB}, new long[] {41 * MIB, 42 * MIB});
        assertEquals(s, RecordJson.read(RecordJson.write(s), GrowthSample.class));
        assertEquals(65.0 / 64, s.peakRatio(), 1e-12);
        assertEquals(1.0, s.faultsPerPage(), 1e-12, "16,384 faults for 64 MiB of 4 KiB pages");
    }

    @Test
    void theRssStepsComeFromTheTrace() {
        // Baseline 40 MiB; after each append: +1, +0, +1, +4 MiB.
        GrowthSample s = new GrowthSample("x", 4 * MIB, 8 * MIB, 40 * MIB, 6 * MIB, true, 1, 3, 3, 0, 0, 1, -1,
                new long[0], new long[] {41 * MIB, 41 * MIB, 42 * MIB, 46 * MIB});
        assertEquals(4.0 * MIB, s.lastAppendRssRise());
        assertEquals(1.0 * MIB, s.medianAppendRssRise(), "median of 1, 0, 1, 4 MiB");
        assertTrue(Double.isNaN(s.faultsPerPage()), "unknown faults stay unknown");
    }

    @Test
    void aRecordMissingAFieldIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RecordJson.read("{\"strategy\": \"x\"}", GrowthSample.class));
        assertTrue(e.getMessage().contains("finalBytes"), e.getMessage());
    }

    @Test
    void aTaskSurvivesTheTripToTheChild() {
        GrowthTask t = new GrowthTask("mremap", 64L << 20, 1 << 20, 4096, 2, 128L << 20, true);
        assertEquals(t, RecordJson.read(RecordJson.write(t), GrowthTask.class));
        assertEquals(128L << 20, t.workload().maxCapacity());
    }
}
