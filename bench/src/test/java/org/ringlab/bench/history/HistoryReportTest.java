package org.ringlab.bench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.util.Sizes;

/**
 * The claims built from synthetic rounds: every measurable entry of seed 000's catalogue gets a
 * claim, exact figures are always decided, and a figure far from the seed's (the steady state's
 * cache effect, a read faster instead of slower) differs rather than passing a one-sided floor.
 */
class HistoryReportTest {

    private static final String BASE = "doubled";
    private static final String CAND = "mirrored-memfd";
    private static final long SMALL = 4 * Sizes.KIB;
    private static final long SEED = Profile.SEED_ELEMENT;
    private static final long RING = Profile.SEED_RING_BYTES;
    private static final int ROUNDS = 3;

    @Test
    void everyMeasurableEntryOfSeed000GetsAClaim() {
        List<Claim> claims = report(seedLikeColds()).claims();
        Set<String> produced = claims.stream().map(Claim::id).collect(Collectors.toCollection(TreeSet::new));
        for (SeedResult r : SeedCatalogue.load("000").results()) {
            if (r.measurable()) {
                assertTrue(produced.contains(r.id()), "no claim for " + r.id() + "; produced " + produced);
            }
        }
        assertTrue(produced.stream().allMatch(id -> id.startsWith("000.")), produced.toString());
    }

    @Test
    void exactFiguresAreNeverInconclusive() {
        SeedCatalogue seed = SeedCatalogue.load("000");
        for (Claim c : report(seedLikeColds()).claims()) {
            if (seed.result(c.id()).exact()) {
                assertTrue(c.verdict() == Claim.Verdict.REPRODUCED || c.verdict() == Claim.Verdict.DIFFERS
                        || c.verdict() == Claim.Verdict.REPORTED, c.id() + ": " + c.verdict() + " " + c.measured());
            }
        }
    }

    @Test
    void theSeedsConditionsReproduceAndTheSteadyStatesCacheEffectDiffers() {
        List<Claim> claims = report(seedLikeColds()).claims();
        Claim cold = only(claims, "000.write-ratio", false, null);
        assertEquals(Claim.Verdict.REPRODUCED, cold.verdict(), cold.measured());
        assertTrue(cold.measured().contains("minor faults doubled 5760, mirrored-memfd 2880"), cold.measured());
        // 11x at one page: far above the seed's 2x, which a floor of 1.8x had let through.
        Claim small = only(claims, "000.write-ratio", true, "4KiB elements");
        assertEquals(Claim.Verdict.DIFFERS, small.verdict(), small.measured());
        assertEquals(Claim.Verdict.REPRODUCED, only(claims, "000.write-ratio", true, "240KiB elements").verdict());
        // A steady-state read 0.58x as long is not the seed's slower read.
        Claim read = only(claims, "000.read-ratio", true, "240KiB elements");
        assertEquals(Claim.Verdict.DIFFERS, read.verdict(), read.measured());
        assertEquals(Claim.Verdict.REPRODUCED, only(claims, "000.read-ratio", false, null).verdict());
        assertEquals(Claim.Verdict.REPRODUCED, only(claims, "000.rss-ratio", false, null).verdict());
        assertEquals(Claim.Verdict.REPRODUCED, only(claims, "000.write-faults-doubled", false, null).verdict());
        assertEquals(Claim.Verdict.REPRODUCED, only(claims, "000.linearize-equals-double", false, null).verdict());
        assertEquals(Claim.Verdict.REPORTED, only(claims, "000.pmap-totals", false, null).verdict());
        for (int i = 0; i < 4; i++) {
            assertEquals(Claim.Verdict.REPRODUCED, only(claims, "000.example-sum-" + i, false, null).verdict());
        }
        // The zero-filled doubled array faults in all of its 2N on the read run: a measured cause.
        Claim faults = only(claims, "000.read-faults-doubled", false, null);
        assertEquals(Claim.Verdict.DIFFERS, faults.verdict());
        assertTrue(faults.measured().contains("5760 faults (exact)") && faults.measured().contains("where conditions differ"),
                faults.measured());
        assertFalse(claims.stream().anyMatch(c -> c.claim().contains("≥ 1.8") || c.claim().contains("issue")),
                claims.toString());
    }

    @Test
    void wrongExampleSumsDiffer() {
        List<ColdResult> colds = new ArrayList<>();
        for (ColdResult c : seedLikeColds()) {
            colds.add(c.strategy().equals(CAND) ? new ColdResult(c.strategy(), c.plan(), c.writeNs(), c.writeCpuNs(),
                    c.writeFaults(), c.writePss(), c.writeRss(), c.writeVsz(), c.readNs(), c.readCpuNs(), c.readFaults(),
                    new long[] {0, 4096, 8192, 12288, 24576}, true, null, c.round()) : c);
        }
        Claim c = only(report(colds).claims(), "000.example-sum-0", false, null);
        assertEquals(Claim.Verdict.DIFFERS, c.verdict(), c.measured());
    }

    @Test
    void withoutColdRunsEveryEntryIsNotMeasuredNeverSilentlyAbsent() {
        List<Claim> claims = report(List.of()).claims();
        Claim c = only(claims, "000.write-faults-mirrored", false, null);
        assertEquals(Claim.Verdict.NOT_MEASURED, c.verdict());
        assertNotEquals("", c.measured());
        assertEquals(5, claims.stream().filter(x -> x.id().startsWith("000.example-")).count());
    }

    private static Claim only(List<Claim> claims, String id, boolean steady, String size) {
        List<Claim> found = claims.stream().filter(c -> c.id().equals(id)
                && c.claim().contains("steady state") == steady && (size == null || c.claim().contains(size))).toList();
        assertEquals(1, found.size(), id + " " + size + ": " + found);
        return found.getFirst();
    }

    private static HistoryReport report(List<ColdResult> colds) {
        List<MemoryStrategy> strategies = List.of(strategy(BASE), strategy(CAND), strategy("linearize"));
        HistoryPlan plan = new HistoryPlan(Profile.QUICK, strategies, List.of(SMALL, SEED), RING, 0, 5, true, 1, null,
                List.of(), BASE, CAND);
        List<CellResult> cells = new ArrayList<>();
        for (int r = 0; r < ROUNDS; r++) {
            double wobble = 1 + 0.01 * r;
            // One page: the doubled array's 2N spills the cache, 11x; the seed's element: 2x.
            cells.add(cell(BASE, SMALL, 1100 * wobble, 4e6, 2.0, SMALL, 0, r));
            cells.add(cell(CAND, SMALL, 100 * wobble, 2.3e6, 1.0, 0, 0, r));
            cells.add(cell(BASE, SEED, 40_000 * wobble, 4e6, 2.0, SEED, 0, r));
            cells.add(cell(CAND, SEED, 20_000, 2.3e6 * wobble, 1.0, 0, 0, r));
            cells.add(cell("linearize", SEED, 20_000, 6e6, 1.0, 0, RING, r));
        }
        return new HistoryReport(plan, cells, colds, 1);
    }

    private static MemoryStrategy strategy(String name) {
        return Registries.memoryStrategies().all().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no strategy " + name + " discovered"));
    }

    private static CellResult cell(String strategy, long element, double writeNs, double readNs, double pssPerN,
                                   double extraPerPut, double extraPerRead, int round) {
        long capacity = HistoryCell.capacityFor(RING, element, 4096);
        return new CellResult(strategy, element, capacity, capacity / element, new double[] {writeNs, writeNs * 1.01},
                new double[] {readNs, readNs * 1.01}, pssPerN * capacity, pssPerN * capacity, pssPerN * capacity,
                extraPerPut, extraPerRead, true, null, round);
    }

    /** Cold runs as the seed's mechanism predicts them on this VM: 2x the time and faults, 2N vs N. */
    private static List<ColdResult> seedLikeColds() {
        ColdRun.ColdPlan plan = Profile.QUICK.coldPlan();
        long pages = RING / 4096;
        List<ColdResult> out = new ArrayList<>();
        for (int r = 0; r < ROUNDS; r++) {
            double w = 1 + 0.01 * r;
            out.add(new ColdResult(BASE, plan, (long) (600e6 * w), (long) (590e6 * w), 2 * pages, 2 * RING + 4096,
                    2 * RING + 4096, 2 * RING + 4096, (long) (22.8e6 * w), (long) (22e6 * w), 2 * pages, new long[0],
                    true, null, r));
            out.add(new ColdResult(CAND, plan, 300_000_000, 295_000_000, pages, RING, RING, 2 * RING, 27_700_000,
                    25_900_000, 48, new long[] {12288, 16384, 20480, 24576, 73728}, true, null, r));
        }
        return out;
    }
}
