package org.ringlab.bench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.RecordJson;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.experiments.ExperimentRuns;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.ForkedRows;
import org.ringlab.bench.harness.Interleaving;
import org.ringlab.bench.harness.RoundOrder;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Table;

class DriverExperimentTest {

    @Test
    void tinyProfileMeasuresEveryPartOnEveryAvailableStrategy() {
        List<String> available = Registries.memoryStrategies().available().stream().map(MemoryStrategy::name).toList();
        assertFalse(available.isEmpty(), "no memory strategy available: the matrix would be empty");
        StringWriter progress = new StringWriter();
        ExperimentResult r = ExperimentRuns.run(new DriverExperiment(), "tiny", List.of(), List.of(), progress);
        ExperimentRuns.assertWellFormed(r, "driver");
        assertEquals("tiny", r.profile());

        Table a = r.tables().get(0);
        assertEquals(available, a.rows().stream().map(row -> row.get(0)).toList(), "one row of (a) per available strategy");
        Chart chart = r.charts().get(0);
        assertEquals(available, chart.categories());
        assertEquals(List.of("spsc", "locked-list"), List.copyOf(chart.series().keySet()));
        assertEquals(8, r.tables().size(), "(a), (c) with the one-thread figures, (f), (b), (g), (d), (e) and its sweep");
        for (String metric : List.of("spscOverLocked", "lockWait", "batch32OverBatch1", "mallocOverPool",
                "copyOverOffset", "loss", "wakeUps")) {
            assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals(metric)), "no " + metric + " measurement");
        }
        // every timed round is kept
        assertTrue(r.measurements().stream().filter(m -> !m.labels().get("part").startsWith("whole driver"))
                .allMatch(m -> m.samples().length == DriverProfile.named("tiny").repetitions()));
        var scenario = org.ringlab.bench.driver.scenario.ScenarioProfile.named("tiny");
        assertTrue(r.measurements().stream().filter(m -> m.labels().get("part").startsWith("whole driver"))
                .allMatch(m -> m.samples().length == scenario.forks() * (m.labels().get("part").endsWith("sweep")
                        ? scenario.sweepRepetitions() : scenario.repetitions())));
        // (e) comes from forks too (here run in this JVM): each figure carries its fork, so diff resamples them
        assertTrue(scenario.forks() >= 2, "tiny's (e) must have two forks at least");
        var whole = r.measurements().stream().filter(m -> m.labels().get("part").startsWith("whole driver")).toList();
        assertFalse(whole.isEmpty());
        for (var m : whole) {
            assertEquals(scenario.forks(), m.forkCount(), m.key());
        }
        for (var row : org.ringlab.bench.report.Diff.compare(whole, whole).rows()) {
            // not "single fork" nor "too few samples" ("A is 0" stays possible: tiny's runs lose nothing)
            assertTrue(!row.verdict().equals(org.ringlab.bench.report.Diff.SINGLE_FORK)
                    && !row.verdict().startsWith("too few"), row.a().key() + ": " + row.verdict());
        }

        // every measurable result of the seed's catalogue, judged once under its id; ringlab's goals apart
        List<String> seedIds = r.claims().stream().filter(c -> !c.goal()).map(Claim::id).sorted().toList();
        assertEquals(measurableIds(), seedIds);
        assertTrue(r.claims().stream().noneMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED), r.claims().toString());
        List<String> goals = r.claims().stream().filter(Claim::goal).map(Claim::id).toList();
        assertTrue(goals.contains("goal.spsc-over-locked-every-strategy"), goals.toString());
        for (Claim c : r.claims()) {
            assertFalse(c.claim().toLowerCase(java.util.Locale.ROOT).contains("issue"), c.claim());
            assertTrue(c.goal() != c.claim().startsWith("seed 001"), "a goal is not the seed's, a seed result is: " + c);
        }
        // the deterministic figures are exact: an interrupt per packet, no lock in spsc, no byte moved by an offset
        for (String id : List.of("001.napi-interrupt-rate", "001.ring-lock-wait", "001.skb-no-copy")) {
            Claim c = r.claims().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
            assertTrue(c.judgement().exact(), c.toString());
            assertEquals(Claim.Verdict.REPRODUCED, c.verdict(), c.toString());
        }

        // unavailable strategies are skipped with their reason, never dropped silently
        for (MemoryStrategy s : Registries.memoryStrategies().all()) {
            if (!s.availability().isAvailable()) {
                assertTrue(r.skipped().stream().anyMatch(k -> k.contains(s.name()) && k.contains(s.availability().reason())),
                        s.name() + " missing from skipped " + r.skipped());
            }
        }
        assertTrue(progress.toString().contains("spsc vs locked-list × " + available.get(0)), progress.toString());
    }

    @Test
    void filtersNarrowTheRunAndTheRestIsSkippedWithAReason() {
        MemoryStrategy first = Registries.memoryStrategies().available().get(0);
        ExperimentResult r = ExperimentRuns.run(new DriverExperiment(), "tiny", List.of(first.name()), List.of("spsc"),
                new StringWriter());
        ExperimentRuns.assertWellFormed(r, "driver");
        assertEquals(List.of(first.name()), r.tables().get(0).rows().stream().map(row -> row.get(0)).toList());
        assertTrue(r.skipped().stream().anyMatch(s -> s.startsWith("discipline locked-list: not selected")), r.skipped().toString());
        assertTrue(r.skipped().stream().anyMatch(s -> s.startsWith("discipline napi: not selected")), r.skipped().toString());
        assertTrue(r.measurements().stream().noneMatch(m -> "locked-list".equals(m.labels().get("discipline"))));
        // the seed's entries of the parts that need locked-list say why they were not measured
        for (String id : List.of("001.ring-speedup", "001.final-loss-ratio")) {
            Claim c = r.claims().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
            assertEquals(Claim.Verdict.NOT_MEASURED, c.verdict(), c.toString());
            assertTrue(c.measured().contains("locked-list"), c.measured());
        }
        assertEquals(measurableIds(), r.claims().stream().filter(c -> !c.goal()).map(Claim::id).sorted().toList());
    }

    @Test
    void forkedCellsMeasureEachStrategyInAFreshJvm() {
        List<String> two = Registries.memoryStrategies().available().stream().limit(2).map(MemoryStrategy::name).toList();
        ExperimentResult r = ExperimentRuns.run(new DriverExperiment(), "tiny", two, List.of("spsc", "locked-list"), true,
                new StringWriter());
        ExperimentRuns.assertWellFormed(r, "driver");
        assertEquals(two, r.tables().get(0).rows().stream().map(row -> row.get(0)).toList());
        assertTrue(r.skipped().stream().noneMatch(s -> s.contains("FAILED")), r.skipped().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("fresh JVMs ((a): 1 per strategy")), r.notes().toString());
        long cells = r.measurements().stream().filter(m -> m.metric().equals("spscOverLocked")
                && "one thread".equals(m.labels().get("threads"))).count();
        assertEquals(two.size(), cells);
    }

    @Test
    void forkedRowsSurviveTheTripAsOneJsonRecord() {
        double[][] rows = {{1.5, Double.NaN}, {2.25, 3}, {4e-9, 5e9}, {Double.NaN, 0}};
        double[][] back = RecordJson.read(RecordJson.write(new ForkedRows.Rows(rows)), ForkedRows.Rows.class).rows();
        assertEquals(rows.length, back.length);
        for (int i = 0; i < rows.length; i++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(rows[i], back[i]);
        }
        DriverPartTask task = new DriverPartTask("tiny", DriverPartTask.SPSC_VS_LOCKED, "heap-doubled", 1,
                List.of("spsc"), Interleaving.draw(1, "t", 0, 2, List.of("spsc")));
        assertEquals(task, RecordJson.read(RecordJson.write(task), DriverPartTask.class));
    }

    @Test
    void partsRunInSeveralFreshJvmsEachOnePairedRound() {
        int reps = DriverProfile.named("tiny").repetitionsPerFork();
        DriverPartTask task = new DriverPartTask("tiny", DriverPartTask.POOL, "", 1,
                DriverPartTask.alternatives(DriverPartTask.POOL), Interleaving.draw(1, "driver pool", 0, reps,
                DriverPartTask.alternatives(DriverPartTask.POOL)));
        assertEquals(task, RecordJson.read(RecordJson.write(task), DriverPartTask.class));
        ForkedRows pools = ForkedRows.run(task, 2, true, java.time.Duration.ofMinutes(5), line -> { });
        assertEquals(2, pools.forks().size());
        assertEquals(3, pools.rows(), "pool single-thread, pool spsc free list, malloc/free");
        boolean malloc = BufferLoops.mallocUnavailable().isEmpty();
        for (double[][] fork : pools.forks()) {
            for (int k = 0; k < fork.length; k++) {
                double[] row = fork[k];
                boolean skipped = k == 2 && !malloc;
                assertEquals(reps, row.length);
                assertTrue(java.util.Arrays.stream(row).allMatch(v -> skipped ? Double.isNaN(v)
                        : v > 0 && Double.isFinite(v)), java.util.Arrays.toString(row));
            }
        }
        org.ringlab.bench.report.Measurement m = org.ringlab.bench.report.Measurement.ofForks("driver",
                java.util.Map.of("part", "pool"), "allocateFree", "ns/op", false, false, pools.groups(2));
        assertEquals(2, m.groups().size(), "diff and the claims see two forks");
        assertEquals(2 * reps, pools.flat(2).length);
        assertEquals(pools.forks().get(1)[2][0] / pools.forks().get(1)[0][0], pools.ratioGroups(2, 0).get(1)[0]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DriverPartTask.alternatives("no-such-part"));
        assertTrue(e.getMessage().contains("'no-such-part'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new DriverPartTask("tiny", DriverPartTask.HEADER, "", 1,
                List.of("copy", "offset"), Interleaving.draw(1, "x", 0, 2, List.of("a", "b", "c"))));
        assertTrue(e.getMessage().contains("order of 3"), e.getMessage());
    }

    /**
     * Every part's repetitions run their alternatives in a seeded order drawn afresh and recorded
     * (RoundOrder's log, results.json's roundOrders): one order per timed repetition of each fork,
     * a permutation of the part's alternatives; the same seed draws the same orders, and they are
     * not all alike.
     */
    @Test
    void everyPartsOrderIsShuffledSeededAndRecorded() {
        MemoryStrategy first = Registries.memoryStrategies().available().get(0);
        RoundOrder.take();
        ExperimentRuns.run(new DriverExperiment(), "tiny", List.of(first.name()), List.of("spsc", "locked-list"),
                new StringWriter());
        List<RoundOrder.Drawn> drawn = RoundOrder.take();
        ExperimentRuns.run(new DriverExperiment(), "tiny", List.of(first.name()), List.of("spsc", "locked-list"),
                new StringWriter());
        assertEquals(drawn, RoundOrder.take(), "the same seed draws the same orders");
        DriverProfile tiny = DriverProfile.named("tiny");
        java.util.Map<String, List<RoundOrder.Drawn>> byScope = new java.util.TreeMap<>();
        drawn.forEach(d -> byScope.computeIfAbsent(d.scope(), k -> new java.util.ArrayList<>()).add(d));
        String on = " × " + first.name();
        for (String part : List.of(DriverPartTask.POOL, DriverPartTask.HEADER, DriverPartTask.BATCH_ONE_THREAD + on,
                DriverPartTask.BATCH_TWO_THREADS + on, DriverPartTask.WORK + on, DriverPartTask.SPSC_VS_LOCKED + on)) {
            List<RoundOrder.Drawn> d = byScope.get("driver " + part);
            assertTrue(d != null, "no order drawn for " + part + ": " + byScope.keySet());
            String name = part.split(" ")[0];
            List<String> alternatives = name.equals(DriverPartTask.SPSC_VS_LOCKED) ? List.of("spsc", "locked-list")
                    : DriverPartTask.alternatives(name);
            assertEquals(tiny.forks() * DriverPartTask.repetitions(tiny, name), d.size(), part);
            for (RoundOrder.Drawn x : d) {
                assertEquals(new java.util.TreeSet<>(alternatives), new java.util.TreeSet<>(x.order()), part);
                assertEquals(alternatives.size(), x.order().size(), part);
            }
        }
        assertTrue(byScope.containsKey("driver (e)") && byScope.containsKey("driver (a) strategies"), byScope.keySet().toString());
        // Over every part's repetitions the first alternative does not always run first.
        assertTrue(drawn.stream().map(d -> d.order().getFirst()).distinct().count() > 1
                && drawn.stream().anyMatch(d -> d.scope().startsWith("driver pool") && !d.order().getFirst()
                .equals("pool single-thread") || d.scope().startsWith("driver header") && !d.order().getFirst()
                .equals("copy")), drawn.toString());
    }

    static List<String> measurableIds() {
        return org.ringlab.bench.driver.scenario.SeedEntries.SEED.results().stream()
                .filter(org.ringlab.bench.catalogue.SeedResult::measurable)
                .map(org.ringlab.bench.catalogue.SeedResult::id).sorted().toList();
    }

    /** Every metric the catalogue's measurable entries name is one this experiment declares, and each declared one is judged. */
    @Test
    void theDeclaredMetricsAreExactlyTheCataloguesMeasurableOnes() {
        java.util.Set<String> named = new java.util.TreeSet<>();
        org.ringlab.bench.driver.scenario.SeedEntries.SEED.results().stream()
                .filter(org.ringlab.bench.catalogue.SeedResult::measurable).forEach(x -> named.add(x.metric()));
        assertEquals(named, new java.util.TreeSet<>(new DriverExperiment().metrics()));
    }

    /** (g): the copy moves the whole packet per operation, the offset nothing; both keep the payload intact. */
    @Test
    void headersByOffsetMoveNoByteAndByCopyTheWholePacket() {
        assertEquals(BufferLoops.HEADER_PACKET, BufferLoops.headerBytesMoved(true));
        assertEquals(0, BufferLoops.headerBytesMoved(false));
        double[][] rows = new DriverPartTask("tiny", DriverPartTask.HEADER, "", 1, List.of("copy", "offset"),
                Interleaving.draw(1, "driver header", 0, 2, List.of("copy", "offset"))).measure().rows();
        assertEquals(4, rows.length, "copy ns, offset ns, copy bytes moved, offset bytes moved");
        assertTrue(java.util.Arrays.stream(rows[0]).allMatch(v -> v > 0) && java.util.Arrays.stream(rows[1])
                .allMatch(v -> v > 0), java.util.Arrays.deepToString(rows));
        assertTrue(java.util.Arrays.stream(rows[3]).allMatch(v -> v == 0), java.util.Arrays.toString(rows[3]));
    }

    @Test
    void badProfileAndEmptyFiltersAreRejectedByName() {
        for (String profile : List.of("tiny", "quick", "full")) {
            assertEquals(profile, DriverProfile.named(profile).name());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExperimentRuns.run(new DriverExperiment(), "huge", List.of(), List.of(), new StringWriter()));
        assertTrue(e.getMessage().contains("'huge'") && e.getMessage().contains("tiny, quick, full"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExperimentRuns.run(new DriverExperiment(), "tiny",
                List.of("no-such-strategy"), List.of(), new StringWriter()));
        assertTrue(e.getMessage().contains("no-such-strategy"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExperimentRuns.run(new DriverExperiment(), "tiny",
                List.of(), List.of("broadcast"), new StringWriter()));
        assertTrue(e.getMessage().contains("broadcast"), e.getMessage());
    }

    @Test
    void foundByServiceLoader() {
        assertTrue(ServiceLoader.load(Experiment.class).stream().anyMatch(p -> p.type() == DriverExperiment.class));
    }

    /** The quick profile (or {@code -Dringlab.measure.profile=…}), measured and printed: {@code -Dringlab.measure=driver}. */
    @Test
    @EnabledIfSystemProperty(named = "ringlab.measure", matches = ".*driver.*")
    void quickProfileFigures() {
        long start = System.nanoTime();
        StringWriter progress = new StringWriter();
        ExperimentResult r = ExperimentRuns.run(new DriverExperiment(),
                System.getProperty("ringlab.measure.profile", "quick"), List.of(), List.of(), progress);
        double seconds = (System.nanoTime() - start) / 1e9;
        ExperimentRuns.assertWellFormed(r, "driver");
        System.out.println(ExperimentRuns.render(r));
        System.out.printf("driver %s profile: wall time %.1f s%n", r.profile(), seconds);
    }
}
