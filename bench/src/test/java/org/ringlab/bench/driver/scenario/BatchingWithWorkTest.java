package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;

class BatchingWithWorkTest {

    @Test
    void tinyRunGivesEveryFigureAndTheSeedsClaimWithItsBand() {
        MemoryStrategy s = Registries.defaultMirrored().chosen()
                .orElseGet(() -> Registries.memoryStrategies().available().get(0));
        BatchingWithWork.Result r = BatchingWithWork.run(s, Registries.disciplines().require("spsc"), 2, 320, 1 << 20, 7);
        for (double[] v : new double[][] {r.emptyOne(), r.emptyBatch(), r.workOne(), r.workBatch()}) {
            assertEquals(2, v.length);
        }
        assertEquals(6, r.measurements("driver", s.name()).size());
        assertEquals(2, r.table(s.name()).rows().size());
        SeedClaim c = r.claim();
        assertEquals(2, c.checks().size(), "a band: two one-sided checks");
        assertTrue(c.checks().get(0).side().threshold() < 708.0 / 433 && 708.0 / 433 < c.checks().get(1).side().threshold());
        assertEquals(2, c.checks().get(0).estimate().rounds());
        Claim report = r.reportClaim(org.ringlab.bench.harness.RoundPool.none());
        assertTrue(report.judgement().hasInterval(), report.toString());
        assertTrue(report.measured().contains("ns/packet (seed 708 → 433)"), report.measured());
        assertTrue(report.claim().contains("1.6×") && report.claim().contains("708 → 433"), report.claim());
        assertThrows(IllegalArgumentException.class, () -> BatchingWithWork.run(s, Registries.disciplines().require("spsc"),
                0, 320, 1 << 20, 7));
    }

    @Test
    void theFlowTableCountsEveryPacketInItsFlow() {
        try (Arena a = Arena.ofConfined(); FlowTable t = new FlowTable(64 * 100)) {
            MemorySegment f = a.allocate(64);
            for (int i = 0; i < 1000; i++) {
                SyntheticFrame.write(f, 64, i, i * 7);
                t.update(f, 64, i);
            }
            assertEquals(100, t.flows());
            assertEquals(1000, t.totalPackets());
        }
        assertThrows(IllegalArgumentException.class, () -> new FlowTable(100));
        assertTrue(FlowTable.defaultBytes() > FlowTable.l2Bytes());
    }
}
