package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** ab's interval math against values worked out by hand, and which figures it judges. */
class AbFiguresTest {

    /** Student's t, 0.975 quantile, 2 degrees of freedom. */
    private static final double T_2 = 4.302652729749462;

    private static ExperimentTask.Figure figure(String metric, String unit, boolean higher, boolean timed,
                                                double... samples) {
        return new ExperimentTask.Figure("x|" + metric, "size=1", metric, unit, higher, timed, samples);
    }

    /** Rounds of one figure: {@code a[r][i]} and {@code b[r][i]} the median of repetition i of round r. */
    private static List<AbRounds.RoundRun> rounds(String unit, boolean higher, double[][] a, double[][] b) {
        List<AbRounds.RoundRun> out = new ArrayList<>();
        for (int r = 0; r < a.length; r++) {
            out.add(new AbRounds.RoundRun(r, "x", List.of("A", "B"), figures(unit, higher, a[r]),
                    figures(unit, higher, b[r])));
        }
        return out;
    }

    private static ExperimentTask.Figures figures(String unit, boolean higher, double[] repetitions) {
        List<List<ExperimentTask.Figure>> reps = new ArrayList<>();
        for (double v : repetitions) {
            // three samples whose median is v
            reps.add(List.of(figure("work", unit, higher, true, v * 0.9, v, v * 1.2)));
        }
        return new ExperimentTask.Figures(reps, List.of());
    }

    private static AbFigures.Row only(AbFigures.Result r) {
        assertEquals(1, r.rows().size(), r.toString());
        return r.rows().getFirst();
    }

    @Test
    void theIntervalIsStudentsTOnTheRoundsLogRatios() {
        double[][] a = {{1}, {1}, {1}};
        double[][] b = {{Math.exp(0.1)}, {Math.exp(-0.1)}, {Math.exp(0.3)}};
        AbFigures.Row row = only(AbFigures.judge(List.of("x"), rounds("ns", false, a, b)));
        // log-ratios 0.1, -0.1, 0.3: mean 0.1, s = 0.2, half = t(2) * 0.2 / sqrt(3)
        double half = T_2 * 0.2 / Math.sqrt(3);
        assertEquals(Math.exp(0.1), row.estimate().ratio(), 1e-9);
        assertEquals(Math.exp(0.1 - half), row.estimate().low(), 1e-6);
        assertEquals(Math.exp(0.1 + half), row.estimate().high(), 1e-6);
        assertEquals(Math.exp(half) - 1, row.halfWidth(), 1e-6);
        assertArrayEquals(new double[] {Math.exp(0.1), Math.exp(-0.1), Math.exp(0.3)}, row.roundRatios(), 1e-12);
        assertEquals(AbFigures.Verdict.SAME, row.verdict(), "the interval [0.67, 1.82] includes 1");
        assertEquals(3, row.estimate().rounds());
    }

    @Test
    void thePValueIsStudentsTTestOfAZeroMeanLogRatio() {
        // log-ratios 0.1, -0.1, 0.3: t = 0.1 / (0.2 / √3); with 2 degrees of freedom the two-sided
        // p has the closed form 1 − t / √(2 + t²).
        double t = 0.1 / (0.2 / Math.sqrt(3));
        AbFigures.Row row = only(AbFigures.judge(List.of("x"), rounds("ns", false, new double[][] {{1}, {1}, {1}},
                new double[][] {{Math.exp(0.1)}, {Math.exp(-0.1)}, {Math.exp(0.3)}})));
        assertEquals(1 - t / Math.sqrt(2 + t * t), row.p(), 1e-9);
        // t(0.975; 2) = 4.3027 from the tables: rounds that far from zero have p = 0.05.
        double s = 0.2;
        double m = 4.302653 * s / Math.sqrt(3);
        PairedRounds.Cell edge = new PairedRounds.Cell(new double[] {m - s, m, m + s}, 3);
        assertEquals(0.05, AbFigures.pValue(edge), 1e-6);
    }

    @Test
    void aChangeIsCalledInTheFiguresDirection() {
        double[][] a = {{10}, {10}, {10}};
        double[][] b = {{10 * Math.exp(-0.5)}, {10 * Math.exp(-0.52)}, {10 * Math.exp(-0.48)}};
        AbFigures.Row time = only(AbFigures.judge(List.of("x"), rounds("ns/op", false, a, b)));
        assertTrue(time.estimate().high() < 1, time.toString());
        assertEquals(AbFigures.Verdict.FASTER, time.verdict(), "less time per operation");
        AbFigures.Row rate = only(AbFigures.judge(List.of("x"), rounds("ops/us", true, a, b)));
        assertEquals(AbFigures.Verdict.SLOWER, rate.verdict(), "fewer operations per microsecond");
    }

    @Test
    void aDuetRoundIsTheMeanLogRatioOfItsRepetitionPairs() {
        double[][] a = {{1, 1}, {1, 1}, {2, 2}};
        double[][] b = {{Math.exp(0.2), 1}, {Math.exp(0.1), Math.exp(0.1)}, {2, 2 * Math.exp(0.2)}};
        AbFigures.Row row = only(AbFigures.judge(List.of("x"), rounds("ns", false, a, b)));
        // every round's mean log-ratio is 0.1: no spread, an interval of zero width at e^0.1
        assertArrayEquals(new double[] {Math.exp(0.1), Math.exp(0.1), Math.exp(0.1)}, row.roundRatios(), 1e-12);
        assertEquals(Math.exp(0.1), row.estimate().low(), 1e-9);
        assertEquals(Math.exp(0.1), row.estimate().high(), 1e-9);
        assertEquals(AbFigures.Verdict.SLOWER, row.verdict());
    }

    @Test
    void oneRoundHasARatioButNoInterval() {
        AbFigures.Row row = only(AbFigures.judge(List.of("x"), rounds("ns", false, new double[][] {{1}},
                new double[][] {{2}})));
        assertEquals(2, row.estimate().ratio(), 1e-12);
        assertEquals(AbFigures.Verdict.INCONCLUSIVE, row.verdict());
        assertTrue(Double.isNaN(row.halfWidth()));
        assertTrue(row.why().contains("one round"), row.why());
    }

    @Test
    void countersAndOneSidedFiguresAreListedNotJudged() {
        ExperimentTask.Figure timed = figure("work", "ns", false, true, 1, 2, 3);
        ExperimentTask.Figure counter = figure("copies", "bytes", false, false, 64);
        ExperimentTask.Figure onlyB = figure("new", "ns", false, true, 5);
        List<AbRounds.RoundRun> runs = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            runs.add(new AbRounds.RoundRun(r, "x", List.of("B", "A"),
                    new ExperimentTask.Figures(List.of(List.of(timed, counter)), List.of()),
                    new ExperimentTask.Figures(List.of(List.of(timed, counter, onlyB)), List.of())));
        }
        AbFigures.Result result = AbFigures.judge(List.of("x"), runs);
        assertEquals("work", only(result).metric());
        assertEquals(2, result.leftOut().size(), result.leftOut().toString());
        assertTrue(result.leftOut().stream().anyMatch(s -> s.contains("new") && s.contains("by B only")),
                result.leftOut().toString());
        assertTrue(result.leftOut().stream().anyMatch(s -> s.contains("1 figures that are not timings")),
                result.leftOut().toString());
    }

    @Test
    void aRoundWithoutTheFigureOnOneSideMakesItInconclusiveSayingWhich() {
        ExperimentTask.Figure timed = figure("work", "ns", false, true, 1, 2, 3);
        List<AbRounds.RoundRun> runs = List.of(
                new AbRounds.RoundRun(0, "x", List.of("A", "B"), new ExperimentTask.Figures(List.of(List.of(timed)),
                        List.of()), new ExperimentTask.Figures(List.of(List.of(timed)), List.of())),
                new AbRounds.RoundRun(1, "x", List.of("A", "B"), new ExperimentTask.Figures(List.of(List.of(timed)),
                        List.of()), new ExperimentTask.Figures(List.of(List.of()), List.of())));
        AbFigures.Row row = only(AbFigures.judge(List.of("x"), runs));
        assertEquals(AbFigures.Verdict.INCONCLUSIVE, row.verdict());
        assertTrue(row.why().contains("round 2") && row.why().contains("0 from B"), row.why());
    }

    @Test
    void thePValueIsTheTwoSidedTTestOfTheLogRatios() {
        double[][] a = {{1}, {1}, {1}};
        double[][] b = {{Math.exp(0.1)}, {Math.exp(-0.1)}, {Math.exp(0.3)}};
        AbFigures.Row row = only(AbFigures.judge(List.of("x"), rounds("ns", false, a, b)));
        // t = 0.1 / (0.2 / sqrt 3); with 2 degrees of freedom the two-sided p is 1 - t / sqrt(2 + t^2)
        double t = 0.1 / (0.2 / Math.sqrt(3));
        assertEquals(1 - t / Math.sqrt(2 + t * t), row.p(), 1e-9);
        assertEquals(row.p(), row.q(), 1e-12, "one figure: nothing to adjust for");
    }

    private static AbFigures.Row withP(String name, double p) {
        return new AbFigures.Row("x", name, name, "work", "ns", false, new Estimate(1.2, 1.1, 1.3, 3, 9, "t"), 0.1,
                new double[] {1.2, 1.2, 1.2}, p, Double.NaN, AbFigures.Verdict.SAME, "");
    }

    @Test
    void manyFiguresAreJudgedTogetherSoAChanceIntervalIsNotCalledChanged() {
        // sorted p 0.01, 0.03, 0.04, 0.5 over m = 4: m*p/k = 0.04, 0.06, 0.0533, 0.5; q is the running minimum
        // from the largest down: 0.04, 0.0533, 0.0533, 0.5
        List<AbFigures.Row> rows = AbFigures.adjusted(List.of(withP("a", 0.04), withP("b", 0.01), withP("c", 0.5),
                withP("d", 0.03)));
        assertEquals(0.16 / 3, rows.get(0).q(), 1e-12);
        assertEquals(0.04, rows.get(1).q(), 1e-12);
        assertEquals(0.5, rows.get(2).q(), 1e-12);
        assertEquals(0.16 / 3, rows.get(3).q(), 1e-12);
        assertEquals(List.of(AbFigures.Verdict.SAME, AbFigures.Verdict.SLOWER, AbFigures.Verdict.SAME,
                AbFigures.Verdict.SAME), rows.stream().map(AbFigures.Row::verdict).toList(),
                "p 0.03 and 0.04 would each be 'slower' alone; among four figures only p 0.01 is");
    }

    @Test
    void aFigureWithoutAPValueKeepsItsVerdictAndTakesNoShareOfTheAdjustment() {
        AbFigures.Row none = new AbFigures.Row("x", "n", "n", "work", "ns", false, Estimate.NONE, Double.NaN,
                new double[0], Double.NaN, Double.NaN, AbFigures.Verdict.INCONCLUSIVE, "one round");
        List<AbFigures.Row> rows = AbFigures.adjusted(List.of(none, withP("a", 0.02)));
        assertEquals(AbFigures.Verdict.INCONCLUSIVE, rows.get(0).verdict());
        assertTrue(Double.isNaN(rows.get(0).q()));
        assertEquals(0.02, rows.get(1).q(), 1e-12, "m counts only figures with a p-value");
        assertEquals(AbFigures.Verdict.SLOWER, rows.get(1).verdict());
    }
}
