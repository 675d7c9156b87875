package org.ringlab.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.GrowthTrait;

class CopyDoublingHeapTest {

    private final CopyDoublingHeapGrowth strategy = new CopyDoublingHeapGrowth();

    @Test
    void isDiscoveredAvailableAndZeroesWhatItAllocates() {
        assertTrue(ServiceLoader.load(GrowthStrategy.class).stream().anyMatch(p -> p.type() == CopyDoublingHeapGrowth.class));
        assertTrue(strategy.availability().isAvailable());
        assertEquals(java.util.Set.of(GrowthTrait.ZEROES_NEW_CAPACITY), strategy.traits());
    }

    @Test
    void everyGrowthMovesToANewArrayAndCopiesExactlyTheLiveBytes() {
        try (GrowableBuffer buffer = strategy.allocate(100, 10_000)) {
            buffer.append(MemorySegment.ofArray(new byte[70]));
            MemorySegment stale = buffer.contents();
            byte[] more = new byte[35];
            for (int i = 0; i < more.length; i++) {
                more[i] = (byte) (i + 1);
            }
            buffer.append(MemorySegment.ofArray(more));
            assertEquals(new GrowthCounters(1, 1, 70, 70, buffer.counters().growthNanos()), buffer.counters());
            assertEquals(200, buffer.capacity());
            // The dropped array lives on in the stale view, unchanged: never the new bytes.
            assertEquals(70, stale.byteSize());
            assertEquals(0, stale.get(ValueLayout.JAVA_BYTE, 69));
            assertEquals(35, buffer.contents().get(ValueLayout.JAVA_BYTE, 104));
        }
    }

    @Test
    void aMaximumBeyondTheLargestArrayIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> strategy.allocate(1, 1L << 31));
        assertTrue(e.getMessage().contains(String.valueOf(1L << 31)) && e.getMessage().contains(
                String.valueOf(CopyDoublingHeapGrowth.MAX_CAPACITY)), e.getMessage());
    }
}
