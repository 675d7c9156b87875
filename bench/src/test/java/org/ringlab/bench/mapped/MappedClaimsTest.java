package org.ringlab.bench.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Claim;

/** Seed 004's claims on synthetic repetitions: every measurable entry gets one, bands around the seed's figures. */
class MappedClaimsTest {

    /** Three repetitions of a configuration whose total is {@code ms}, a little noise per repetition. */
    private static PrefaultExperiment.Row row(PrefaultExperiment.Config c, double ms) {
        double[] total = {ms, ms * 1.02, ms * 0.99};
        return new PrefaultExperiment.Row(c, total, total, new double[3], new double[3], new double[3], total);
    }

    private static LatencyExperiment.Result latency(LatencyExperiment.Cell c, double over, double mean, double p90) {
        return new LatencyExperiment.Result(c, 10_000, new double[] {over, over * 1.1}, new double[] {mean, mean * 1.05},
                new double[] {p90, p90}, new double[] {p90, p90}, new double[] {p90, p90}, new double[] {p90, p90},
                new double[] {p90, p90});
    }

    @Test
    void everyMeasurableEntryGetsAClaimAndTheSeedsOwnFiguresReproduce() {
        List<PrefaultExperiment.Row> rows = new ArrayList<>();
        for (PrefaultExperiment.Config c : PrefaultExperiment.CONFIGS) {
            double seedMs = c.seeds() ? SeedCatalogue.load("004").result("004.prefault-" + c.key() + "-ms").value() : 50;
            rows.add(row(c, seedMs));
        }
        List<LatencyExperiment.Cell> cells = LatencyExperiment.cells(Path.of("/dev/shm"), Path.of("/tmp"));
        List<LatencyExperiment.Result> latency = new ArrayList<>();
        for (LatencyExperiment.Cell cell : cells) {
            double[] v = MappedClaims.COLUMNS.stream().mapToDouble(col -> SeedCatalogue.load("004")
                    .result("004.latency-" + cell.key() + "-" + col).value()).toArray();
            latency.add(latency(cell, v[0], v[1], v[2]));
        }
        List<Claim> claims = MappedClaims.of(rows, 256L << 20, latency);
        for (SeedResult e : SeedCatalogue.load("004").results()) {
            List<Claim> mine = claims.stream().filter(c -> c.id().equals(e.id())).toList();
            if (!e.measurable()) {
                assertEquals(List.of(), mine, "not measurable here, no claim: " + e.id());
                continue;
            }
            assertEquals(1, mine.size(), "one claim for " + e.id() + ": " + claims);
            Claim c = mine.getFirst();
            Claim.Verdict expected = "reported".equals(e.form()) ? Claim.Verdict.REPORTED : Claim.Verdict.REPRODUCED;
            assertEquals(expected, c.verdict(), "the seed's own figures agree with " + e.id() + ": " + c);
            assertTrue(!c.measured().contains("not the seed's 256 MB"), "256 MiB written: " + c.measured());
        }
    }

    @Test
    void populateFarFromTheSeedsSpeedUpDiffersAndAShortRunSaysSo() {
        List<PrefaultExperiment.Row> rows = new ArrayList<>();
        for (PrefaultExperiment.Config c : PrefaultExperiment.CONFIGS) {
            rows.add(row(c, c.key().equals("none") ? 100 : c.key().equals("populate") ? 90 : 40));
        }
        List<Claim> claims = MappedClaims.of(rows, 64L << 20, List.of());
        Claim populate = claims.stream().filter(c -> c.id().equals("004.prefault-populate-speedup")).findFirst()
                .orElseThrow();
        assertEquals(Claim.Verdict.DIFFERS, populate.verdict(), "1.1x against the seed's 2.68x: " + populate);
        assertTrue(populate.measured().contains("wrote 64 MiB per sample, not the seed's 256 MB"), populate.measured());
        assertTrue(claims.stream().filter(c -> c.id().startsWith("004.latency-"))
                .allMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED), "latency not run");
    }

    @Test
    void aRowWithoutAnySlowRecordHasNoRatio() {
        List<LatencyExperiment.Cell> cells = LatencyExperiment.cells(Path.of("/dev/shm"), Path.of("/tmp"));
        List<LatencyExperiment.Result> latency = List.of(latency(cells.get(0), 0, 18, 9), latency(cells.get(3), 0.5, 9, 7));
        Claim c = MappedClaims.of(List.of(), 256L << 20, latency).stream()
                .filter(x -> x.id().equals("004.latency-bind-m-over1ms-vs-disk")).findFirst().orElseThrow();
        assertEquals(Claim.Verdict.INCONCLUSIVE, c.verdict(), c.toString());
        assertTrue(c.measured().contains("a run with 0 has no ratio"), c.measured());
    }
}
