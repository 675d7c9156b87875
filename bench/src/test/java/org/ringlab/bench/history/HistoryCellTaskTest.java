package org.ringlab.bench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.growth.ProcSelf;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.util.Sizes;

/**
 * One child JVM measures every element size of a strategy: each cell's Pss growth is still its
 * own ring's (N for a mirrored ring, 2N for doubled), not shrunk by what the cell before it freed.
 */
class HistoryCellTaskTest {

    @Test
    void everyCellOfOneChildMeasuresItsOwnRingsPss() {
        assumeTrue(ProcSelf.isSupported(), "no /proc/self/smaps_rollup here");
        String mirrored = Registries.defaultMirrored().chosen().map(m -> m.name()).orElse(null);
        assumeTrue(mirrored != null, "no mirrored strategy available");
        long ring = 32 * Sizes.MIB;
        long[] sizes = {4 * Sizes.KIB, 64 * Sizes.KIB, Sizes.MIB};
        for (String strategy : List.of(mirrored, "doubled")) {
            double expected = strategy.equals("doubled") ? 2 : 1;
            List<CellResult> cells = Fork.run(new HistoryCellTask(strategy, sizes, new long[] {ring, ring, ring}, 0, 1, null),
                    Duration.ofMinutes(5), line -> { }).cells();
            assertEquals(sizes.length, cells.size());
            for (CellResult c : cells) {
                assertTrue(c.ok(), c.error());
                double perN = c.pssBytes() / c.capacity();
                assertEquals(expected, perN, 0.15, strategy + " × " + Sizes.format(c.elementSize())
                        + ": Pss growth / N of a cell in a shared child");
            }
        }
    }
}
