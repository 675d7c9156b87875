package org.ringlab.bench.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GrowthSampleTest {

    @Test
    void aSampleSurvivesTheTripThroughOneLine() {
        GrowthSample s = new GrowthSample("realloc", 64L << 20, 64L << 20, 40L << 20, 65L << 20, true, 51_000_000, 6, 3,
                56L << 20, -1, 13_000_000);
        String line = s.toLine();
        assertTrue(line.startsWith(GrowthSample.LINE_PREFIX) && !line.contains("\n"), line);
        assertEquals(s, GrowthSample.parse(line));
        assertEquals(65.0 / 64, s.peakRatio(), 1e-12);
    }

    @Test
    void aBrokenLineSaysWhatIsMissing() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GrowthSample.parse("RINGLAB-GROWTH strategy=x"))
                .getMessage().contains("'final'"));
        assertThrows(IllegalArgumentException.class, () -> GrowthSample.parse("something else"));
    }
}
