package org.ringlab.bench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.Experiments;

class SeedCatalogueTest {

    @Test
    void everySeedHasACatalogueWithResults() {
        for (SeedCatalogue c : SeedCatalogue.all()) {
            assertFalse(c.results().isEmpty(), "seed " + c.seed() + "'s catalogue lists no result");
            assertFalse(c.title().startsWith("TODO"), "seed " + c.seed() + " has no title");
        }
    }

    @Test
    void everyMeasurableEntryNamesAMetricAnExperimentProduces() {
        Set<String> produced = new HashSet<>();
        for (Experiment e : Experiments.all()) {
            for (String m : e.metrics()) {
                assertTrue(m.startsWith(e.id() + "."), "experiment " + e.id() + " declares metric '" + m
                        + "', which does not start with its id");
                produced.add(m);
            }
        }
        List<String> orphans = new ArrayList<>();
        for (SeedCatalogue c : SeedCatalogue.all()) {
            for (SeedResult r : c.results()) {
                if (r.measurable() && !produced.contains(r.metric())) {
                    orphans.add(r.id() + " -> " + r.metric());
                }
            }
        }
        assertEquals(List.of(), orphans, "catalogue entries whose metric no experiment produces");
    }

    @Test
    void aBandIsTwoSidedAroundTheSeedsFigure() {
        SeedResult r = result("band", 2.0, null, "timed");
        assertEquals(1.6, r.band().lower(), 1e-12);
        assertEquals(2.5, r.band().upper(), 1e-12);
        assertEquals(Claim.Verdict.REPRODUCED, r.judge(new Estimate(2.1, 1.9, 2.3, 5, 10), "").verdict());
        assertEquals(Claim.Verdict.DIFFERS, r.judge(new Estimate(11.4, 10.0, 13.0, 5, 10), "").verdict(),
                "far above the seed's figure is not a reproduction");
        assertEquals(Claim.Verdict.DIFFERS, r.judge(new Estimate(1.0, 0.9, 1.1, 5, 10), "").verdict());
        assertEquals(Claim.Verdict.INCONCLUSIVE, r.judge(new Estimate(2.4, 2.2, 2.7, 5, 10), "").verdict());
        assertEquals(Claim.Verdict.INCONCLUSIVE, r.judge(Estimate.NONE, "").verdict());
    }

    @Test
    void anExactFigureIsAlwaysDecided() {
        SeedResult r = result("band", 2.0, null, "exact");
        assertEquals(Claim.Verdict.REPRODUCED, r.judgeExact(2.0, "").verdict());
        assertEquals(Claim.Verdict.DIFFERS, r.judgeExact(1.0, "").verdict());
        assertEquals(Claim.Verdict.DIFFERS, r.judgeExact(2.6, "").verdict());
        assertThrows(IllegalStateException.class, () -> result("band", 2.0, null, "timed").judgeExact(2.0, ""));
    }

    @Test
    void aOneSidedSentenceGivesAOneSidedBand() {
        SeedResult r = result("at-most", 1.5, null, "timed");
        assertEquals(Claim.Verdict.REPRODUCED, r.judge(new Estimate(0.6, 0.5, 0.7, 5, 10), "").verdict());
        assertEquals(Claim.Verdict.DIFFERS, r.judge(new Estimate(1.7, 1.6, 1.8, 5, 10), "").verdict());
    }

    @Test
    void aBrokenCatalogueIsRefusedNamingTheEntry() {
        SeedResult noMetric = new SeedResult("000.x", "", "q", "q", "2×", 2.0, "×", "band", null, "", "", "timed", "",
                "", null);
        SeedCatalogue c = new SeedCatalogue("000", "t", "t", "a", "Russian", 2016, "s", List.of(noMetric));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.check("seed-000.json"));
        assertTrue(e.getMessage().contains("000.x"), e.getMessage());
        SeedResult wrongSeed = new SeedResult("001.x", "", "q", "q", "2×", 2.0, "×", "band", null, "", "history.w",
                "timed", "", "", null);
        assertThrows(IllegalStateException.class, () -> new SeedCatalogue("000", "t", "t", "a", "Russian", 2016, "s",
                List.of(wrongSeed)).check("seed-000.json"));
    }

    @Test
    void anUnmeasurableEntryCannotBeJudged() {
        SeedResult r = new SeedResult("000.y", "", "q", "q", "5887", 5887.0, " faults", "band", null, "", null, "exact",
                "", "", "needs hardware counters");
        assertEquals(Claim.Verdict.NOT_MEASURABLE, r.notMeasurableHere().verdict());
        assertThrows(IllegalStateException.class, () -> r.judgeExact(5887, ""));
    }

    private static SeedResult result(String form, Double value, Double bound, String kind) {
        return new SeedResult("000.t", "", "q", "q", "2×", value, "×", form, bound, "", "history.t", kind, "", "",
                null);
    }
}
