package org.ringlab.bench.anchors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.ringlab.api.Registries;
import org.ringlab.bench.harness.Claim;

/**
 * Which anchors a profile measures on two threads: quick leaves out spsc on the other mappings
 * of a fixed mirrored ring (the default's code on the default's shape of memory), never the
 * default itself, another mechanism or the growable mirror; full measures them all; nobody
 * shares a seam-crossing ring between threads.
 */
class AnchorsProfileTest {

    private static final String MIRRORED = "spsc@mirrored-memfd";

    @Test
    void quickMeasuresTwoThreadsForTheDefaultMirrorAndEveryOtherMechanismOnly() {
        List<String> names = Registries.memoryStrategies().names();
        assertTrue(names.containsAll(List.of("mirrored-memfd", "mirrored-shm", "mirrored-memfd-growable", "doubled",
                "split")), "the strategies this test names are discovered: " + names);
        Map<String, Boolean> quick = Map.of(MIRRORED, true, "spsc@mirrored-shm", false, "spsc@mirrored-tmpfile", false,
                "spsc@mirrored-memfd-growable", true, "spsc@doubled", true, "spsc@split", true,
                "spsc@split/cross", false, Anchors.AGRONA, true);
        quick.forEach((anchor, expected) -> assertEquals(expected, AnchorsProfile.QUICK.measuresTwoThreads(anchor,
                MIRRORED), "quick, " + anchor));
        quick.forEach((anchor, expected) -> assertEquals(!anchor.endsWith("/cross"),
                AnchorsProfile.FULL.measuresTwoThreads(anchor, MIRRORED), "full, " + anchor));
        // With another default (a pinned mirrored-shm), that one is measured and memfd is the repeat.
        assertTrue(AnchorsProfile.QUICK.measuresTwoThreads("spsc@mirrored-shm", "spsc@mirrored-shm"));
        assertTrue(!AnchorsProfile.QUICK.measuresTwoThreads(MIRRORED, "spsc@mirrored-shm"));
    }

    /**
     * Quick builds every interval from at least four rounds (a child JVM per anchor each), its
     * children shorter than full's: fewer records per repetition and a shorter warm-up rule.
     */
    @Test
    void quickRunsFourRoundsOfShorterChildren() {
        assertTrue(AnchorsProfile.QUICK.rounds().minRounds() >= 4, "quick's rounds: " + AnchorsProfile.QUICK.rounds());
        assertTrue(AnchorsProfile.QUICK.rounds().maxRounds() >= AnchorsProfile.QUICK.rounds().minRounds());
        for (int size : AnchorSamples.SIZES) {
            assertTrue(AnchorsProfile.QUICK.records(size) < AnchorsProfile.FULL.records(size), "records of " + size);
        }
        assertTrue(AnchorsProfile.QUICK.repetitions() <= AnchorsProfile.FULL.repetitions());
        assertTrue(AnchorsProfile.QUICK.warmup() != AnchorsProfile.FULL.warmup(), "quick warms up by its own rule");
    }

    /**
     * A ratio over N rounds is a t interval on the rounds' medians with N − 1 degrees of freedom:
     * the repetitions inside a round (which vary little) give that round one median, and do not
     * add degrees of freedom (as pooling every repetition would: 5 × 3 − 1).
     */
    @Test
    void anIntervalOverNRoundsUsesTheRoundMediansAndNMinusOneDegreesOfFreedom() {
        int rounds = AnchorsProfile.QUICK.rounds().minRounds();
        double[] mirrored = {30, 26, 39, 28, 33, 27};
        double[] doubled = {34, 35, 52, 31, 40, 36};
        AnchorClaimsTest.Builder b = new AnchorClaimsTest.Builder(rounds);
        double[] logs = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            // Inside a round the repetitions differ by ±1 %: the round's median is the middle one.
            fill(b.round(AnchorClaimsTest.MIRRORED, r), mirrored[r]);
            fill(b.round("spsc@doubled", r), doubled[r]);
            logs[r] = Math.log(doubled[r] / mirrored[r]);
        }
        Claim c = b.claims().all().stream().filter(k -> k.id().equals("goal.path-over-mirrored.spsc@doubled"))
                .findFirst().orElseThrow(() -> new AssertionError("no doubled path claim"));
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double ss = java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
        double half = TDistribution.of(rounds - 1).inverseCumulativeProbability(0.975)
                * Math.sqrt(ss / (rounds - 1) / rounds);
        assertEquals(rounds, c.judgement().rounds(), c.toString());
        assertEquals(Math.exp(mean - half), c.judgement().low(), 1e-9, c.toString());
        assertEquals(Math.exp(mean + half), c.judgement().high(), 1e-9, c.toString());
        assertTrue(c.judgement().method().contains("t over " + rounds + " rounds"), c.judgement().method());
    }

    private static void fill(AnchorSamples s, double path) {
        for (int size = 0; size < AnchorSamples.SIZES.length; size++) {
            double[] p = s.path()[size];
            for (int i = 0; i < p.length; i++) {
                p[i] = path * (size + 1) * (1 + 0.01 * (i - (p.length - 1) / 2.0));
            }
            java.util.Arrays.fill(s.mechanism()[size], 0);
            java.util.Arrays.fill(s.mechanismBytes()[size], 0);
        }
    }
}
