package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.Claim;

/** Issue 11's targets judged on made-up samples: the verdict follows the interval, and the figures are right. */
class AnchorClaimsTest {

    static final String MIRRORED = "spsc@mirrored-x";
    static final int REPS = 3;

    /** Rounds of samples where every repetition of a round has the same figure. */
    static final class Builder {
        final Map<String, List<AnchorSamples>> rounds = new LinkedHashMap<>();
        final int count;

        Builder(int count) {
            this.count = count;
        }

        AnchorSamples round(String anchor, int r) {
            return rounds.computeIfAbsent(anchor, a -> {
                AnchorSamples[] all = new AnchorSamples[count];
                Arrays.setAll(all, i -> AnchorSamples.empty(REPS));
                return List.of(all);
            }).get(r);
        }

        /** {@code path[r]} ns per 64-byte record in round r, {@code mechanism} ns and {@code bytes} per record. */
        Builder path(String anchor, double mechanism, double bytes, double... path) {
            for (int r = 0; r < count; r++) {
                AnchorSamples s = round(anchor, r);
                Arrays.fill(s.path()[0], path[r]);
                Arrays.fill(s.path()[1], 10 * path[r]);
                Arrays.fill(s.mechanism()[0], mechanism);
                Arrays.fill(s.mechanism()[1], 10 * mechanism);
                Arrays.fill(s.mechanismBytes()[0], bytes);
                Arrays.fill(s.mechanismBytes()[1], bytes);
            }
            return this;
        }

        Builder rate(String anchor, double rate) {
            for (int r = 0; r < count; r++) {
                Arrays.fill(round(anchor, r).rate()[0], rate);
            }
            return this;
        }

        /** drain(1), drain(32) ns on one thread; drain(1), drain(32) records/µs on two. */
        Builder drain(double one, double batch, double oneRate, double batchRate) {
            for (int r = 0; r < count; r++) {
                double[][] d = round(MIRRORED, r).drain();
                Arrays.fill(d[0], one);
                Arrays.fill(d[1], batch);
                Arrays.fill(d[2], oneRate);
                Arrays.fill(d[3], batchRate);
            }
            return this;
        }

        AnchorClaims claims() {
            return new AnchorClaims(rounds, MIRRORED);
        }
    }

    static Claim find(List<Claim> claims, String start) {
        return claims.stream().filter(c -> c.claim().startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no claim starting '" + start + "' in " + claims));
    }

    static Builder fair() {
        return new Builder(2).path(MIRRORED, 0, 0, 20, 20)
                .path("spsc@doubled", 3, 72, 24, 24)          // 1.2× mirrored; 1 ns beyond its 3 ns copy
                .path("spsc@split", 0, 0.003, 22, 22)        // 1.1×, 2 ns beyond nothing
                .path("spsc@mirrored-x-growable", 0, 0, 21, 21)
                .path(JctoolsSpscArrayAnchor.NAME, 0, 0, 25, 25)
                .rate(MIRRORED, 20).rate(Anchors.AGRONA, 10).path(Anchors.AGRONA, 0, 0, 30, 30)
                .drain(30, 15, 10, 12);
    }

    @Test
    void aFairRunConfirmsEveryTarget() {
        List<Claim> claims = fair().claims().all();
        for (Claim c : claims) {
            assertEquals(Claim.Verdict.REPRODUCED, c.verdict(), c.claim() + ": " + c.measured());
            assertTrue(c.judgement().hasInterval(), c.claim());
        }
        // two-thread, JCTools, doubled ratio + mechanism, split ratio + mechanism, growable mechanism, two drains
        assertEquals(9, claims.size(), claims.toString());
        Claim doubled = find(claims, "spsc@doubled's extra");
        assertTrue(doubled.measured().contains("extra +4.0 ns, mechanism 3.0 ns (72.00 B/record); beyond the mechanism "
                + "+1.0 ns [+1.0, +1.0]"), doubled.measured());
        assertEquals(1.15, doubled.judgement().threshold(), 1e-12, "3 ns on mirrored's 20 ns");
        assertEquals(1.2, find(claims, "spsc@doubled costs at most 1.25×").judgement().ratio(), 1e-12);
        assertEquals(2.0, find(claims, "drain(32) is at least").judgement().ratio(), 1e-12);
        assertEquals(1.2, find(claims, "drain(32) is not slower").judgement().ratio(), 1e-12);
        assertEquals(2.0, find(claims, "spsc on the default mirrored strategy moves").judgement().ratio(), 1e-12);
        assertEquals(0.8, find(claims, "spsc on the default mirrored strategy costs no more").judgement().ratio(), 1e-12);
    }

    @Test
    void aCostBeyondTheMechanismDiffers() {
        List<Claim> claims = fair().path("spsc@doubled", 3, 72, 30, 30).drain(30, 25, 10, 9).claims().all();
        Claim ratio = find(claims, "spsc@doubled costs at most 1.25×");
        assertEquals(Claim.Verdict.DIFFERS, ratio.verdict(), ratio.measured());
        Claim beyond = find(claims, "spsc@doubled's extra");
        assertEquals(Claim.Verdict.DIFFERS, beyond.verdict(), beyond.measured());
        assertTrue(beyond.measured().contains("beyond the mechanism +7.0 ns"), beyond.measured());
        assertEquals(Claim.Verdict.DIFFERS, find(claims, "drain(32) is at least").verdict());
        assertEquals(Claim.Verdict.DIFFERS, find(claims, "drain(32) is not slower").verdict());
    }

    @Test
    void roundsOnBothSidesOfTheThresholdAreInconclusiveWithTheirInterval() {
        // doubled 1.1× mirrored in one round, 1.4× in the other: the interval straddles 1.25.
        List<Claim> claims = fair().path("spsc@doubled", 0, 72, 22, 28).claims().all();
        Claim ratio = find(claims, "spsc@doubled costs at most 1.25×");
        assertEquals(Claim.Verdict.INCONCLUSIVE, ratio.verdict(), ratio.measured());
        // A t interval over the two rounds: wider than the two rounds are apart (a bootstrap of two rounds gave
        // exactly [1.10, 1.40]); its pool's other rounds do not vary at all, so it keeps its own variance.
        assertTrue(ratio.judgement().low() < 1.1 && ratio.judgement().high() > 1.4, ratio.judgement().interval());
        assertEquals(Math.sqrt(1.1 * 1.4), ratio.judgement().ratio(), 1e-9, "the rounds' geometric mean");
        assertTrue(ratio.measured().contains("(95 %, t over 2 rounds, not pooled: its rounds vary more than its pool's)"),
                ratio.measured());
        assertEquals("t over 2 rounds, not pooled: its rounds vary more than its pool's", ratio.judgement().method());
    }

    @Test
    void withoutMirroredOrAgronaTheComparisonsAreNotMeasured() {
        Builder b = fair();
        b.rounds.remove(MIRRORED);
        b.rounds.remove(Anchors.AGRONA);
        List<Claim> claims = b.claims().all();
        assertTrue(claims.stream().allMatch(c -> c.verdict() == Claim.Verdict.NOT_MEASURED), claims.toString());
        assertTrue(find(claims, "spsc on the default mirrored strategy moves").measured().contains("did not run"));
    }

    @Test
    void theStrategyTableShowsExtraCostBesideTheMechanism() {
        AnchorClaims judged = fair().claims();
        var table = StrategyTable.of(judged, List.copyOf(judged.samples().keySet()));
        List<String> doubled = table.rows().stream().filter(r -> r.get(0).equals("spsc@doubled")
                && r.get(1).equals("64B")).findFirst().orElseThrow();
        assertEquals(List.of("spsc@doubled", "64B", "24.0", "1.20× [1.20, 1.20]", "+4.0", "72.00", "3.0",
                "+1.0 [+1.0, +1.0]"), doubled);
        assertTrue(table.rows().stream().noneMatch(r -> r.get(0).equals(Anchors.AGRONA)), "only spsc strategies");
        var drain = StrategyTable.drain(judged, judged.all());
        assertEquals(List.of("one thread", "ns CPU/record", "30.00 [30.00–30.00]", "15.00 [15.00–15.00]",
                "2.00 [2.00, 2.00]", "reproduced"), drain.rows().get(0));
    }
}
