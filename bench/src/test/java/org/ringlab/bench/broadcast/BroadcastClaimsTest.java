package org.ringlab.bench.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.RoundPool;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.Judgement;

/**
 * Broadcast's claims on synthetic figures of the quick profile's nine cells (two forks of two
 * rounds each): pooled over every cell, the 4 × 64 KiB ratio's interval is finite and far
 * narrower than its own two forks' (df 1); a cell whose forks disagree far more keeps its own;
 * every measurable entry of seed 003's catalogue gets a claim, the counted copies judged exactly.
 */
class BroadcastClaimsTest {

    /** Fork 1's drift against fork 0 per cell: alike, a few per cent either way. */
    private static final double[] DRIFT = {1.03, 0.98, 1.02, 0.97, 1.04, 0.99, 1.01, 0.96, 1.03};

    private static List<double[]> forks(double fork0, double fork1) {
        return List.of(new double[] {fork0, fork0}, new double[] {fork1, fork1});
    }

    /** Broadcast 1.5× copy in every cell, fork 1 off by the cell's drift; at 4 × 64 KiB fork 1 × {@code lastDrift}. */
    private static InProcess figures(BroadcastProfile p, double lastDrift) {
        return figures(p, lastDrift, 1.5, 1);
    }

    /**
     * Broadcast {@code gain}× copy in every cell; copies per record: broadcast 1, copy-per-consumer
     * {@code assembly} + N (1 + N with the producer's assembly buffer).
     */
    private static InProcess figures(BroadcastProfile p, double lastDrift, double gain,
                                                         int assembly) {
        Map<String, List<double[]>> gbps = new LinkedHashMap<>();
        Map<String, List<double[]>> ratio = new LinkedHashMap<>();
        Map<String, List<double[]>> bound = new LinkedHashMap<>();
        Map<String, List<double[]>> cpu = new LinkedHashMap<>();
        Map<String, Double> copies = new LinkedHashMap<>();
        List<String> cells = p.consumers().stream().flatMap(c -> p.recordSizes().stream().map(s -> c + "|" + s)).toList();
        for (int i = 0; i < cells.size(); i++) {
            String k = cells.get(i);
            double drift = i == cells.size() - 1 ? lastDrift : DRIFT[i];
            gbps.put(BroadcastExperiment.BROADCAST + "|" + k, forks(4 * gain, 4 * gain * drift));
            gbps.put(BroadcastExperiment.COPY + "|" + k, forks(4, 4));
            ratio.put(k, forks(gain, gain * drift));
            int n = Integer.parseInt(k.substring(0, k.indexOf('|')));
            copies.put(BroadcastExperiment.BROADCAST + "|" + k, 1.0);
            copies.put(BroadcastExperiment.COPY + "|" + k, (double) assembly + n);
            bound.put(k, forks(1.5, 1.5));
            cpu.put(BroadcastExperiment.BROADCAST + "|" + k, forks(100, 100));
            cpu.put(BroadcastExperiment.COPY + "|" + k, forks(300, 300 * drift));
        }
        return new InProcess(cells, gbps, ratio, bound, cpu, copies);
    }

    private static Judgement ratioClaim(InProcess f, BroadcastProfile p) {
        Claim c = RoundPool.judge(pool -> InProcess.goals(pool, f, p)).getFirst();
        assertEquals("goal.broadcast-over-copy", c.id());
        assertTrue(c.claim().startsWith("broadcast ≥ 3× the throughput") && !c.claim().contains("seed"), c.claim());
        return c.judgement();
    }

    /** The pipe: 4 KiB and 64 KiB packets, two forks of one run each; 64 KiB the faster. */
    private static BroadcastClaims.Pipes pipes(double gbps) {
        return new BroadcastClaims.Pipes(List.of(4096, 65536),
                List.of(forks(gbps / 2, gbps / 2 * 1.01), forks(gbps, gbps * 1.02)), 1);
    }

    private static Map<String, Claim> seedClaims(InProcess f, BroadcastClaims.Pipes pipes,
                                                 BroadcastProfile p) {
        Map<String, Claim> out = new LinkedHashMap<>();
        for (Claim c : RoundPool.judge(pool -> BroadcastClaims.seedClaims(pool, f, pipes, p, m -> "absent " + m))) {
            assertEquals(null, out.put(c.id(), c), "two claims for " + c.id());
        }
        return out;
    }

    @Test
    void everyMeasurableEntryOfTheSeedGetsItsClaim() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        SeedCatalogue seed = BroadcastClaims.catalogue();
        List<String> measurable = seed.results().stream().filter(SeedResult::measurable).map(SeedResult::id).toList();
        assertTrue(measurable.size() > 5, measurable.toString());
        Map<String, Claim> claims = seedClaims(figures(quick, 1.0, 1.5, 1), pipes(2.9), quick);
        assertEquals(measurable, List.copyOf(claims.keySet()), "a claim per measurable entry, in the catalogue's order");
        for (SeedResult e : seed.results()) {
            if (e.measurable()) {
                assertTrue(new BroadcastExperiment().metrics().contains(e.metric()), e.id() + " -> " + e.metric());
                assertTrue(claims.get(e.id()).claim().contains(e.quoteEnglish()), claims.get(e.id()).claim());
            }
        }
        // Measured here: every metric but the two with no path yet.
        for (Claim c : claims.values()) {
            String metric = seed.result(c.id()).metric();
            if (BroadcastClaims.NOT_BUILT.containsKey(metric)) {
                assertEquals(Claim.Verdict.NOT_MEASURED, c.verdict(), c.toString());
            } else {
                assertTrue(c.verdict() != Claim.Verdict.NOT_MEASURED && Double.isFinite(c.judgement().ratio()),
                        c.toString());
            }
        }
        // Without figures every entry is still there, not measured, with the reason.
        Map<String, Claim> none = seedClaims(null, null, quick);
        assertEquals(measurable, List.copyOf(none.keySet()));
        assertTrue(none.values().stream().allMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED
                && c.measured().startsWith("not measured: ")), none.toString());
    }

    @Test
    void theCopiesAreJudgedExactlyAndTheBaselineNeedsItsAssemblyBuffer() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        Map<String, Claim> seed = seedClaims(figures(quick, 1.0, 1.25, 1), null, quick);
        for (String id : List.of("003.one-copy", "003.baseline-copies", "003.one-memcpy-fewer")) {
            Claim c = seed.get(id);
            assertEquals(Claim.Verdict.REPRODUCED, c.verdict(), c.toString());
            assertEquals(1, c.judgement().rounds(), "exact: " + c);
            assertEquals(c.judgement().low(), c.judgement().high(), "a point: " + c);
        }
        assertEquals(2.0, seed.get("003.baseline-copies").judgement().ratio(), 0.0, "1 + N at 1:1");
        // A baseline without the producer's assembly buffer copies N times: 1 at 1:1, not the seed's 2.
        Map<String, Claim> bare = seedClaims(figures(quick, 1.0, 1.25, 0), null, quick);
        assertEquals(Claim.Verdict.DIFFERS, bare.get("003.baseline-copies").verdict());
        assertEquals(1.0, bare.get("003.baseline-copies").judgement().ratio(), 0.0);
        // ... and saves (N − 1) / N copies per consumer, not one layer: the seed's figure needs the buffer too.
        assertEquals(Claim.Verdict.DIFFERS, bare.get("003.one-memcpy-fewer").verdict());
    }

    @Test
    void theOneToOneGainIsJudgedAsPerCentOnItsTwoSidedBand() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        SeedResult entry = BroadcastClaims.catalogue().result("003.gain-1-to-1");
        double inside = entry.value();
        Claim same = seedClaims(figures(quick, 1.0, 1 + inside / 100, 1), null, quick).get(entry.id());
        assertEquals(Claim.Verdict.REPRODUCED, same.verdict(), same.toString());
        assertEquals(inside, same.judgement().ratio(), 2, "the 1-consumer 64 KiB cell drifts 2 % between forks");
        // Twice the seed's figure is outside the band: a one-sided floor would have let it pass.
        Claim twice = seedClaims(figures(quick, 1.0, 1 + 2 * inside / 100, 1), null, quick).get(entry.id());
        assertEquals(Claim.Verdict.DIFFERS, twice.verdict(), twice.toString());
        assertTrue(twice.measured().contains("1 producer × 1 consumer, 64KiB"), twice.measured());
    }

    @Test
    void thePipeEntriesAreJudgedAtTheBestPacketSize() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        Map<String, Claim> c = seedClaims(null, pipes(1.34), quick);
        assertEquals(Claim.Verdict.REPRODUCED, c.get("003.10700u-linux-single-path").verdict(), c.toString());
        assertEquals(Claim.Verdict.REPRODUCED, c.get("003.over-10gbps").verdict());
        assertEquals(Claim.Verdict.DIFFERS, c.get("003.summary-3gbps").verdict());
        assertTrue(c.get("003.summary-3gbps").measured().contains("64KiB packets"), c.get("003.summary-3gbps").measured());
        assertEquals(Claim.Verdict.DIFFERS, seedClaims(null, pipes(1.0), quick).get("003.over-10gbps").verdict(),
                "1 GB/s is not above 10 Gbps");
    }

    @Test
    void theLargestCellsRatioPooledOverEveryCellIsFiniteAndNarrowerThanItsOwn() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        InProcess f = figures(quick, 1.05);
        String top = "4|65536";
        var own = SeedClaim.ratioOfForks(f.gbps().get(BroadcastExperiment.BROADCAST + "|" + top),
                f.gbps().get(BroadcastExperiment.COPY + "|" + top));
        Judgement pooled = ratioClaim(f, quick);

        assertEquals("t over 2 rounds", own.method());
        assertTrue(pooled.hasInterval(), pooled.toString());
        assertEquals("t over 2 rounds, round variance pooled over 9 claims (df 9)", pooled.method());
        assertTrue(Math.log(pooled.high() / pooled.low()) < Math.log(own.high() / own.low()) / 3,
                pooled.interval() + " vs its own " + own);
        // 1.5× against a goal of 3×: wholly below once pooled.
        assertTrue(pooled.high() < 3, pooled.interval());
    }

    @Test
    void theRatioChartDrawsTheClaimsIntervalsAndEachForksRatio() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        InProcess f = figures(quick, 1.05);
        org.ringlab.bench.report.Chart chart = InProcess.ratioChart(f, quick);
        Judgement claim = ratioClaim(f, quick);
        int largest = quick.recordSizes().indexOf(64 * 1024);
        assertEquals(claim.low(), chart.low().get("4 consumers")[largest], 1e-12, "the claim's pooled interval");
        assertEquals(claim.high(), chart.high().get("4 consumers")[largest], 1e-12);
        assertEquals(1.0, chart.reference());
        for (double[][] perSize : chart.points().values()) {
            for (double[] dots : perSize) {
                assertEquals(2, dots.length, "a dot per fork");
                assertEquals(1.5, dots[0], 1e-12, "fork 0's broadcast / copy");
            }
        }
        assertEquals(1.5 * 1.05, chart.points().get("4 consumers")[largest][1], 1e-12);
    }

    @Test
    void aCellWhoseForksDisagreeFarMoreIsNotPooled() {
        BroadcastProfile quick = BroadcastProfile.named("quick");
        Judgement j = ratioClaim(figures(quick, 3), quick);
        assertEquals("t over 2 rounds, not pooled: its rounds vary more than its pool's", j.method());
    }
}
