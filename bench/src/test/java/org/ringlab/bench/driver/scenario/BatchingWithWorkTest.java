package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.harness.Claim;

class BatchingWithWorkTest {

    @Test
    void tinyRunGivesEveryFigureAndTheSeedsClaimWithItsBand() {
        MemoryStrategy s = Registries.defaultMirrored().chosen()
                .orElseGet(() -> Registries.memoryStrategies().available().get(0));
        BatchingWithWork.Result r = BatchingWithWork.run(s, Registries.disciplines().require("spsc"),
                Interleaving.draw(7, "work", 0, 2, List.of("a", "b", "c", "d")), 320, 1 << 20, 7);
        assertEquals(4, r.forks().rows(), "empty and work, drain(1) and drain(32)");
        for (int row = 0; row < 4; row++) {
            assertEquals(2, r.forks().flat(row).length);
        }
        assertEquals(6, r.measurements("driver", s.name()).size());
        assertEquals(2, r.table(s.name()).rows().size());
        // The seed's batching results, from its catalogue: the speed-up judged on its band, the times reported.
        List<Claim> c = r.claims();
        assertEquals(List.of("001.batch-speedup", "001.batch-one-time", "001.batch-time"), c.stream().map(Claim::id).toList());
        Claim speedUp = c.get(0);
        assertEquals(SeedEntries.SEED.result("001.batch-speedup").band(), speedUp.judgement().band());
        assertEquals(2, speedUp.judgement().rounds());
        assertTrue(speedUp.judgement().hasInterval(), speedUp.toString());
        assertTrue(speedUp.measured().contains("ns/packet"), speedUp.measured());
        assertEquals(Claim.Verdict.REPORTED, c.get(1).verdict());
        assertEquals(Claim.Verdict.REPORTED, c.get(2).verdict());
        assertThrows(IllegalArgumentException.class, () -> BatchingWithWork.run(s, Registries.disciplines().require("spsc"),
                Interleaving.draw(7, "work", 0, 2, List.of("a", "b", "c")), 320, 1 << 20, 7));
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
