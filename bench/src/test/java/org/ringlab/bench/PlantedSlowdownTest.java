package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.fixtures.SlowedTestStrategy;
import org.ringlab.bench.harness.RepetitionBudget;
import org.ringlab.bench.history.HistoryExperiment;
import org.ringlab.bench.history.HistoryPlan;
import org.ringlab.bench.history.Profile;
import org.ringlab.bench.report.Diff;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.NoiseFloor;
import org.ringlab.bench.report.Progress;

/**
 * The planted-slowdown check of issue 15 (a timing, so not in the default build): doubled and
 * {@link SlowedTestStrategy} (doubled + ~15 % work) are measured as the quick profile does,
 * in interleaved forked rounds; the slowed figures, relabelled as doubled's, are diffed
 * against doubled's, and every write figure must be called "slower". Run on an idle machine:
 * {@code RINGLAB_TEST_SLOWED=1 mvn -o -pl bench test -Dtest=PlantedSlowdownTest}. With
 * {@value #FLOOR}{@code =noise-floor.json} (from {@code ringlab noise} on an A/A pair) every write
 * must also clear doubled's A/A floor; with {@value #PROFILE}{@code =full} the history runs with the
 * full profile (5 forks a side, 11 repetitions each). Both tables go to {@code target/planted-slowdown.txt}.
 */
@EnabledIfEnvironmentVariable(named = SlowedTestStrategy.ENABLE, matches = ".+")
class PlantedSlowdownTest {

    /** The environment variable naming a noise floor file the planted slowdown must also clear. */
    static final String FLOOR = "RINGLAB_NOISE_FLOOR";
    /** The environment variable naming the history profile to measure with ({@code quick}, the default, or {@code full}). */
    static final String PROFILE = "RINGLAB_TEST_SLOWED_PROFILE";

    @Test
    void diffCallsAPlantedFifteenPercentSlowdownSlower() {
        MemoryStrategy doubled = Registries.memoryStrategies().find(SlowedTestStrategy.WRAPPED).orElseThrow();
        MemoryStrategy slowed = Registries.memoryStrategies().find(SlowedTestStrategy.NAME).orElseThrow();
        Profile p = Profile.parse(System.getenv().getOrDefault(PROFILE, Profile.QUICK.id()));
        HistoryPlan plan = new HistoryPlan(p, List.of(doubled, slowed), Profile.DEFAULT_SIZES, p.ringBytes(), p.warmup(),
                p.repetitions(), true, 1, null, List.of(), doubled.name(), slowed.name(),
                new RepetitionBudget(p.budget().minRounds(), p.budget().minRounds(), 0), null);
        StringWriter log = new StringWriter();
        List<Measurement> all = new HistoryExperiment().run(plan, new Progress(new PrintWriter(log, true)))
                .result().measurements();
        List<Measurement> a = new ArrayList<>();
        List<Measurement> b = new ArrayList<>();
        for (Measurement m : all) {
            if (m.labels().get("strategy").equals(doubled.name())) {
                a.add(m);
            } else {
                Map<String, String> labels = new LinkedHashMap<>(m.labels());
                labels.put("strategy", doubled.name());
                b.add(new Measurement(m.experiment(), labels, m.metric(), m.unit(), m.higherIsBetter(),
                        m.deterministic(), m.samples(), m.forks()));
            }
        }
        Diff.Result r = Diff.compare(a, b);
        String table = Diff.render(r, "doubled", "doubled + 15 % work");
        List<Diff.Row> writes = r.rows().stream().filter(row -> row.a().metric().equals("write")).toList();
        assertEquals(Profile.DEFAULT_SIZES.size(), writes.size(), table);
        String floorFile = System.getenv(FLOOR);
        Diff.Result floored = null;
        if (floorFile != null) {
            NoiseFloor floor = NoiseFloor.read(java.nio.file.Path.of(floorFile));
            floored = Diff.withFloor(r, floor.byKey(), "Noise floor: " + floorFile);
            table += "\n" + Diff.render(floored, "doubled", "doubled + 15 % work");
        }
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("target", "planted-slowdown.txt"), table);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (Diff.Row row : writes) {
            assertEquals("slower", row.verdict(), row.a().combination() + "\n" + table + "\n" + log);
            assertTrue(row.ratio() > 1.05, table);
        }
        if (floored != null) {
            List<Diff.Row> flooredWrites = floored.rows().stream().filter(row -> row.a().metric().equals("write"))
                    .toList();
            for (Diff.Row row : flooredWrites) {
                assertTrue(row.floored(), "the floor covers " + row.a().key() + "\n" + table);
                assertEquals("slower", row.verdict(), row.a().combination() + " against its A/A floor\n" + table);
            }
        }
    }
}
