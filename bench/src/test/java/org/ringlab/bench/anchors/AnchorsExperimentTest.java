package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ringlab.bench.fixtures.UnavailableTestStrategy;
import org.ringlab.bench.report.Chart;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Experiment;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.Progress;
import org.ringlab.bench.report.RunContext;

/** The tiny profile of the anchors experiment, run once for all assertions (it takes seconds). */
class AnchorsExperimentTest {

    private static ExperimentResult result;
    private static String terminal;
    private static String progress;

    static boolean anchorThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith(AnchorDriver.THREAD_PREFIX) && t.isAlive());
    }

    private static RunContext context(String profile, List<String> strategies, List<String> disciplines,
                                      StringWriter out, StringWriter err) {
        return new RunContext(profile, 42, strategies, disciplines, false, new Progress(new PrintWriter(err, true)),
                new PrintWriter(out, true));
    }

    private static List<org.ringlab.bench.harness.RoundOrder.Drawn> drawn;

    /**
     * In this JVM every repetition of every figure runs the anchors in a seeded order drawn
     * afresh and recorded (results.json's roundOrders): the orders are RoundOrder's for the run's
     * seed, each a permutation of the anchors, and not all alike.
     */
    @Test
    void eachRepetitionsOrderOfTheAnchorsIsDrawnFromTheSeedAndRecorded() {
        Set<String> anchors = result.measurements().stream().map(m -> m.labels().get("anchor")).collect(Collectors.toSet());
        int reps = AnchorsProfile.parse("tiny").repetitions();
        List<String> scopes = drawn.stream().map(org.ringlab.bench.harness.RoundOrder.Drawn::scope).distinct().toList();
        assertTrue(scopes.stream().filter(x -> x.startsWith("anchors throughput ")).count() == 2
                && scopes.contains("anchors round trip")
                && scopes.stream().filter(x -> x.startsWith("anchors one-thread path ")).count() == 2, scopes.toString());
        // The anchors as selected (the measurements' order), shuffled by RoundOrder under the run's seed.
        List<String> all = result.measurements().stream().filter(m -> m.metric().equals("one-thread path"))
                .map(m -> m.labels().get("anchor")).distinct().toList();
        List<String> twoThreads = result.measurements().stream().filter(m -> m.metric().equals("throughput"))
                .map(m -> m.labels().get("anchor")).distinct().toList();
        assertEquals(anchors, Set.copyOf(all));
        for (var d : drawn) {
            if (d.scope().startsWith("anchors drain")) {
                continue;
            }
            List<String> listed = d.scope().startsWith("anchors one-thread path ") ? all : twoThreads;
            assertEquals(org.ringlab.bench.harness.RoundOrder.permute(42, d.scope(), d.round(), listed), d.order(),
                    d.toString());
            assertTrue(d.round() >= 0 && d.round() < reps, d.toString());
        }
        assertEquals(2 * reps * 2 + reps, drawn.stream().filter(d -> !d.scope().startsWith("anchors drain")).count(),
                "one order per timed repetition of each size's throughput and path, and of the round trips");
        assertTrue(drawn.stream().filter(d -> d.scope().startsWith("anchors one-thread path ")).map(d -> d.order())
                .distinct().count() > 1, drawn.toString());
    }

    @BeforeAll
    static void runTiny() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        org.ringlab.bench.harness.RoundOrder.take();
        result = new AnchorsExperiment().run(context("tiny", List.of(), List.of(), out, err));
        drawn = org.ringlab.bench.harness.RoundOrder.take();
        terminal = out.toString();
        progress = err.toString();
    }

    @Test
    void isFoundThroughServiceLoader() {
        List<String> ids = ServiceLoader.load(Experiment.class).stream().map(p -> p.get().id()).toList();
        assertTrue(ids.contains("anchors"), ids.toString());
    }

    @Test
    void everyAnchorHasThroughputAtBothSizesAndLatencyPercentiles() {
        Set<String> anchors = result.measurements().stream().map(m -> m.labels().get("anchor"))
                .collect(Collectors.toSet());
        assertTrue(anchors.containsAll(Anchors.THIRD_PARTY), anchors.toString());
        assertTrue(anchors.stream().anyMatch(a -> a.startsWith("spsc@")), "no spsc anchor measured: " + anchors);
        assertTrue(anchors.contains("spsc@split/cross") && anchors.contains("spsc@linearize/cross"), anchors.toString());
        for (String anchor : anchors) {
            if (Anchors.oneThreadOnly(anchor)) {
                assertTrue(find(anchor, "64 B", "one-thread path").median() > 0, anchor);
                assertTrue(result.measurements().stream().noneMatch(m -> m.labels().get("anchor").equals(anchor)
                        && m.metric().equals("throughput")), anchor + " shares its ring between threads: not measured");
                continue;
            }
            for (String size : List.of("64 B", "4096 B")) {
                Measurement m = find(anchor, size, "throughput");
                assertEquals("records/us", m.unit());
                assertEquals(3, m.samples().length, "tiny keeps every one of its 3 repetitions");
                for (double v : m.samples()) {
                    assertTrue(v > 0 && Double.isFinite(v), anchor + " " + size + ": " + v);
                }
                assertEquals("GB/s", find(anchor, size, "bandwidth").unit());
                for (double v : find(anchor, size, "one-thread path").samples()) {
                    assertTrue(v > 0 && Double.isFinite(v), anchor + " " + size + " path: " + v);
                }
            }
            double p50 = find(anchor, "64 B", "round trip p50").median();
            double max = find(anchor, "64 B", "round trip max").median();
            assertTrue(p50 > 0 && p50 <= max, anchor + ": p50 " + p50 + " max " + max);
        }
    }

    @Test
    void everyClaimIsAnIntervalVerdictAndEveryStrategyIsSetBesideItsMechanism() {
        List<String> spsc = result.measurements().stream().map(m -> m.labels().get("anchor")).distinct()
                .filter(a -> a.startsWith("spsc@")).toList();
        String mirrored = AnchorsExperiment.mirroredAnchor(spsc);
        assertTrue(mirrored != null, "the default mirrored strategy runs here: " + spsc);
        // Tiny runs one round: a judged ratio, but no interval between rounds, so inconclusive and saying why.
        for (Claim c : result.claims()) {
            assertTrue(c.verdict() != Claim.Verdict.NOT_MEASURED, c.claim() + ": " + c.measured());
            assertTrue(Double.isFinite(c.judgement().ratio()) && c.judgement().rounds() == 1, c.claim() + ": "
                    + c.measured());
            assertEquals(Claim.Verdict.INCONCLUSIVE, c.verdict(), c.claim() + ": " + c.measured());
            assertTrue(!c.judgement().hasInterval() && c.measured().contains("no interval (one round"), c.measured());
        }
        for (String anchor : spsc) {
            if (!anchor.equals(mirrored)) {
                assertTrue(result.claims().stream().anyMatch(c -> c.claim().startsWith(anchor + "'s extra")),
                        anchor + " has no mechanism claim: " + result.claims());
            }
            assertTrue(find(anchor, "64 B", "mechanism bytes").deterministic(), anchor);
            for (double v : find(anchor, "64 B", "mechanism").samples()) {
                assertTrue(v >= 0 && Double.isFinite(v), anchor + " mechanism " + v);
            }
        }
        assertTrue(find("spsc@doubled", "64 B", "mechanism bytes").median() >= 64, "a doubled ring copies each frame again");
        assertEquals(0, find(mirrored, "64 B", "mechanism bytes").median(), "a mirror view moves nothing more");
        for (String drain : AnchorSamples.DRAIN_COLUMNS) {
            for (double v : find(mirrored, "64 B", drain).samples()) {
                assertTrue(v > 0 && Double.isFinite(v), drain + ": " + v);
            }
        }
        assertTrue(result.claims().stream().anyMatch(c -> c.claim().contains("Agrona")), result.claims().toString());
        assertTrue(result.claims().stream().anyMatch(c -> c.claim().contains("JCTools")), result.claims().toString());
        assertTrue(terminal.contains("Fair strategy comparison") && terminal.contains("drain(32) against drain(1)"),
                terminal);
    }

    @Test
    void tablesChartsAndSkippedStrategiesAreReported() {
        assertEquals(5, result.tables().size());
        assertFalse(result.charts().isEmpty());
        for (Chart c : result.charts()) {
            assertFalse(c.categories().isEmpty(), c.title());
            c.series().values().forEach(v -> {
                for (double d : v) {
                    assertTrue(d > 0, c.title() + ": " + d);
                }
            });
        }
        assertTrue(result.skipped().stream().anyMatch(s -> s.contains("spsc@" + UnavailableTestStrategy.NAME)
                && s.contains(UnavailableTestStrategy.REASON)), result.skipped().toString());
        assertTrue(terminal.contains("agrona-one-to-one") && terminal.contains("p99.9"), terminal);
        assertTrue(progress.contains("disruptor × 64B × repetition 3/3"), progress);
    }

    @Test
    void noAnchorThreadIsLeftRunning() {
        assertFalse(anchorThreadsAlive(), "threads named " + AnchorDriver.THREAD_PREFIX + "* are still alive");
    }

    @Test
    void theStrategyAndDisciplineFiltersNarrowTheRun() {
        String strategy = result.measurements().stream().map(m -> Anchors.strategyOf(m.labels().get("anchor")))
                .filter(s -> s != null).findFirst().orElseThrow();
        ExperimentResult narrowed = new AnchorsExperiment().run(context("tiny", List.of(strategy, "no-such-strategy"),
                List.of(), new StringWriter(), new StringWriter()));
        Set<String> anchors = narrowed.measurements().stream().map(m -> m.labels().get("anchor"))
                .collect(Collectors.toSet());
        assertTrue(anchors.contains(Anchors.spscOn(strategy)), anchors.toString());
        assertEquals(Anchors.THIRD_PARTY.size() + 1, anchors.size(), anchors.toString());
        assertTrue(narrowed.skipped().stream().anyMatch(s -> s.contains("'no-such-strategy'")), narrowed.skipped()
                .toString());

        ExperimentResult noSpsc = new AnchorsExperiment().run(context("tiny", List.of(), List.of("locked-list"),
                new StringWriter(), new StringWriter()));
        assertTrue(noSpsc.claims().stream().allMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED),
                noSpsc.claims().toString());
        assertFalse(anchorThreadsAlive());
    }

    @Test
    void aForkedRunMeasuresEveryAnchorInAChildJvm() {
        String strategy = result.measurements().stream().map(m -> Anchors.strategyOf(m.labels().get("anchor")))
                .filter(s -> s != null).findFirst().orElseThrow();
        StringWriter err = new StringWriter();
        org.ringlab.bench.harness.RoundOrder.take();
        ExperimentResult forked = new AnchorsExperiment().run(new RunContext("tiny", 42, List.of(strategy), List.of(),
                true, new Progress(new PrintWriter(err, true)), new PrintWriter(new StringWriter(), true)));
        // each round's order of the child JVMs is drawn from the seed and recorded, one per round
        List<org.ringlab.bench.harness.RoundOrder.Drawn> rounds = org.ringlab.bench.harness.RoundOrder.take().stream()
                .filter(d -> d.scope().equals("anchors")).toList();
        assertTrue(rounds.size() >= AnchorsProfile.parse("tiny").rounds().minRounds(), rounds.toString());
        List<String> listed = forked.measurements().stream().filter(m -> m.metric().equals("one-thread path"))
                .map(m -> m.labels().get("anchor")).distinct().toList();
        for (int r = 0; r < rounds.size(); r++) {
            assertEquals(r, rounds.get(r).round());
            assertEquals(org.ringlab.bench.harness.RoundOrder.permute(42, "anchors", r, listed), rounds.get(r).order());
        }
        Set<String> anchors = forked.measurements().stream().map(m -> m.labels().get("anchor"))
                .collect(Collectors.toSet());
        assertEquals(Anchors.THIRD_PARTY.size() + 1, anchors.size(), anchors.toString());
        for (Measurement m : forked.measurements()) {
            assertEquals(3, m.samples().length, m.key());
            for (double v : m.samples()) {
                assertTrue((m.metric().startsWith("mechanism") ? v >= 0 : v > 0) && Double.isFinite(v),
                        m.key() + ": " + v);
            }
        }
        assertTrue(err.toString().contains("child JVM, round 1"), err.toString());
        assertTrue(forked.notes().stream().anyMatch(n -> n.contains("child JVMs of its own")), forked.notes().toString());
    }

    @Test
    void anUnknownProfileIsRefusedWithTheAllowedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AnchorsExperiment()
                .run(context("huge", List.of(), List.of(), new StringWriter(), new StringWriter())));
        assertTrue(e.getMessage().contains("'huge'") && e.getMessage().contains("quick, full"), e.getMessage());
    }

    private static Measurement find(String anchor, String size, String metric) {
        return result.measurements().stream().filter(m -> m.labels().get("anchor").equals(anchor)
                        && m.labels().get("size").equals(size) && m.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " for " + anchor + " " + size));
    }
}
