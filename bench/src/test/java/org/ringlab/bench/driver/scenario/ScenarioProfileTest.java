package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.RoundPool;

/**
 * The whole driver's quick plan: at least four forks, each shorter than full's, and its claims'
 * intervals over N forks built on the forks' medians with N − 1 degrees of freedom.
 */
class ScenarioProfileTest {

    @Test
    void quickRunsFourShortForks() {
        ScenarioProfile quick = ScenarioProfile.named("quick");
        ScenarioProfile full = ScenarioProfile.named("full");
        assertTrue(quick.forks() >= 4, "quick's forks: " + quick.forks());
        assertTrue(quick.budget().minRounds() >= 4, quick.budget().toString());
        assertEquals(quick.forks(), quick.steps());
        assertTrue(quick.durationNanos() < full.durationNanos() && quick.sweepNanos() < full.sweepNanos()
                && quick.warmupNanos() < full.warmupNanos() && quick.repetitions() <= full.repetitions(),
                quick.toString());
    }

    /** A fork's runs around {@code centre}, 1 % apart, so its median is {@code centre}. */
    private static List<double[]> forks(double... centres) {
        List<double[]> out = new ArrayList<>();
        for (double c : centres) {
            out.add(new double[] {c * 0.99, c, c * 1.01});
        }
        return out;
    }

    private static WholeDriverClaims.Side side(double[] delivered, double cpuShare) {
        double[] loss = new double[delivered.length];
        double[] share = new double[delivered.length];
        double[] per = new double[delivered.length];
        java.util.Arrays.fill(loss, 5);
        java.util.Arrays.fill(share, cpuShare);
        for (int f = 0; f < delivered.length; f++) {
            per[f] = cpuShare * 1e7 / delivered[f];
        }
        double[] offered = new double[delivered.length];
        java.util.Arrays.fill(offered, ScenarioConfig.GIGABIT_64_BYTE_FRAMES);
        return new WholeDriverClaims.Side(forks(loss), forks(delivered), forks(offered), forks(share), forks(per),
                forks(share), 1_000_000, 1_000_000, 1_000_000);
    }

    /** The after/before throughput ratio over N forks: t on the forks' medians, N − 1 degrees of freedom. */
    @Test
    void aClaimOverNForksUsesTheForkMediansAndNMinusOneDegreesOfFreedom() {
        int n = ScenarioProfile.named("quick").forks();
        double[] before = {406_083, 370_492, 395_000, 420_500, 388_000, 401_000};
        double[] after = {1_482_989, 1_474_860, 1_461_000, 1_488_000, 1_470_000, 1_479_000};
        before = java.util.Arrays.copyOf(before, n);
        after = java.util.Arrays.copyOf(after, n);
        List<Claim> claims = WholeDriverClaims.claims(RoundPool.none(), ScenarioConfig.seed(120_000_000L),
                side(before, 95), side(after, 68), null);
        Claim c = claims.stream().filter(k -> k.id().equals("001.final-throughput-ratio")).findFirst()
                .orElseThrow(() -> new AssertionError("no throughput ratio in " + claims));
        double[] logs = new double[n];
        for (int f = 0; f < n; f++) {
            logs[f] = Math.log(after[f] / before[f]);
        }
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double ss = java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
        double half = TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
        assertEquals(n, c.judgement().rounds(), c.toString());
        assertEquals(Math.exp(mean - half), c.judgement().low(), 1e-9, c.toString());
        assertEquals(Math.exp(mean + half), c.judgement().high(), 1e-9, c.toString());
    }
}
