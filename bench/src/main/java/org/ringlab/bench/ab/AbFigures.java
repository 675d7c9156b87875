package org.ringlab.bench.ab;

import org.ringlab.bench.harness.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.inference.TTest;
import org.ringlab.bench.util.Stats;

/**
 * The verdicts of {@code ringlab ab}: every timed figure judged as the ratio B/A over the rounds'
 * paired log-ratios. A round's log-ratio is ln(median(B) / median(A)) of that round's two
 * children; in a duet, the mean over its synchronized repetition pairs of each pair's
 * ln(median(B) / median(A)), so the round stays the unit of the interval (pairs within one pair
 * of JVMs share JIT decisions and are not independent). The interval is Student's t on the
 * rounds' log-ratios ({@link PairedRounds}), exponentiated.
 * <p>
 * A run judges many figures at once, and at 95 % about one in twenty intervals excludes 1 by
 * chance alone. So a figure is called changed only when its false-discovery-adjusted p-value
 * (Benjamini–Hochberg over the run's judged figures, {@link #FALSE_DISCOVERY_RATE}) is at most
 * 5 %; when nothing changed, the chance of calling any figure changed is then at most 5 %
 * for the whole run, not per figure. Otherwise it is "same", with the half-width that says how
 * large a change could have hidden inside the noise.
 */
public final class AbFigures {

    /** The expected share of false calls among the figures called faster or slower. */
    public static final double FALSE_DISCOVERY_RATE = 0.05;

    /** The verdict of one figure. */
    public enum Verdict {
        FASTER, SLOWER, SAME, INCONCLUSIVE;

        /** {@code "faster"}, ... as the table prints it. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One judged figure.
     *
     * @param experiment  the experiment id
     * @param key         the figure's key ({@code Measurement.key()})
     * @param combination its labels joined, for the table
     * @param metric      what was measured
     * @param unit        its unit
     * @param higherIsBetter its direction
     * @param estimate    B/A with its 95 % interval
     * @param halfWidth   the interval's half-width as a relative change (0.05 = ±5 %), NaN without an interval
     * @param roundRatios each round's B/A
     * @param p           two-sided p-value of "B/A = 1" (Student's t on the rounds' log-ratios), NaN without one
     * @param q           {@code p} adjusted for the run's judged figures (Benjamini–Hochberg), NaN without one
     * @param verdict     faster / slower / same / inconclusive (B against A)
     * @param why         for an inconclusive figure, why
     */
    public record Row(String experiment, String key, String combination, String metric, String unit,
                      boolean higherIsBetter, Estimate estimate, double halfWidth, double[] roundRatios,
                      double p, double q, Verdict verdict, String why) {

        public Row {
            roundRatios = roundRatios.clone();
        }
    }

    /** Every judged figure, and the figures left out (not timed, or on one side only) with why. */
    public record Result(List<Row> rows, List<String> leftOut) {

        public Result {
            rows = List.copyOf(rows);
            leftOut = List.copyOf(leftOut);
        }
    }

    private AbFigures() {
    }

    /** Judges every timed figure the rounds measured, experiment by experiment in {@code experiments}' order. */
    public static Result judge(List<String> experiments, List<AbRounds.RoundRun> runs) {
        List<Row> rows = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (String experiment : experiments) {
            List<AbRounds.RoundRun> mine = runs.stream().filter(r -> r.experiment().equals(experiment))
                    .sorted(java.util.Comparator.comparingInt(AbRounds.RoundRun::round)).toList();
            if (mine.isEmpty()) {
                continue;
            }
            Map<String, ExperimentTask.Figure> seen = new LinkedHashMap<>();
            Map<String, java.util.Set<String>> sides = new LinkedHashMap<>();
            for (AbRounds.RoundRun r : mine) {
                note(r.a(), "A", seen, sides);
                note(r.b(), "B", seen, sides);
            }
            int untimed = 0;
            for (ExperimentTask.Figure f : seen.values()) {
                java.util.Set<String> on = sides.get(f.key());
                if (!on.contains("A") || !on.contains("B")) {
                    leftOut.add(experiment + " " + f.combination() + " " + f.metric() + ": measured by "
                            + (on.contains("A") ? "A" : "B") + " only");
                } else if (!f.timed()) {
                    untimed++;
                } else {
                    rows.add(judge(experiment, f, mine));
                }
            }
            if (untimed > 0) {
                leftOut.add(experiment + ": " + untimed + " figures that are not timings (counters, ratios, shares)"
                        + " not judged");
            }
        }
        return new Result(adjusted(rows), leftOut);
    }

    /**
     * The rows with their q-values and verdicts: Benjamini–Hochberg step-up over the rows that
     * have a p-value, q(i) = min over j ≥ i of m·p(j)/j in ascending order of p, at most 1.
     */
    static List<Row> adjusted(List<Row> rows) {
        Integer[] order = java.util.stream.IntStream.range(0, rows.size()).filter(i -> !Double.isNaN(rows.get(i).p()))
                .boxed().sorted(java.util.Comparator.comparingDouble(i -> rows.get(i).p())).toArray(Integer[]::new);
        int m = order.length;
        double[] q = new double[rows.size()];
        Arrays.fill(q, Double.NaN);
        double running = 1;
        for (int k = m - 1; k >= 0; k--) {
            running = Math.min(running, rows.get(order[k]).p() * m / (k + 1));
            q[order[k]] = running;
        }
        List<Row> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (Double.isNaN(q[i])) {
                out.add(r);
                continue;
            }
            Verdict v = q[i] > FALSE_DISCOVERY_RATE ? Verdict.SAME
                    : (r.estimate().ratio() > 1) == r.higherIsBetter() ? Verdict.FASTER : Verdict.SLOWER;
            out.add(new Row(r.experiment(), r.key(), r.combination(), r.metric(), r.unit(), r.higherIsBetter(),
                    r.estimate(), r.halfWidth(), r.roundRatios(), r.p(), q[i], v, r.why()));
        }
        return out;
    }

    /** One figure over the rounds. */
    static Row judge(String experiment, ExperimentTask.Figure f, List<AbRounds.RoundRun> rounds) {
        double[] logs = new double[rounds.size()];
        int samplesA = 0;
        int samplesB = 0;
        for (int r = 0; r < rounds.size(); r++) {
            List<double[]> a = samples(rounds.get(r).a(), f.key());
            List<double[]> b = samples(rounds.get(r).b(), f.key());
            if (a.size() != b.size() || a.isEmpty()) {
                return inconclusive(experiment, f, "round " + (rounds.get(r).round() + 1) + " has " + a.size()
                        + " repetitions of it from A and " + b.size() + " from B");
            }
            double sum = 0;
            for (int i = 0; i < a.size(); i++) {
                double[] fa = finite(a.get(i));
                double[] fb = finite(b.get(i));
                if (fa.length == 0 || fb.length == 0) {
                    return inconclusive(experiment, f, "round " + (rounds.get(r).round() + 1) + " has no finite sample"
                            + " on side " + (fa.length == 0 ? "A" : "B"));
                }
                double ratio = Stats.median(fb) / Stats.median(fa);
                if (!(ratio > 0) || !Double.isFinite(ratio)) {
                    return inconclusive(experiment, f, "round " + (rounds.get(r).round() + 1) + " has ratio " + ratio
                            + ", which has no logarithm");
                }
                sum += Math.log(ratio);
                samplesA += fa.length;
                samplesB += fb.length;
            }
            logs[r] = sum / a.size();
        }
        return of(experiment, f, new PairedRounds.Cell(logs, Math.min(samplesA, samplesB)));
    }

    /** The verdict on rounds' log-ratios {@code cell}. */
    static Row of(String experiment, ExperimentTask.Figure f, PairedRounds.Cell cell) {
        double[] ratios = Arrays.stream(cell.logRatios()).map(Math::exp).toArray();
        if (cell.rounds() < 2) {
            Estimate e = PairedRounds.oneRound(cell);
            return new Row(experiment, f.key(), f.combination(), f.metric(), f.unit(), f.higherIsBetter(), e, Double.NaN,
                    ratios, Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, e.method());
        }
        Estimate e = PairedRounds.interval(cell, cell.sumOfSquares() / cell.df(), cell.df(),
                "t over " + cell.rounds() + " rounds");
        return new Row(experiment, f.key(), f.combination(), f.metric(), f.unit(), f.higherIsBetter(), e,
                halfWidth(e), ratios, pValue(cell), Double.NaN, Verdict.SAME, "");
    }

    /**
     * Two-sided p of a zero mean log-ratio (Student's one-sample t test); rounds that agree exactly
     * have no spread to test against: p is 0 for a change, 1 for none.
     */
    static double pValue(PairedRounds.Cell cell) {
        if (cell.sumOfSquares() == 0) {
            return cell.mean() == 0 ? 1 : 0;
        }
        return TTest.withDefaults().test(cell.logRatios()).getPValue();
    }

    /** The half-width of a t interval on the log scale, as a relative change: sqrt(high / low) − 1. */
    public static double halfWidth(Estimate e) {
        return e.known() ? Math.sqrt(e.high() / e.low()) - 1 : Double.NaN;
    }

    private static Row inconclusive(String experiment, ExperimentTask.Figure f, String why) {
        return new Row(experiment, f.key(), f.combination(), f.metric(), f.unit(), f.higherIsBetter(), Estimate.NONE,
                Double.NaN, new double[0], Double.NaN, Double.NaN, Verdict.INCONCLUSIVE, why);
    }

    private static void note(ExperimentTask.Figures figures, String side, Map<String, ExperimentTask.Figure> seen,
                             Map<String, java.util.Set<String>> sides) {
        for (List<ExperimentTask.Figure> rep : figures.repetitions()) {
            for (ExperimentTask.Figure f : rep) {
                seen.putIfAbsent(f.key(), f);
                sides.computeIfAbsent(f.key(), k -> new java.util.TreeSet<>()).add(side);
            }
        }
    }

    /** The figure's samples in every repetition of one child, in repetition order. */
    private static List<double[]> samples(ExperimentTask.Figures figures, String key) {
        List<double[]> out = new ArrayList<>();
        for (List<ExperimentTask.Figure> rep : figures.repetitions()) {
            rep.stream().filter(x -> x.key().equals(key)).findFirst().ifPresent(x -> out.add(x.samples()));
        }
        return out;
    }

    private static double[] finite(double[] v) {
        return Arrays.stream(v).filter(Double::isFinite).toArray();
    }
}
