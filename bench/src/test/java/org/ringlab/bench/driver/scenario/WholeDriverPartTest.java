package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.SeedClaim;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Measurement;

class WholeDriverPartTest {

    @Test
    void tinyProfileRunsEveryVariantAndTheSweepAndStatesTheSeedsClaimsWithBands() throws InterruptedException {
        MemoryStrategy s = Registries.defaultMirrored().chosen()
                .orElseGet(() -> Registries.memoryStrategies().available().get(0));
        // 600 packets per run: fewer than the ring holds, so no run can lose one, however busy the machine.
        ScenarioConfig c = ScenarioConfig.seed(30_000_000L).withRate(20_000);
        List<String> steps = new ArrayList<>();
        WholeDriverPart.Result r = WholeDriverPart.run("tiny", c, DriverVariant.STANDARD, s, steps::add);

        assertEquals(DriverVariant.STANDARD, List.copyOf(r.runs().keySet()));
        ScenarioProfile tiny = ScenarioProfile.named("tiny");
        assertTrue(tiny.forks() >= 2, "tiny must fork at least twice, or diff calls its figures single fork");
        assertEquals(tiny.forks(), r.forks());
        for (var e : r.runs().entrySet()) {
            assertEquals(r.forks() * tiny.repetitions(), e.getValue().size(), e.getKey().name());
            for (DriverRun run : e.getValue()) {
                assertEquals(e.getKey(), run.variant());
                assertEquals(c.packets(), run.offered(), e.getKey().name());
                assertEquals(0, run.dropped(), e.getKey().name());
                if (e.getKey().interrupts() == DriverVariant.Interrupts.PER_PACKET) {
                    assertEquals(1.0, run.wakeUpsPerPacket(), e.getKey().name());
                }
            }
        }
        assertEquals(2, r.sweep().size(), "0 ns and the seed's cost: " + r.sweep().keySet());
        assertTrue(r.sweep().containsKey(c.interruptNanos()));
        r.sweep().values().forEach(pairs -> assertEquals(r.forks() * tiny.sweepRepetitions(), pairs.size()));
        r.sweep().values().forEach(pairs -> pairs.forEach(p -> {
            assertEquals(DriverVariant.AFTER_PER_PACKET, p[0].variant());
            assertEquals(DriverVariant.AFTER, p[1].variant());
            assertEquals(p[0].delivered(), p[0].interrupts());
        }));
        assertEquals(r.forks(), steps.size(), "a step per fork: " + steps);

        // The seed's three claims, each with bands around the seed's figure.
        assertEquals(3, r.claims().size());
        List<String> texts = r.reportClaims().stream().map(Claim::claim).toList();
        for (String figure : List.of("31.1 %", "0.12 %", "1.48×", "28 % less CPU")) {
            assertTrue(texts.stream().anyMatch(t -> t.contains(figure)), figure + " not in " + texts);
        }
        for (SeedClaim b : r.claims()) {
            for (SeedClaim.Check k : b.checks()) {
                // 0 / 0 (neither loses) is no ratio: unknown, never a verdict.
                // The bootstrap resamples forks: one paired round per fork.
                assertTrue(k.estimate().known() ? k.estimate().rounds() == r.forks()
                        : k.verdict() == Claim.Verdict.INCONCLUSIVE, "one round per fork in the tiny profile: " + k);
            }
        }
        // Neither loses at this rate: "before loses ≥ 3.11 %" is wholly false (its interval is [0, 0]), and says so.
        Claim loss = r.reportClaims().get(0);
        assertEquals(Claim.Verdict.DIFFERS, loss.verdict());
        assertTrue(!loss.measured().contains("NOT: after loss") && loss.measured().contains("NOT: before loss"),
                loss.measured());
        assertTrue(loss.judgement().hasInterval(), loss.toString());

        for (String metric : List.of("loss", "deliveredRate", "consumerCpu", "consumerCpuShare", "wakeUpsPerPacket")) {
            assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals(metric)), metric);
        }
        for (Measurement m : r.measurements()) {
            assertEquals(r.forks(), m.forkCount(), "every figure carries its fork: " + m.key());
        }
        Measurement beforeWakes = r.measurements().stream().filter(m -> m.metric().equals("wakeUpsPerPacket")
                && "before".equals(m.labels().get("variant"))).findFirst().orElseThrow();
        assertTrue(beforeWakes.deterministic());
        assertFalse(r.tables().isEmpty());
        for (org.ringlab.bench.report.Chart chart : r.charts()) {
            // Each fork's median as a dot beside the median and the runs' whiskers, per mode and swept cost.
            assertEquals(java.util.Set.of(WholeDriverPart.PER_PACKET, WholeDriverPart.NAPI), chart.points().keySet());
            chart.points().values().forEach(perCost -> java.util.Arrays.stream(perCost)
                    .forEach(dots -> assertEquals(r.forks(), dots.length, chart.title())));
        }
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("differs from the seed")), r.notes().toString());
    }

    /** Five synthetic interleaved rounds shaped like the seed's figures: every claim confirmed. */
    @Test
    void theSeedsOwnFiguresConfirmEveryClaim() {
        List<SeedClaim> c = WholeDriverPart.claims(new double[] {30, 32, 29, 31, 33}, new double[] {0.1, 0.12, 0.05, 0.2, 0.1},
                new double[] {1.00e6, 1.02e6, 0.98e6, 1.01e6, 0.99e6}, new double[] {1.48e6, 1.50e6, 1.46e6, 1.49e6, 1.47e6},
                new double[] {95, 94, 96, 95, 95}, new double[] {68, 69, 67, 68, 70});
        assertEquals(3, c.size());
        for (SeedClaim s : c) {
            assertEquals(Claim.Verdict.REPRODUCED, s.verdict(), s.toClaim("").measured());
            assertEquals(Claim.Verdict.REPRODUCED, s.toClaim("").verdict());
        }
    }

    /** An "after" that loses 20 %: the loss claim differs, however the other figures look. */
    @Test
    void anAfterThatStillLosesDiffers() {
        List<SeedClaim> c = WholeDriverPart.claims(new double[] {30, 32, 29, 31, 33}, new double[] {20, 21, 19, 22, 20},
                new double[] {1, 1, 1, 1, 1}, new double[] {1.5, 1.5, 1.4, 1.5, 1.5}, new double[] {95, 95, 95, 95, 95},
                new double[] {68, 68, 68, 68, 68});
        Claim loss = c.get(0).toClaim("");
        assertEquals(Claim.Verdict.DIFFERS, loss.verdict());
        assertTrue(loss.measured().contains("NOT: after loss %"), loss.measured());
        assertEquals(1.2, loss.judgement().threshold(), 1e-9, "the deciding check's threshold is reported");
        assertFalse(loss.judgement().atLeast());
    }

    /** A throughput ratio whose rounds straddle the band's lower edge (1.18×): inconclusive, with the interval. */
    @Test
    void aRatioStraddlingTheBandIsInconclusive() {
        List<SeedClaim> c = WholeDriverPart.claims(new double[] {30, 30, 30, 30, 30}, new double[] {0, 0, 0, 0, 0},
                new double[] {1, 1, 1, 1, 1}, new double[] {1.05, 1.3, 1.25, 1.1, 1.4}, new double[] {95, 95, 95, 95, 95},
                new double[] {30, 32, 31, 33, 30});
        assertEquals(Claim.Verdict.REPRODUCED, c.get(0).verdict(), "0 % after 30 % before: direction and size hold");
        Claim throughput = c.get(1).toClaim("");
        assertEquals(Claim.Verdict.INCONCLUSIVE, throughput.verdict(), throughput.measured());
        assertTrue(throughput.judgement().low() < 1.184 && throughput.judgement().high() > 1.184, throughput.toString());
        assertTrue(throughput.measured().contains("UNDECIDED"), throughput.measured());
        // 30 / 95 = 0.33: wholly below the band 0.57 … 0.90, so −28 % CPU differs (less than that is still "differs").
        assertEquals(Claim.Verdict.DIFFERS, c.get(2).verdict());
    }
}
