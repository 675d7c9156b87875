package org.ringlab.bench.util;

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
}
