package org.ringlab.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class GrowthPolicyTest {

    @Test
    void doublingMultipliesUntilTheRequiredSizeFitsAndStopsAtTheMaximum() {
        GrowthPolicy p = GrowthPolicy.doubling(100);
        assertEquals(20, p.nextCapacity(10, 11, 1));
        assertEquals(80, p.nextCapacity(10, 75, 1));
        assertEquals(100, p.nextCapacity(60, 61, 1), "capped at the maximum");
        assertEquals(100, p.nextCapacity(99, 100, 1));
    }

    @Test
    void exactGrowsToTheRequiredSizeRoundedToTheGranularity() {
        GrowthPolicy p = GrowthPolicy.exact(1 << 20);
        assertEquals(11, p.nextCapacity(10, 11, 1));
        assertEquals(8192, p.nextCapacity(4096, 4097, 4096));
    }

    @Test
    void theMaximumIsRoundedDownToTheGranularity() {
        GrowthPolicy p = GrowthPolicy.doubling(10_000);
        assertEquals(8192, p.maxCapacity(4096));
        assertEquals(8192, p.nextCapacity(4096, 8000, 4096));
        assertTrue(p.canGrowTo(8192, 4096));
        assertFalse(p.canGrowTo(8193, 4096));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.nextCapacity(4096, 9000, 4096));
        assertTrue(e.getMessage().contains("9000") && e.getMessage().contains("10000")
                && e.getMessage().contains("8192") && e.getMessage().contains("4096"), e.getMessage());
    }

    @Test
    void badArgumentsNameTheValues() {
        GrowthPolicy p = GrowthPolicy.doubling(100);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.nextCapacity(0, 5, 1)).getMessage().contains("0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.nextCapacity(10, 10, 1)).getMessage().contains("10"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.nextCapacity(10, 101, 1)).getMessage().contains("101"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.maxCapacity(0)).getMessage().contains("0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new GrowthPolicy(1, 0)).getMessage().contains("0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new GrowthPolicy(-2, 10)).getMessage().contains("-2"));
    }

    @Property(tries = 500)
    void theNextCapacityHoldsTheRequiredBytesAndNeverPassesTheMaximum(
            @ForAll @IntRange(min = 1, max = 16) int factor, @ForAll @LongRange(min = 1, max = 1L << 40) long max,
            @ForAll @LongRange(min = 1, max = 1L << 40) long current, @ForAll @LongRange(min = 1, max = 1L << 40) long required,
            @ForAll @IntRange(min = 0, max = 16) int granularityLog) {
        long g = 1L << granularityLog;
        GrowthPolicy p = new GrowthPolicy(factor, max);
        if (required <= current || required > p.maxCapacity(g)) {
            assertThrows(IllegalArgumentException.class, () -> p.nextCapacity(current, required, g));
            return;
        }
        long next = p.nextCapacity(current, required, g);
        assertTrue(next >= required && next > current && next <= max && next % g == 0,
                "next " + next + " for current " + current + ", required " + required + ", max " + max + ", g " + g);
    }
}
