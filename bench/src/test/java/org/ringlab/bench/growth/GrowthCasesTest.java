package org.ringlab.bench.growth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.experiments.ExperimentRuns;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;

class GrowthCasesTest {

    @Test
    void theEvaluationGrowsToThePowerOfTwoAndJustPastItAndJudgesTheSeedOnTheWorstCase() {
        assertEquals(List.of(4L << 20, 5L << 20), GrowthProfile.TINY.caseTargets());
        assertEquals(List.of(64L << 20, 65L << 20), GrowthProfile.QUICK.caseTargets());
        ExperimentResult r = ExperimentRuns.run(new GrowthExperiment(), "tiny", List.of("copy-doubling-heap", "mremap"),
                List.of(), new StringWriter());
        Set<String> finals = r.measurements().stream().map(m -> m.labels().get("final")).collect(Collectors.toSet());
        assertEquals(Set.of(GrowthCases.label(4L << 20), GrowthCases.label(5L << 20)), finals);
        assertTrue(GrowthCases.label(5L << 20).contains("worst case"));
        assertTrue(GrowthCases.label(4L << 20).contains("best case"));

        // Doubling from 1 MiB copies 1 + 2 MiB to reach 4 MiB, 1 + 2 + 4 MiB to reach 5 MiB: exact counters.
        assertEquals(3L << 20, copied(r, 4L << 20), 0.0);
        assertEquals(7L << 20, copied(r, 5L << 20), 0.0);

        Claim copy = r.claims().stream().filter(c -> c.claim().startsWith("seed 002: copy-doubling-heap needs about 3x"))
                .findFirst().orElseThrow(() -> new AssertionError(r.claims().toString()));
        assertTrue(copy.claim().contains("judged on the worst case, final size 5MiB"), copy.claim());
        assertTrue(copy.measured().contains("best case (4MiB)"), copy.measured());
        assertTrue(copy.judgement().hasInterval() && copy.judgement().threshold() > 0, "judged on an interval: " + copy);
        assertEquals(2, r.tables().size(), "one table per final size");
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("differs from seed 002")), r.notes().toString());
    }

    private static double copied(ExperimentResult r, long target) {
        Measurement m = r.measurements().stream().filter(x -> x.metric().equals("bytesCopied")
                        && x.labels().get("strategy").equals("copy-doubling-heap")
                        && x.labels().get("final").equals(GrowthCases.label(target)))
                .findFirst().orElseThrow();
        assertTrue(m.stats().min() == m.stats().max(), "a counter: " + m);
        return m.median();
    }
}
