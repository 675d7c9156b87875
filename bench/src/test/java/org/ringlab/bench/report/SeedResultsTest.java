package org.ringlab.bench.report;

import org.ringlab.bench.harness.Claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.harness.Estimate;

class SeedResultsTest {

    private static final SeedResult WRITE = new SeedResult("000.write", "table 1", "в 2 раза быстрее",
            "twice as fast", "≈2×", 2.0, "×", "band", null, "11.25 MiB ring", "history.write", "timed", "same ring",
            "", null);
    private static final SeedResult FAULTS = new SeedResult("000.faults", "perf stat", "5887 page-faults",
            "5,887 page faults", "5887", 5887.0, " faults", "band", null, "", "history.faults", "exact", "", "", null);
    private static final SeedResult READ = new SeedResult("000.read", "table 2", "медленнее", "slower", "1.2×", 1.2,
            "×", "band", null, "", "history.read", "timed", "", "", null);
    private static final SeedResult MISSES = new SeedResult("000.misses", "perf", "кэш-промахи", "cache misses",
            "3×", 3.0, "×", "band", null, "", null, "exact", "", "", "no hardware counters in a VM");
    private static final SeedCatalogue CATALOGUE = new SeedCatalogue("000", "Кольцевой буфер", "A ring buffer",
            "author", "Russian", 2016, "what it measures", List.of(WRITE, FAULTS, READ, MISSES));

    @Test
    void everyEntryHasARowAndTheMissingOnesSayWhy() {
        Claim write = WRITE.judge(new Estimate(11.4, 10.9, 12.0, 5, 10), "4 KiB elements");
        Claim faults = FAULTS.judgeExact(5900, "getrusage");
        Claim goal = Claim.goal("spsc-over-agrona", new Claim("spsc ≥ 1.5× Agrona", "1.8×", Claim.Verdict.REPRODUCED));
        Section history = section("history", List.of(write, faults));
        Section anchors = section("anchors", List.of(goal));
        SeedResults r = SeedResults.of(List.of(CATALOGUE), List.of(history, anchors));

        List<SeedResults.Row> rows = r.seeds().getFirst().rows();
        assertEquals(4, rows.size(), "one row per entry, measured or not");
        assertEquals(Claim.Verdict.DIFFERS, rows.get(0).verdict(), "11.4× is far outside 2× ×/÷ 1.25");
        assertEquals(Claim.Verdict.REPRODUCED, rows.get(1).verdict());
        assertEquals(Claim.Verdict.NOT_MEASURED, rows.get(2).verdict());
        assertTrue(rows.get(2).claims().getFirst().measured().contains("ran but made no claim"),
                rows.get(2).claims().getFirst().measured());
        assertEquals(Claim.Verdict.NOT_MEASURABLE, rows.get(3).verdict());
        assertTrue(rows.get(3).claims().getFirst().measured().contains("no hardware counters"));
        assertEquals(1, r.goals().size());
        assertEquals("anchors", r.goals().getFirst().experiment());
        assertEquals(List.of(), r.others());
        assertTrue(r.decidedSummary().startsWith("This run decided 2 of the seeds' 3 measurable results"),
                r.decidedSummary());
    }

    @Test
    void anExperimentNotRunIsNamed() {
        SeedResults r = SeedResults.of(List.of(CATALOGUE), List.of(section("anchors", List.of())));
        assertTrue(r.seeds().getFirst().rows().getFirst().claims().getFirst().measured()
                .contains("experiment history was not run"));
    }

    @Test
    void theFirstPageListsEverySeedResultAndItsBandChartDrawsTheClaims() {
        Section history = section("history", List.of(WRITE.judge(new Estimate(2.1, 1.9, 2.3, 5, 10), "")));
        SeedResults r = SeedResults.of(List.of(CATALOGUE), List.of(history));
        ReportWriter.Run run = new ReportWriter.Run("ringlab", "quick", 1, true, List.of(), List.of(), Map.of(),
                "now", 1);
        String md = MarkdownReport.render(run, List.of(history), r);
        for (String id : List.of("000.write", "000.faults", "000.read", "000.misses")) {
            assertTrue(md.contains("| " + id + " |"), id + " is on the first page");
        }
        assertTrue(md.contains("«в 2 раза быстрее»"), "the seed's own words");
        assertTrue(md.contains("1.60 … 2.50"), "the band");
        String svg = BandChart.svg(r.seeds().getFirst()).orElseThrow();
        assertTrue(svg.contains("000.write") && !svg.contains("000.misses"), "only claims with a figure are drawn");
    }

    private static Section section(String id, List<Claim> claims) {
        return new Section(id, "000", "d", new ExperimentResult(id, "000", id, "quick", List.of(), List.of(), List.of(),
                claims, List.of(), List.of()), null, 1);
    }
}
