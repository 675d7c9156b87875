package org.ringlab.bench.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void aMedianOnAnInfiniteSampleIsInfiniteNotNaN() {
        // A ratio whose denominator was 0 in some repetitions (a variant that lost nothing).
        Stats s = Stats.of(new double[] {6.81, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY});
        assertEquals(Double.POSITIVE_INFINITY, s.median());
        assertEquals(6.81, s.min());
        assertEquals(Double.POSITIVE_INFINITY, s.q3());
    }

    @Test
    void quantilesInterpolateBetweenFiniteRanks() {
        Stats s = Stats.of(new double[] {4, 1, 3, 2});
        assertEquals(2.5, s.median());
        assertEquals(1.75, s.q1());
        assertEquals(3.25, s.q3());
        assertEquals(4, s.n());
    }

    @Test
    void quartilesAreRsDefaultType7() {
        // R: quantile(1:10) gives 1, 3.25, 5.5, 7.75, 10; mean of the same is 5.5.
        Stats s = Stats.of(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertEquals(1, s.min());
        assertEquals(3.25, s.q1(), 1e-12);
        assertEquals(5.5, s.median(), 1e-12);
        assertEquals(7.75, s.q3(), 1e-12);
        assertEquals(10, s.max());
    }

    @Test
    void theMedianLeavesItsSamplesAsTheyWere() {
        double[] v = {3, 1, 2, 5};
        assertEquals(2.5, Stats.median(v));
        assertArrayEquals(new double[] {3, 1, 2, 5}, v);
        assertEquals(Double.NaN, Stats.median(new double[0]));
        assertEquals(Double.NaN, Stats.of(new double[0]).median());
    }
}
