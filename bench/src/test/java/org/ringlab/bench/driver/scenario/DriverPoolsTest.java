package org.ringlab.bench.driver.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.harness.RoundPool;

/**
 * The driver's claims pooled across parts (synthetic figures, two forks each as the quick
 * profile has): a claim of two forks alone has one degree of freedom (t = 12.7); pooled with
 * alike claims of other parts its interval is finite and narrower, and a claim whose forks
 * disagree far more than its pool's keeps its own interval.
 */
class DriverPoolsTest {

    /** Two forks of three rounds each: fork 0 at {@code centre}, fork 1 at {@code centre × drift}. */
    static List<double[]> forks(double centre, double drift) {
        return List.of(new double[] {centre, centre, centre}, new double[] {centre * drift, centre * drift,
                centre * drift});
    }

    /** A variant of (e) on 2 forks, its delivered rate {@code delivered}, its other figures alike quiet. */
    private static WholeDriverClaims.Side side(double loss, List<double[]> delivered, double cpu) {
        return new WholeDriverClaims.Side(forks(loss, 1.03), delivered, forks(1.488e6, 1), forks(cpu, 1.02),
                forks(cpu * 10, 1.02), forks(1, 1), 1_000_000, 1_000_000, 1_000_000);
    }

    /** (e)'s claims on 2 forks: delivered after / before as given, the rest alike quiet. */
    private static List<org.ringlab.bench.harness.Claim> wholeDriver(RoundPool pool, List<double[]> deliveredAfter) {
        return WholeDriverClaims.claims(pool, ScenarioConfig.seed(250_000_000L), side(30, forks(1e6, 1), 95),
                side(0.1, deliveredAfter, 68), null);
    }

    /** (e)'s claims judged with (d)'s delivered share at four rates, as alike as (e)'s (3 % apart between forks). */
    private static List<org.ringlab.bench.harness.Claim> pooledWithPartD(List<double[]> deliveredAfter) {
        return RoundPool.judge(pool -> {
            for (double drift : new double[] {1.03, 0.97, 1.04, 0.98}) {
                pool.ratioOfForks(DriverPools.DELIVERED, forks(99, drift), forks(98, 1));
            }
            return wholeDriver(pool, deliveredAfter);
        });
    }

    /** The interval of the final table's after / before throughput. */
    private static Estimate throughput(List<org.ringlab.bench.harness.Claim> claims) {
        var j = WholeDriverPartTest.claim(claims, "001.final-throughput-ratio").judgement();
        return new Estimate(j.ratio(), j.low(), j.high(), j.rounds(), j.samples(), j.method());
    }

    private static Estimate speedUp(List<org.ringlab.bench.harness.Claim> claims) {
        var j = WholeDriverPartTest.claim(claims, "001.batch-speedup").judgement();
        return new Estimate(j.ratio(), j.low(), j.high(), j.rounds(), j.samples(), j.method());
    }

    private static double width(Estimate e) {
        return Math.log(e.high() / e.low());
    }

    @Test
    void aClaimOfTwoForksPooledWithAlikeClaimsGetsAFiniteNarrowerInterval() {
        List<double[]> after = forks(1.65e6, 1.75 / 1.65);
        Estimate own = throughput(wholeDriver(RoundPool.none(), after));
        Estimate pooled = throughput(pooledWithPartD(after));

        assertEquals("t over 2 rounds", own.method());
        assertTrue(pooled.known(), pooled.toString());
        assertTrue(pooled.method().startsWith("t over 2 rounds, round variance pooled over"), pooled.method());
        assertEquals(own.ratio(), pooled.ratio(), 1e-12, "pooling moves no point");
        // t(0.975, 1) = 12.7 against t(0.975, 5) = 2.57 on a like variance: well under half as wide.
        assertTrue(width(pooled) < width(own) / 2, pooled + " vs its own " + own);
        // 1.65× and 1.75×: inside the band 1.36 … 2.13 around 1.70 once pooled; with one degree of freedom undecided.
        assertEquals(org.ringlab.bench.harness.Claim.Verdict.INCONCLUSIVE, WholeDriverPartTest.claim(
                wholeDriver(RoundPool.none(), after), "001.final-throughput-ratio").verdict());
        assertEquals(org.ringlab.bench.harness.Claim.Verdict.REPRODUCED, WholeDriverPartTest.claim(
                pooledWithPartD(after), "001.final-throughput-ratio").verdict());
    }

    @Test
    void aClaimWhoseForksDisagreeFarMoreThanItsPoolsKeepsItsOwnInterval() {
        List<double[]> after = forks(2.5e6, 0.8 / 2.5); // 2.5× in one fork, 0.8× in the other
        Estimate own = throughput(wholeDriver(RoundPool.none(), after));
        Estimate judged = throughput(pooledWithPartD(after));

        assertEquals("t over 2 rounds, not pooled: its rounds vary more than its pool's", judged.method());
        assertEquals(own.low(), judged.low(), 1e-12);
        assertEquals(own.high(), judged.high(), 1e-12);
    }

    @Test
    void theBatchingClaimPoolsWithTheOtherOneThreadCpuTimeRatios() {
        // (f) with work on two forks of two repetitions: drain(1) / drain(32) 1.60× and 1.66×.
        BatchingWithWork.Result f = new BatchingWithWork.Result(1 << 20, new org.ringlab.bench.harness.ForkedRows(
                List.of(new double[][] {{9, 9}, {6, 6}, {160, 160}, {100, 100}},
                        new double[][] {{9, 9}, {6, 6}, {166, 166}, {100, 100}})));
        Estimate own = speedUp(f.claims());
        Estimate pooled = RoundPool.judge(pool -> {
            // (b)'s malloc / pool, (g)'s copy / offset and another one-thread ratio, as alike noisy.
            pool.paired(DriverPools.ONE_THREAD_CPU, forks(40, 1.03), forks(1, 1));
            pool.paired(DriverPools.ONE_THREAD_CPU, forks(35, 0.97), forks(1, 1));
            pool.paired(DriverPools.ONE_THREAD_CPU, forks(6, 1.02), forks(1, 1));
            return speedUp(f.claims(pool));
        });
        assertTrue(own.known() && pooled.known(), own + " / " + pooled);
        assertEquals("t over 2 rounds, round variance pooled over 4 claims (df 4)", pooled.method());
        assertTrue(width(pooled) < width(own) / 2, pooled + " vs its own " + own);
    }
}
