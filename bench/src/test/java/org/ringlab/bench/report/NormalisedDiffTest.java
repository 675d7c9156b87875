package org.ringlab.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.ringlab.bench.harness.ReferenceLoop;

/**
 * The whole-VM shift of stop 20's A/A pair (every history figure about 20 % slower in the second
 * run) against the reference loop: run B is drawn from run A's distribution on a VM 20 % slower,
 * which moves every figure AND every child's reference loop; one strategy of B is slowed by
 * its own code by a further 15 %. Compared as measured, the shift is called "slower" nearly
 * everywhere; normalised by the reference, at most 5 % of the other figures are called changed
 * and every figure of the slowed strategy is called "slower" (times and rates alike). The
 * noise (forks 3 %, repetitions 1 %, reference 2 % per child, 5 forks) is one where a 15 %
 * change is decidable, since this test is about the shift; what a noisier fork-to-fork spread
 * does to the rule is AaDiffTest's. Seeds fixed.
 */
class NormalisedDiffTest {

    private static final List<String> STRATEGIES = List.of("mirrored", "doubled", "split", "linearize", "slowed", "heap");
    private static final List<String> SIZES = List.of("64 B", "1 KiB", "4 KiB", "64 KiB", "1 MiB");
    private static final int FORKS = 5;
    private static final int REPS = 5;
    private static final double FORK_SIGMA = 0.03;
    private static final double REP_SIGMA = 0.01;
    private static final double REFERENCE_SIGMA = 0.02;
    private static final Set<String> CHANGED = Set.of("faster", "slower", "better", "worse");

    /** One run: per strategy and size a time (ns/put) and a rate (GB/s); its children's references. */
    private record Run(List<Measurement> measurements, Reference reference) {
    }

    private static Run run(long seed, double vm, String slowed, double factor) {
        Random random = new Random(seed);
        List<Measurement> list = new ArrayList<>();
        List<ReferenceLoop.Sample> children = new ArrayList<>();
        for (int s = 0; s < STRATEGIES.size(); s++) {
            for (int z = 0; z < SIZES.size(); z++) {
                double own = STRATEGIES.get(s).equals(slowed) ? factor : 1;
                double base = (20 + 7 * s) * (1 << (2 * z));
                List<double[]> times = new ArrayList<>();
                List<double[]> rates = new ArrayList<>();
                for (int f = 0; f < FORKS; f++) {
                    double jvm = Math.exp(random.nextGaussian() * FORK_SIGMA);
                    double[] t = new double[REPS];
                    double[] r = new double[REPS];
                    for (int k = 0; k < REPS; k++) {
                        t[k] = base * vm * own * jvm * Math.exp(random.nextGaussian() * REP_SIGMA);
                        r[k] = 1e3 / (base * vm * own * jvm * Math.exp(random.nextGaussian() * REP_SIGMA));
                    }
                    times.add(t);
                    rates.add(r);
                    children.add(new ReferenceLoop.Sample(reference(random, 1.1e6 * vm), reference(random, 180 * vm)));
                }
                Map<String, String> labels = Measurement.labels("strategy", STRATEGIES.get(s), "size", SIZES.get(z));
                list.add(Measurement.ofForks("history", labels, "write", "ns/put", false, false, times));
                list.add(Measurement.ofForks("history", labels, "copy", "GB/s", true, false, rates));
            }
        }
        return new Run(list, new Reference(ReferenceLoop.Kernel.MEMORY, children));
    }

    private static double[] reference(Random random, double median) {
        double[] r = new double[ReferenceLoop.REPETITIONS];
        for (int k = 0; k < r.length; k++) {
            r[k] = median * Math.exp(random.nextGaussian() * REFERENCE_SIGMA);
        }
        return r;
    }

    private static Diff.Result normalised(Run a, Run b) {
        return Diff.compare(a.measurements(), b.measurements(), Map.of("history", a.reference()),
                Map.of("history", b.reference()));
    }

    private static boolean changed(Diff.Row row) {
        return CHANGED.contains(row.verdict());
    }

    @Test
    void aUniformTwentyPercentShiftIsNotCalledChangedButAPlantedFifteenPercentSlowdownIs() {
        for (long pair = 0; pair < 3; pair++) {
            Run a = run(100 + pair, 1.0, null, 1);
            Run b = run(200 + pair, 1.2, "slowed", 1.15);

            long rawShifted = Diff.compare(a.measurements(), b.measurements()).rows().stream()
                    .filter(row -> !row.b().labels().get("strategy").equals("slowed")).filter(NormalisedDiffTest::changed)
                    .count();
            assertTrue(rawShifted > 40, "pair " + pair + ": as measured, the VM's shift is called a change ("
                    + rawShifted + " of 50): the test's premise");

            Diff.Result r = normalised(a, b);
            assertEquals(STRATEGIES.size() * SIZES.size() * 2, r.rows().size());
            assertTrue(r.rows().stream().allMatch(Diff.Row::normalised), "every timed figure is normalised");
            List<Diff.Row> others = r.rows().stream()
                    .filter(row -> !row.b().labels().get("strategy").equals("slowed")).toList();
            long falselyChanged = others.stream().filter(NormalisedDiffTest::changed).count();
            assertTrue(falselyChanged <= others.size() * 0.05, "pair " + pair + ": " + falselyChanged + " of "
                    + others.size() + " unslowed figures called changed:\n" + Diff.render(r, "A", "B"));
            for (Diff.Row row : r.rows()) {
                if (row.b().labels().get("strategy").equals("slowed")) {
                    assertEquals("slower", row.verdict(), "pair " + pair + ", " + row.b().combination() + " "
                            + row.b().metric() + ": ratio " + row.ratio() + " [" + row.low() + ", " + row.high() + "]");
                    assertEquals(row.b().higherIsBetter() ? 1 / 1.15 : 1.15, row.ratio(), 0.1,
                            "the slowdown's size, in reference units");
                }
            }
        }
    }

    @Test
    void aReferenceTooNoisyToKnowItsOwnMoveNormalisesNothingAndDiffSaysSo() {
        // Run B's children ran their reference while other builds came and went: each child's
        // loop 0.4x-2.5x slower (as the memory kernel at load 7-11), its figures unshifted.
        Run a = run(1, 1.0, "slowed", 1);
        Run b = run(2, 1.0, "slowed", 1.15);
        Random random = new Random(3);
        List<ReferenceLoop.Sample> noisy = b.reference().children().stream().map(c -> {
            double f = Math.exp(random.nextGaussian() * 0.8);
            return new ReferenceLoop.Sample(scaled(c.cpu(), f), scaled(c.memory(), f));
        }).toList();
        Diff.Result r = Diff.compare(a.measurements(), b.measurements(), Map.of("history", a.reference()),
                Map.of("history", new Reference(ReferenceLoop.Kernel.MEMORY, noisy)));
        assertTrue(r.rows().stream().noneMatch(Diff.Row::normalised), "nothing divided by a reference this noisy");
        assertEquals(1, r.notes().size(), r.notes().toString());
        assertTrue(Diff.render(r, "A", "B").contains("history: compared as measured; its memory reference is too noisy"),
                Diff.render(r, "A", "B"));
        // ... so a planted slowdown keeps its power: it would drown in the reference's interval otherwise.
        r.rows().stream().filter(row -> row.b().labels().get("strategy").equals("slowed"))
                .forEach(row -> assertEquals("slower", row.verdict(), row.b().combination() + " " + row.b().metric()));
    }

    private static double[] scaled(double[] v, double f) {
        return java.util.Arrays.stream(v).map(x -> x * f).toArray();
    }

    @Test
    void counterAndRatiosAreComparedAsMeasuredAndAMissingReferenceLeavesEveryFigureRaw() {
        Run a = run(1, 1.0, null, 1);
        Run b = run(2, 1.2, null, 1);
        Measurement ratioA = new Measurement("history", Map.of("strategy", "doubled"), "extra", "x", false, false,
                new double[] {2, 2.1, 2, 2.1}, new int[] {0, 0, 1, 1});
        Measurement ratioB = new Measurement("history", Map.of("strategy", "doubled"), "extra", "x", false, false,
                new double[] {2.4, 2.5, 2.4, 2.5}, new int[] {0, 0, 1, 1});
        Diff.Row ratio = Diff.compare(List.of(ratioA), List.of(ratioB), Map.of("history", a.reference()),
                Map.of("history", b.reference())).rows().getFirst();
        assertTrue(!ratio.normalised(), "a ratio of two figures of one run is not normalised: " + ratio);
        Diff.Result oneSided = Diff.compare(a.measurements(), b.measurements(), Map.of("history", a.reference()),
                Map.of());
        assertTrue(oneSided.rows().stream().noneMatch(Diff.Row::normalised), "B has no reference: nothing normalised");
        assertTrue(Diff.render(oneSided, "A", "B").contains("Normalised: 0 of"), Diff.render(oneSided, "A", "B"));
    }
}
