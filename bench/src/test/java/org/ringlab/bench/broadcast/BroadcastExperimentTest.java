package org.ringlab.bench.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
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
        ExperimentResult r = ExperimentRuns.run(new BroadcastExperiment(), "tiny", List.of(), List.of(), progress);
        ExperimentRuns.assertWellFormed(r, "broadcast");

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

        // single copy: broadcast writes each record once, copy-per-consumer once per consumer
        for (Measurement m : r.measurements()) {
            if (m.metric().equals("bytesWrittenPerRecord")) {
                int consumers = Integer.parseInt(m.labels().get("consumers").split(" ")[0]);
                long size = Sizes.parse(m.labels().get("size"));
                long copies = m.labels().get("discipline").equals("broadcast") ? 1 : consumers;
                assertEquals(size * copies, m.samples()[0], 0.0, m.key());
            }
        }

        Table pipe = r.tables().get(1);
        assertEquals(tiny.pipePackets().size(), pipe.rows().size());
        long packets = tiny.pipeBytes() / tiny.pipePackets().get(0);
        assertEquals(Long.toString(packets), pipe.rows().get(0).get(1));
        Measurement bad = r.measurements().stream().filter(m -> m.metric().equals("badHeaders")).findFirst().orElseThrow();
        assertEquals(packets / tiny.garbageEvery(), bad.samples()[0], 0.0, "every junk insertion is one bad header");
        assertTrue(bad.deterministic());

        List<String> claims = r.claims().stream().map(Claim::claim).toList();
        assertTrue(claims.stream().anyMatch(c -> c.contains("(N·W + N·R) / (W + N·R)")), claims.toString());
        assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals("expectedBroadcastOverCopy")));
        assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals("producerCpu")));
        assertEquals(3, r.tables().size(), "in-process, pipes, work bound");
        for (String goal : List.of("≥ 3× the throughput of copy-per-consumer", "≥ 3 GB/s", "between processes",
                "resynchronises")) {
            assertTrue(claims.stream().anyMatch(c -> c.contains(goal)), "no claim about " + goal + " in " + claims);
        }
        Claim resync = r.claims().stream().filter(c -> c.claim().contains("resynchronises")).findFirst().orElseThrow();
        assertEquals(Claim.Verdict.REPRODUCED, resync.verdict(), resync.measured());
        // tiny has no 4 × 64 KiB combination: the in-process goals are stated, not judged
        Claim ratio = r.claims().stream().filter(c -> c.claim().contains("≥ 3× the throughput")).findFirst().orElseThrow();
        assertEquals(Claim.Verdict.NOT_MEASURED, ratio.verdict());

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
        Claim rounds = r.claims().stream().filter(c -> c.claim().contains("(N·W + N·R) / (W + N·R)")).findFirst()
                .orElseThrow();
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
        Claim resync = r.claims().stream().filter(c -> c.claim().contains("resynchronises")).findFirst().orElseThrow();
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
        assertTrue(r.claims().stream().filter(c -> c.claim().contains("between processes"))
                .allMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED));
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
        BroadcastFork task = new BroadcastFork("tiny", "no-such-strategy", List.of(BroadcastExperiment.BROADCAST),
                false, 1);
        List<String> output = new java.util.ArrayList<>();
        Fork.ForkFailedException e = assertThrows(Fork.ForkFailedException.class,
                () -> Fork.run(task, java.time.Duration.ofMinutes(2), output::add));
        assertTrue(e.getMessage().contains(task.describe()) && e.getMessage().contains("exited with 1"), e.getMessage());
        assertTrue(output.stream().anyMatch(l -> l.contains("no-such-strategy")), output.toString());
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
