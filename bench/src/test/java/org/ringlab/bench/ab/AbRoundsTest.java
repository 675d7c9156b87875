package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.fixtures.SeededFigureTestExperiment;
import org.ringlab.bench.fixtures.ThirdPartyTestExperiment;
import org.ringlab.bench.util.Platform;

/**
 * {@code ringlab ab} of a build against itself, end to end through real child JVMs of that
 * build (this test class path, where the fixtures are experiments): seeded order, paired
 * rounds, ratios. No timing is asserted: the seeded fixture's "timed" figures come from its
 * seed, so both sides report the same samples and every ratio must be exactly 1.
 */
class AbRoundsTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    private static BuildUnderTest self() {
        return BuildUnderTest.ofClassPath("self", System.getProperty("java.class.path"));
    }

    @Test
    void aBuildAgainstItselfRunsInTheSeededOrderAndItsSeededFiguresHaveRatioOne(@TempDir Path dir) throws IOException {
        List<String> experiments = List.of(SeededFigureTestExperiment.ID, ThirdPartyTestExperiment.ID);
        AbRounds.Plan plan = new AbRounds.Plan(experiments, "tiny", 5, List.of(), List.of(), false, 3, null, TIMEOUT);
        List<String> progress = new ArrayList<>();
        BuildUnderTest self = self();
        List<AbRounds.RoundRun> runs = AbRounds.run(plan, self, self, AbRounds.forked(TIMEOUT), dir.resolve("logs"),
                progress::add);

        assertEquals(6, runs.size(), runs.toString());
        for (int round = 0; round < 3; round++) {
            int r = round;
            List<String> ran = runs.stream().filter(x -> x.round() == r).map(AbRounds.RoundRun::experiment).toList();
            assertEquals(RoundOrder.permute(5, "ab", r, experiments), ran, "round " + (r + 1) + "'s experiment order");
            for (AbRounds.RoundRun x : runs.stream().filter(x -> x.round() == r).toList()) {
                assertEquals(RoundOrder.permute(5, "ab " + x.experiment(), r, List.of("A", "B")), x.order());
                assertEquals(1, x.a().repetitions().size());
                assertEquals(1, x.b().repetitions().size());
            }
        }
        assertEquals(12, progress.size(), progress.toString());
        try (var logs = Files.list(dir.resolve("logs"))) {
            assertEquals(12, logs.count(), "one log per child");
        }

        AbFigures.Result result = AbFigures.judge(experiments, runs);
        Map<String, AbFigures.Row> byKey = result.rows().stream()
                .collect(Collectors.toMap(AbFigures.Row::key, Function.identity()));
        List<AbFigures.Row> seeded = result.rows().stream()
                .filter(r -> r.experiment().equals(SeededFigureTestExperiment.ID)).toList();
        assertEquals(2, seeded.size(), result.toString());
        for (AbFigures.Row row : seeded) {
            assertEquals(1.0, row.estimate().ratio(), 0.0, row.toString());
            assertTrue(row.estimate().low() <= 1 && row.estimate().high() >= 1, "interval includes 1: " + row);
            assertFalse(row.estimate().excludes(1));
            assertEquals(AbFigures.Verdict.SAME, row.verdict());
            assertEquals(3, row.roundRatios().length);
        }
        assertTrue(result.leftOut().stream().anyMatch(s -> s.startsWith(SeededFigureTestExperiment.ID)
                && s.contains("not timings")), result.leftOut().toString());
        // The real sort timing: judged over the three rounds, its verdict left to the noise.
        AbFigures.Row sort = byKey.values().stream().filter(r -> r.metric().equals("sort")).findFirst().orElseThrow();
        assertEquals(3, sort.roundRatios().length);
        assertTrue(sort.estimate().ratio() > 0 && Double.isFinite(sort.estimate().ratio()), sort.toString());

        AbReport.AbJson json = AbReport.json("ringlab ab self self", self, self, plan, "now", 1.0, Map.of(), runs, result);
        Path file = dir.resolve(AbReport.JSON);
        AbReport.write(file, json);
        JsonNode tree = RecordJson.mapper().readTree(file.toFile());
        assertEquals(AbReport.FORMAT, tree.get("format").asText());
        assertEquals(6, tree.get("order").size());
        assertEquals(runs.getFirst().order().getFirst(), tree.get("order").get(0).get("sides").get(0).asText());
        assertEquals(result.rows().size(), tree.get("figures").size());
        String text = AbReport.render(json, result, false);
        assertTrue(text.contains("3 figures: ") && text.contains("same"), text);
    }

    @Test
    void aDuetRunsBothSidesPinnedAndPairsTheirRepetitions(@TempDir Path dir) {
        assumeTrue(Platform.threads().isPresent(), "no CPU affinity here: " + Platform.unavailabilityCause());
        java.util.BitSet cpus = Platform.requireThreads().currentThreadAffinity();
        int first = cpus.nextSetBit(0);
        int second = cpus.nextSetBit(first + 1);
        assumeTrue(second > 0, "a duet needs two CPUs, this process may use " + cpus);
        assumeTrue(tasksetWorks(first), "taskset is not available");
        AbRounds.Plan plan = new AbRounds.Plan(List.of(SeededFigureTestExperiment.ID), "tiny", 9, List.of(), List.of(),
                false, 2, new AbRounds.Duet(first, second, 2), TIMEOUT);
        BuildUnderTest self = self();
        List<AbRounds.RoundRun> runs = AbRounds.run(plan, self, self, AbRounds.forked(TIMEOUT), dir, s -> { });
        assertEquals(2, runs.size());
        for (AbRounds.RoundRun r : runs) {
            assertEquals(List.of("A+B"), r.order());
            assertEquals(2, r.a().repetitions().size(), "two synchronized repetitions");
            assertEquals(2, r.b().repetitions().size());
        }
        AbFigures.Result result = AbFigures.judge(plan.experiments(), runs);
        assertEquals(2, result.rows().size());
        result.rows().forEach(row -> assertEquals(AbFigures.Verdict.SAME, row.verdict(), row.toString()));
    }

    private static boolean tasksetWorks(int cpu) {
        try {
            Process p = new ProcessBuilder("taskset", "-c", Integer.toString(cpu), "true").redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
