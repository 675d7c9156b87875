package org.ringlab.heap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.RingChecks;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A capacity that cannot be had is refused with an IllegalArgumentException naming it, never an OutOfMemoryError. */
class BadCapacityTest {

    private static final MemoryStrategy[] STRATEGIES = {new DoubledArrayMemory(), new LinearizeOnReadMemory(),
            new SplitRingMemory()};

    @ParameterizedTest(name = "2^{0}")
    @ValueSource(ints = {40, 44, 48, 52, 56, 60, 61})
    void hugeCapacitiesAreRefusedNamingTheSize(int log2) {
        long capacity = 1L << log2;
        for (MemoryStrategy strategy : STRATEGIES) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> strategy.allocate(RingSpec.ofCapacity(capacity)).close(), strategy.name());
            assertTrue(e.getMessage().startsWith(strategy.name() + ": capacity " + capacity + " bytes"), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(longs = {Long.MAX_VALUE, RingChecks.MAX_CAPACITY + 1})
    void capacitiesPastTheLimitNameTheLimitAndNoNegativeValue(long capacity) {
        for (MemoryStrategy strategy : STRATEGIES) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> strategy.allocate(RingSpec.ofCapacity(capacity)), strategy.name());
            assertTrue(e.getMessage().contains("capacity " + capacity + " bytes is too large: at most "
                    + RingChecks.MAX_CAPACITY), e.getMessage());
            assertTrue(!e.getMessage().matches(".*-\\d.*"), "a negative value in: " + e.getMessage());
        }
    }

    @ParameterizedTest(name = "granularity {0}")
    @ValueSource(longs = {4096, 65536})
    void theLargestMisalignedCapacitySuggestsOnlyAllowedValues(long granularity) {
        long largest = RingChecks.MAX_CAPACITY / granularity * granularity;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RingChecks.checkCapacity("x", largest - 1, granularity));
        assertTrue(e.getMessage().contains("nearest allowed: " + (largest - granularity) + " or " + largest + ")"),
                e.getMessage());
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> RingChecks.checkCapacity("x", 100, granularity));
        assertTrue(small.getMessage().contains("nearest allowed: " + granularity + ")"), small.getMessage());
    }
}
