package org.ringlab.bench.history;

import org.ringlab.bench.util.Stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.RecordJson;

class HistoryCellTest {

    @Test
    void capacityIsAMultipleOfElementAndGranularityAndHoldsFourElements() {
        assertEquals(64L << 20, HistoryCell.capacityFor(64L << 20, 4096, 4096));
        assertEquals(64L << 20, HistoryCell.capacityFor(64L << 20, 1 << 20, 1));
        long c = HistoryCell.capacityFor(1 << 20, 3000 * 8, 4096);
        assertEquals(0, c % (3000 * 8));
        assertEquals(0, c % 4096);
        assertTrue(c >= 1 << 20);
        assertEquals(4L << 20, HistoryCell.capacityFor(1, 1 << 20, 4096));
    }

    @Test
    void everyRepetitionLeavesTheOldestElementOffTheSeam() {
        for (long slots = 3; slots <= 70; slots++) {
            for (long head = slots; head < 3 * slots; head++) {
                long puts = HistoryCell.seamCrossingPuts(head, slots);
                assertTrue(puts > slots && puts < 2 * slots, slots + "/" + head + " -> " + puts);
                assertNotEquals(0, (head + puts) % slots, "oldest at offset 0 for " + slots + "/" + head);
                assertNotEquals(0, puts % slots, "same place as after a linearizing read: " + slots + "/" + head);
            }
        }
    }

    @Test
    void cellResultSurvivesTheTripFromAForkedJvm() {
        CellResult r = new CellResult("mirrored-x", 4096, 1 << 20, 256, new double[] {1.5, 2.25}, new double[] {3e6},
                1048576, 2097152, Double.NaN, 0, 4096.5, true, null).inRound(3);
        CellResult back = RecordJson.read(RecordJson.write(r), CellResult.class);
        assertEquals(r.strategy(), back.strategy());
        assertEquals(r.capacity(), back.capacity());
        assertArrayEquals(r.writeNsPerPut(), back.writeNsPerPut());
        assertArrayEquals(r.readNs(), back.readNs());
        assertEquals(r.pssBytes(), back.pssBytes());
        assertEquals(r.rssBytes(), back.rssBytes());
        assertEquals(r.pssReleasedBytes(), back.pssReleasedBytes());
        assertEquals(r.extraBytesPerRead(), back.extraBytesPerRead());
        assertEquals(3, back.round());
        assertTrue(back.forked() && back.ok());
    }

    @Test
    void statsAreMedianAndQuartiles() {
        Stats s = Stats.of(new double[] {5, 1, 3, 2, 4});
        assertEquals(3, s.median());
        assertEquals(1, s.min());
        assertEquals(5, s.max());
        assertEquals(2, s.q1());
        assertEquals(4, s.q3());
        assertEquals(2.5, Stats.of(new double[] {3, 2}).median());
    }
}
