package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.report.Claim;
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
        for (var e : r.runs().entrySet()) {
            assertEquals(1, e.getValue().size(), e.getKey().name());
            DriverRun run = e.getValue().get(0);
            assertEquals(c.packets(), run.offered(), e.getKey().name());
            assertEquals(0, run.dropped(), e.getKey().name());
            if (e.getKey().interrupts() == DriverVariant.Interrupts.PER_PACKET) {
                assertEquals(1.0, run.wakeUpsPerPacket(), e.getKey().name());
            }
        }
        assertEquals(2, r.sweep().size(), "0 ns and the seed's cost: " + r.sweep().keySet());
        assertTrue(r.sweep().containsKey(c.interruptNanos()));
        r.sweep().values().forEach(pairs -> pairs.forEach(p -> {
            assertEquals(DriverVariant.AFTER_PER_PACKET, p[0].variant());
            assertEquals(DriverVariant.AFTER, p[1].variant());
            assertEquals(p[0].delivered(), p[0].interrupts());
        }));
        assertEquals(1 + r.sweep().size(), steps.size(), steps.toString());

        // The seed's three claims, each with bands around the seed's figure.
        assertEquals(3, r.claims().size());
        List<String> texts = r.reportClaims().stream().map(Claim::claim).toList();
        for (String figure : List.of("31.1 %", "0.12 %", "1.48×", "28 % less CPU")) {
            assertTrue(texts.stream().anyMatch(t -> t.contains(figure)), figure + " not in " + texts);
        }
        for (BandClaim b : r.claims()) {
            for (BandClaim.Check k : b.checks()) {
                assertTrue(k.low() <= k.seed() && k.seed() <= k.high(), "the band holds the seed's own figure: " + k);
                assertEquals(1, k.samples().length);
            }
        }
        // Neither loses at this rate: the loss claim cannot be confirmed (0 / 0), and says so.
        Claim loss = r.reportClaims().get(0);
        assertEquals(Claim.Verdict.DIFFERS, loss.verdict());
        assertTrue(loss.measured().contains("NOT: after loss") == false && loss.measured().contains("NOT: before loss"),
                loss.measured());

        for (String metric : List.of("loss", "deliveredRate", "consumerCpu", "consumerCpuShare", "wakeUpsPerPacket")) {
            assertTrue(r.measurements().stream().anyMatch(m -> m.metric().equals(metric)), metric);
        }
        Measurement beforeWakes = r.measurements().stream().filter(m -> m.metric().equals("wakeUpsPerPacket")
                && "before".equals(m.labels().get("variant"))).findFirst().orElseThrow();
        assertTrue(beforeWakes.deterministic());
        assertFalse(r.tables().isEmpty());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("differs from the seed")), r.notes().toString());
    }

    @Test
    void aBandClaimHoldsOnlyWhenEveryMedianIsInItsBand() {
        BandClaim.Check in = new BandClaim.Check("x", "×", 1.5, 1.2, 1.8, new double[] {1.0, 1.5, 1.6});
        BandClaim.Check out = new BandClaim.Check("y", "×", 1.5, 1.2, 1.8, new double[] {2.0, 2.1, 1.0});
        BandClaim.Check nan = new BandClaim.Check("z", "×", 1.5, 1.2, 1.8, new double[] {Double.NaN});
        assertTrue(new BandClaim("a", List.of(in)).holds());
        assertFalse(new BandClaim("b", List.of(in, out)).holds());
        assertFalse(new BandClaim("c", List.of(nan)).holds());
        Claim c = new BandClaim("b", List.of(in, out)).toClaim();
        assertEquals(Claim.Verdict.DIFFERS, c.verdict());
        assertTrue(c.measured().contains("NOT: y 2.00×"), c.measured());
    }
}
