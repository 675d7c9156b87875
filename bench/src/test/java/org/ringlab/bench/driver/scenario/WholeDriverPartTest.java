package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
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
        WholeDriverPart.Result r = WholeDriverPart.run("tiny", c, DriverVariant.STANDARD, s, 1, steps::add);

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

        // Every whole-driver entry of seed 001's catalogue, each judged once under its id.
        List<Claim> claims = r.reportClaims();
        assertEquals(wholeDriverEntries(), claims.stream().map(Claim::id).sorted().toList());
        assertTrue(claims.stream().noneMatch(k -> k.verdict() == Claim.Verdict.NOT_MEASURED), claims.toString());
        for (Claim k : claims) {
            // The bootstrap resamples forks: one paired round per fork.
            assertTrue(!k.judgement().hasInterval() || k.judgement().exact() || k.judgement().rounds() == r.forks(),
                    "one round per fork in the tiny profile: " + k);
        }
        // Neither loses at this rate: the interval is [0, the rule of three's bound]. 1,200 packets bound the loss
        // below 0.25 %: far under the seed's 31.1 %, but not under its 0.12 %, which stays undecided.
        Claim before = claim(claims, "001.final-before-loss");
        assertEquals(Claim.Verdict.DIFFERS, before.verdict(), before.toString());
        Claim after = claim(claims, "001.final-after-loss");
        assertEquals(Claim.Verdict.INCONCLUSIVE, after.verdict(), after.toString());
        for (Claim loss : List.of(before, after)) {
            assertEquals(0, loss.judgement().low(), loss.toString());
            assertEquals(100.0 * 3 / (2 * c.packets()), loss.judgement().high(), 1e-9, loss.toString());
        }
        assertEquals(Claim.Verdict.REPRODUCED, claim(claims, "001.napi-interrupt-rate").verdict(),
                "an interrupt per packet, counted");

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

    static List<String> wholeDriverEntries() {
        return SeedEntries.SEED.results().stream().filter(x -> x.measurable()
                && WholeDriverPart.METRICS.contains(x.metric())).map(x -> x.id()).sorted().toList();
    }

    static Claim claim(List<Claim> claims, String id) {
        return claims.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(
                "no claim " + id + " in " + claims));
    }

    /** Two forks of three runs around {@code centre}, 1 % apart. */
    static List<double[]> forks(double centre) {
        return List.of(new double[] {centre * 0.99, centre, centre * 1.01},
                new double[] {centre * 1.01, centre * 1.005, centre * 0.995});
    }

    /** A variant's runs around these figures; {@code mbits} on the wire (84 bytes per 64-byte frame). */
    static WholeDriverClaims.Side side(double loss, double mbits, double cpuShare) {
        double delivered = mbits * 1e6 / (84 * 8);
        long offered = 1_000_000;
        return new WholeDriverClaims.Side(loss == 0 ? List.of(new double[3], new double[3]) : forks(loss),
                forks(delivered), forks(ScenarioConfig.GIGABIT_64_BYTE_FRAMES), forks(cpuShare),
                forks(cpuShare * 1e7 / delivered), forks(1), offered, offered, offered);
    }

    static List<Claim> claims(WholeDriverClaims.Side before, WholeDriverClaims.Side after, WholeDriverClaims.Side napi) {
        return org.ringlab.bench.harness.RoundPool.judge(pool -> WholeDriverClaims.claims(pool,
                ScenarioConfig.seed(250_000_000L), before, after, napi));
    }

    /**
     * Runs shaped like the seed's final table (before 599 Mbit/s, 31.1 %, 95 %; after and napi only 1020 Mbit/s,
     * 0.12 %, 68 %) reproduce every entry but those the seed itself contradicts: its iperf3 sent 5.95 and 9.85
     * million packets in 10 s where its load is 1.49 million a second.
     */
    @Test
    void theSeedsOwnFiguresReproduceEveryEntryTheSeedDoesNotContradict() {
        List<Claim> c = claims(side(31.1, 599, 95), side(0.12, 1020, 68), side(0.12, 1020, 68));
        assertEquals(wholeDriverEntries(), c.stream().map(Claim::id).sorted().toList());
        for (Claim k : c) {
            Claim.Verdict expected = switch (k.id()) {
                case "001.intro-before-sent", "001.intro-after-sent" -> Claim.Verdict.DIFFERS;
                // The interrupt's CPU demand depends on this CPU's clock: decided, either way.
                case "001.napi-interrupt-cpu" -> k.verdict() == Claim.Verdict.INCONCLUSIVE ? null : k.verdict();
                default -> Claim.Verdict.REPRODUCED;
            };
            assertEquals(expected, k.verdict(), k.toString());
        }
        // The seed's per-packet CPU ratio comes from its table, beside the measured one.
        assertTrue(claim(c, "001.napi-cpu-reduction").measured().contains("the seed's table gives 0.48×"),
                claim(c, "001.napi-cpu-reduction").measured());
    }

    /** An "after" that loses nothing is decided: below 0.12 %, and a loss ratio far above 259×. */
    @Test
    void anAfterThatLosesNothingDiffersDecisively() {
        List<Claim> c = claims(side(31.1, 599, 95), side(0, 1020, 68), side(0.12, 1020, 68));
        for (String id : List.of("001.final-after-loss", "001.intro-after-loss", "001.final-loss-ratio",
                "001.intro-loss-improvement")) {
            assertEquals(Claim.Verdict.DIFFERS, claim(c, id).verdict(), claim(c, id).toString());
        }
        Claim ratio = claim(c, "001.final-loss-ratio");
        assertTrue(ratio.judgement().low() > 1000, "31 % over at most 3 packets in a million: " + ratio);
        assertTrue(ratio.measured().contains("rule of three"), ratio.measured());
    }

    /** An "after" that loses 20 %: the after loss and the loss ratio differ, however the other figures look. */
    @Test
    void anAfterThatStillLosesDiffers() {
        List<Claim> c = claims(side(31.1, 599, 95), side(20, 1020, 68), null);
        assertEquals(Claim.Verdict.DIFFERS, claim(c, "001.final-after-loss").verdict());
        assertEquals(Claim.Verdict.DIFFERS, claim(c, "001.final-loss-ratio").verdict());
        assertEquals(Claim.Verdict.REPRODUCED, claim(c, "001.final-before-loss").verdict());
        // Without "napi only", its entries are not measured, with the reason.
        Claim napi = claim(c, "001.napi-throughput-ratio");
        assertEquals(Claim.Verdict.NOT_MEASURED, napi.verdict());
        assertTrue(napi.measured().contains("napi only"), napi.measured());
    }

    /** A throughput ratio whose rounds straddle the band's lower edge (1.70 / 1.25 = 1.36×): inconclusive. */
    @Test
    void aRatioStraddlingTheBandIsInconclusive() {
        WholeDriverClaims.Side before = side(31.1, 599, 95);
        WholeDriverClaims.Side a = side(0.12, 1020, 68);
        double base = 599e6 / (84 * 8);
        WholeDriverClaims.Side after = new WholeDriverClaims.Side(a.loss(), List.of(new double[] {base * 1.2, base * 1.5,
            base * 1.25}, new double[] {base * 1.45, base * 1.3, base * 1.4}), a.offeredRate(), a.cpuShare(),
                a.cpuPerPacket(), a.wakes(), a.offered(), a.interrupts(), a.processed());
        Claim throughput = claim(claims(before, after, null), "001.final-throughput-ratio");
        assertEquals(Claim.Verdict.INCONCLUSIVE, throughput.verdict(), throughput.toString());
        assertTrue(throughput.judgement().low() < 1.36 && throughput.judgement().high() > 1.36, throughput.toString());
    }
}
