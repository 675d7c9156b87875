package org.ringlab.bench.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.catalogue.SeedResult;
import org.ringlab.bench.experiments.ExperimentRuns;
import org.ringlab.bench.harness.Fork;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Diff;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.Sizes;

class BroadcastExperimentTest {

    @Test
    void tinyProfileMeasuresEveryCombinationAndThePipe() {
        BroadcastProfile tiny = BroadcastProfile.named("tiny");
        StringWriter progress = new StringWriter();
        org.ringlab.bench.harness.RoundOrder.take();
        ExperimentResult r = ExperimentRuns.run(new BroadcastExperiment(), "tiny", List.of(), List.of(), progress);
        ExperimentRuns.assertWellFormed(r, "broadcast");
        assertOrdersDrawn(org.ringlab.bench.harness.RoundOrder.take(), tiny);

        Table inProcess = r.tables().get(0);
        int combinations = tiny.consumers().size() * tiny.recordSizes().size();
        assertTrue(combinations > 0);
        assertEquals(combinations, inProcess.rows().size(), "one row per consumers × size");
        for (List<String> row : inProcess.rows()) {
            assertTrue(row.get(5).endsWith("]") && row.get(5).contains("×"), "no ratio in " + row);
        }
        Chart chart = r.charts().get(0);
        assertEquals(tiny.recordSizes().size(), chart.categories().size());
        assertEquals(2 * tiny.consumers().size(), chart.series().size(), "a series per discipline × consumer count");
        assertEquals(2 * combinations, r.measurements().stream().filter(m -> m.metric().equals("delivered")).count());

        // single copy: broadcast assembles each record once, in its slot; copy-per-consumer in its
        // own buffer, then once per consumer
        int counted = 0;
        for (Measurement m : r.measurements()) {
            if (m.metric().equals("bytesWrittenPerRecord")) {
                int consumers = Integer.parseInt(m.labels().get("consumers").split(" ")[0]);
                long size = Sizes.parse(m.labels().get("size"));
                long copies = m.labels().get("discipline").equals("broadcast") ? 1 : 1 + consumers;
                assertEquals(size * copies, m.samples()[0], 0.0, m.key());
                counted++;
            }
        }
        assertEquals(2 * combinations, counted);

        Table pipe = r.tables().get(1);
        assertEquals(tiny.pipePackets().size(), pipe.rows().size());
        long packets = tiny.pipeBytes() / tiny.pipePackets().get(0);
        assertEquals(Long.toString(packets), pipe.rows().get(0).get(1));
        Measurement bad = r.measurements().stream().filter(m -> m.metric().equals("badHeaders")).findFirst().orElseThrow();
        assertEquals(packets / tiny.garbageEvery(), bad.samples()[0], 0.0, "every junk insertion is one bad header");
        assertTrue(bad.deterministic());

        assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals("expectedBroadcastOverCopy")));
        assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals("producerCpu")));
        assertEquals(3, r.tables().size(), "in-process, pipes, work bound");
        // every measurable entry of seed 003 has its claim; the goals carry goal ids and no seed word
        Map<String, Claim> byId = new java.util.LinkedHashMap<>();
        r.claims().forEach(c -> byId.put(c.id(), c));
        for (SeedResult e : BroadcastClaims.catalogue().results()) {
            assertEquals(e.measurable(), byId.containsKey(e.id()), e.id() + " in " + byId.keySet());
        }
        for (String goal : List.of("broadcast-over-copy", "in-process-gbps", "work-bound", "producer-cpu", "pipe-resync")) {
            Claim c = byId.get(Claim.GOAL + goal);
            assertTrue(c != null && !c.claim().toLowerCase(java.util.Locale.ROOT).contains("seed")
                    && !c.claim().contains("issue"), goal + ": " + c);
        }
        assertEquals(Claim.Verdict.REPRODUCED, byId.get("goal.pipe-resync").verdict(), byId.get("goal.pipe-resync").measured());
        // the counted copies are judged exactly, under the seed's conditions by default
        for (String id : List.of("003.one-copy", "003.baseline-copies", "003.one-memcpy-fewer")) {
            assertEquals(Claim.Verdict.REPRODUCED, byId.get(id).verdict(), byId.get(id).toString());
        }
        // the 1:1 gain is measured (tiny has a 1-consumer cell), whatever the timing gives
        assertTrue(byId.get("003.gain-1-to-1").verdict() != Claim.Verdict.NOT_MEASURED, byId.get("003.gain-1-to-1").toString());
        // tiny has no 4 × 64 KiB combination: the in-process goals are stated, not judged
        assertEquals(Claim.Verdict.NOT_MEASURED, byId.get("goal.broadcast-over-copy").verdict());

        for (MemoryStrategy s : Registries.memoryStrategies().all()) {
            if (!s.availability().isAvailable()) {
                assertTrue(r.skipped().stream().anyMatch(k -> k.contains(s.name()) && k.contains(s.availability().reason())),
                        s.name() + " missing from skipped " + r.skipped());
            }
        }
        assertTrue(progress.toString().contains("child JVM → pipe"), progress.toString());
        assertForked(r, tiny);
    }

    /** Every timed figure carries its fork (≥ 2), so claims and diff resample forks, then repetitions. */
    /**
     * Each cell's repetitions ran broadcast and copy-per-consumer in a seeded order drawn afresh
     * and recorded: one order per fork and repetition, both disciplines in each, the same orders
     * as {@link org.ringlab.bench.harness.Interleaving} draws from the run's seed, not all alike.
     */
    private static void assertOrdersDrawn(List<org.ringlab.bench.harness.RoundOrder.Drawn> drawn, BroadcastProfile p) {
        List<String> both = List.of(BroadcastExperiment.BROADCAST, BroadcastExperiment.COPY);
        for (int consumers : p.consumers()) {
            for (int size : p.recordSizes()) {
                String scope = "broadcast " + consumers + " × " + org.ringlab.bench.util.Sizes.format(size);
                List<List<String>> orders = drawn.stream().filter(d -> d.scope().equals(scope))
                        .map(org.ringlab.bench.harness.RoundOrder.Drawn::order).toList();
                assertEquals(p.forks() * p.repetitions(), orders.size(), scope + " in " + drawn);
                for (int f = 0; f < p.forks(); f++) {
                    var again = org.ringlab.bench.harness.Interleaving.draw(42, scope, f, p.repetitions(), both);
                    for (int r = 0; r < p.repetitions(); r++) {
                        assertEquals(again.at(r).stream().map(both::get).toList(), orders.get(f * p.repetitions() + r));
                    }
                }
            }
        }
        org.ringlab.bench.harness.RoundOrder.take();
        assertTrue(drawn.stream().map(d -> d.order().getFirst()).distinct().count() == 2, drawn.toString());
    }

    private static void assertForked(ExperimentResult r, BroadcastProfile profile) {
        assertTrue(profile.forks() >= 2, "profile " + profile.name() + " must fork twice at least");
        List<Measurement> timed = r.measurements().stream().filter(m -> !m.deterministic()).toList();
        assertTrue(timed.stream().anyMatch(m -> m.metric().equals("delivered")), "no delivered figure");
        assertTrue(timed.stream().anyMatch(m -> m.metric().equals("pipe")), "no pipe figure");
        for (Measurement m : timed) {
            assertEquals(profile.forks(), m.forkCount(), m.key());
            int perFork = m.metric().equals("pipe") ? profile.pipeRuns() : profile.repetitions();
            assertEquals(profile.forks() * perFork, m.samples().length, m.key());
        }
        // diff judges every timed figure: none is "single fork"
        for (Diff.Row row : Diff.compare(timed, timed).rows()) {
            assertTrue(!row.verdict().equals(Diff.SINGLE_FORK) && !row.verdict().startsWith("too few"),
                    row.a().key() + ": " + row.verdict());
        }
        Claim rounds = r.claims().stream().filter(c -> c.id().equals("goal.work-bound")).findFirst().orElseThrow();
        assertEquals(profile.forks(), rounds.judgement().rounds(), "the interval resamples forks: " + rounds);
    }

    /** The forks in child JVMs: each sends its cells and pipe runs back through Jackson. */
    @Test
    void forkedTinyProfileMeasuresEachForkInAChildJvm() {
        BroadcastProfile tiny = BroadcastProfile.named("tiny");
        StringWriter progress = new StringWriter();
        ExperimentResult r = ExperimentRuns.run(new BroadcastExperiment(), "tiny", List.of(), List.of(), true, progress);
        ExperimentRuns.assertWellFormed(r, "broadcast");
        assertForked(r, tiny);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("fresh JVM")), r.notes().toString());
        Claim resync = r.claims().stream().filter(c -> c.id().equals("goal.pipe-resync")).findFirst().orElseThrow();
        assertEquals(Claim.Verdict.REPRODUCED, resync.verdict(), resync.measured());
        assertTrue(progress.toString().contains("broadcast fork 2 of " + tiny.forks()), progress.toString());
    }

    @Test
    void disciplineFilterSkipsTheOtherWithAReason() {
        ExperimentResult r = ExperimentRuns.run(new BroadcastExperiment(), "tiny", List.of(), List.of("copy-per-consumer"),
                new StringWriter());
        ExperimentRuns.assertWellFormed(r, "broadcast");
        assertTrue(r.skipped().stream().anyMatch(s -> s.startsWith("discipline broadcast: not selected")), r.skipped().toString());
        assertEquals(2, r.tables().size(), "no pipe table without broadcast: in-process and the work bound");
        assertTrue(r.tables().stream().noneMatch(t -> t.title().contains("between processes")), r.tables().toString());
        List<String> pipeEntries = BroadcastClaims.catalogue().byMetric(BroadcastClaims.PIPE_GBPS).stream()
                .filter(SeedResult::measurable).map(SeedResult::id).toList();
        assertTrue(!pipeEntries.isEmpty());
        for (Claim c : r.claims()) {
            if (pipeEntries.contains(c.id())) {
                assertEquals(Claim.Verdict.NOT_MEASURED, c.verdict(), c.toString());
                assertTrue(c.measured().contains("broadcast not selected"), c.measured());
            }
        }
        // one discipline: the comparisons are not measured, and say why
        Claim gain = r.claims().stream().filter(c -> c.id().equals("003.gain-1-to-1")).findFirst().orElseThrow();
        assertEquals(Claim.Verdict.NOT_MEASURED, gain.verdict());
        assertTrue(gain.measured().contains("both broadcast and copy-per-consumer"), gain.measured());
    }

    @Test
    void badProfileAndEmptyFiltersAreRejectedByName() {
        for (String profile : List.of("tiny", "quick", "full")) {
            assertEquals(profile, BroadcastProfile.named(profile).name());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExperimentRuns.run(new BroadcastExperiment(), "medium", List.of(), List.of(), new StringWriter()));
        assertTrue(e.getMessage().contains("'medium'") && e.getMessage().contains("tiny, quick, full"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExperimentRuns.run(new BroadcastExperiment(), "tiny",
                List.of(), List.of("spsc"), new StringWriter()));
        assertTrue(e.getMessage().contains("spsc"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExperimentRuns.run(new BroadcastExperiment(), "tiny",
                List.of("no-such-strategy"), List.of(), new StringWriter()));
        assertTrue(e.getMessage().contains("no-such-strategy"), e.getMessage());
    }

    /** A fork whose child fails is an error naming the fork, its exit code, and the child's own words. */
    @Test
    void aFailingForkNamesItsCellAndTheChildsError() {
        BroadcastFork task = BroadcastFork.drawn(BroadcastProfile.named("tiny"), "no-such-strategy",
                List.of(BroadcastExperiment.BROADCAST), false, 1, true, 0);
        org.ringlab.bench.harness.RoundOrder.take();
        List<String> output = new java.util.ArrayList<>();
        Fork.ForkFailedException e = assertThrows(Fork.ForkFailedException.class,
                () -> Fork.run(task, java.time.Duration.ofMinutes(2), output::add));
        assertTrue(e.getMessage().contains(task.describe()) && e.getMessage().contains("exited with 1"), e.getMessage());
        assertTrue(output.stream().anyMatch(l -> l.contains("no-such-strategy")), output.toString());
    }

    /**
     * The copies each producer makes, counted on one small round per mode: broadcast assembling in
     * its slot writes a record once; copy-per-consumer assembling in its own buffer 1 + N times; a
     * record prepared once and offered, once per copy the queue makes.
     */
    @Test
    void theProducerAssemblesAsTheSeedsDesignsDo() throws InterruptedException {
        MemoryStrategy memory = Registries.memoryStrategies().all().stream().filter(s -> s.availability().isAvailable())
                .findFirst().orElseThrow();
        var broadcast = Registries.disciplines().require(BroadcastExperiment.BROADCAST);
        var copy = Registries.disciplines().require(BroadcastExperiment.COPY);
        int size = 256;
        long records = 2_000;
        for (int consumers : List.of(1, 3)) {
            assertEquals(1.0, copies(FanOut.run(broadcast, memory, size, consumers, records, 5, FanOut.Assembly.IN_SLOT)));
            assertEquals(1.0 + consumers, copies(FanOut.run(copy, memory, size, consumers, records, 5,
                    FanOut.Assembly.OWN_BUFFER)));
            assertEquals(1.0, copies(FanOut.run(broadcast, memory, size, consumers, records, 5, FanOut.Assembly.PREPARED)));
            assertEquals(consumers, copies(FanOut.run(copy, memory, size, consumers, records, 5,
                    FanOut.Assembly.PREPARED)));
        }
        BroadcastFork seedConditions = new BroadcastFork("tiny", memory.name(), List.of(), List.of(), false, 1,
                true);
        assertEquals(FanOut.Assembly.IN_SLOT, seedConditions.assembly(BroadcastExperiment.BROADCAST));
        assertEquals(FanOut.Assembly.OWN_BUFFER, seedConditions.assembly(BroadcastExperiment.COPY));
        BroadcastFork prepared = new BroadcastFork("tiny", memory.name(), List.of(), List.of(), false, 1,
                false);
        assertEquals(FanOut.Assembly.PREPARED, prepared.assembly(BroadcastExperiment.COPY));
    }

    private static double copies(FanOut.Round r) {
        return InProcess.copiesPerRecord(r.counters(), r.records(), r.recordSize());
    }

    @Test
    void noAssemblyOptionIsDescribedAndDefaultsToTheSeedsConditions() {
        BroadcastRunOptions o = new BroadcastRunOptions();
        assertTrue(o.assembly());
        assertEquals("", o.describe());
        new picocli.CommandLine(o).parseArgs("--no-assembly");
        assertTrue(!o.assembly());
        assertEquals(" --no-assembly", o.describe());
        assertTrue(new BroadcastExperiment().options().orElseThrow() instanceof BroadcastRunOptions);
    }

    @Test
    void childCommandRunsTheWriterWithThisJvmsPath() {
        List<String> cmd = PipeRun.child(List.of("4096", "1", "0", "7")).command();
        assertEquals(List.of("4096", "1", "0", "7"), cmd.subList(cmd.size() - 4, cmd.size()));
        assertTrue(cmd.get(cmd.size() - 5).endsWith(FramedPacketWriter.class.getName()), cmd.toString());
    }

    @Test
    void foundByServiceLoader() {
        assertTrue(ServiceLoader.load(Experiment.class).stream().anyMatch(p -> p.type() == BroadcastExperiment.class));
    }

    /** The quick profile (or {@code -Dringlab.measure.profile=…}), measured and printed: {@code -Dringlab.measure=broadcast}. */
    @Test
    @EnabledIfSystemProperty(named = "ringlab.measure", matches = ".*broadcast.*")
    void quickProfileFigures() {
        long start = System.nanoTime();
        ExperimentResult r = ExperimentRuns.run(new BroadcastExperiment(),
                System.getProperty("ringlab.measure.profile", "quick"), List.of(), List.of(), new StringWriter());
        double seconds = (System.nanoTime() - start) / 1e9;
        ExperimentRuns.assertWellFormed(r, "broadcast");
        System.out.println(ExperimentRuns.render(r));
        System.out.printf("broadcast %s profile: wall time %.1f s%n", r.profile(), seconds);
    }
}
