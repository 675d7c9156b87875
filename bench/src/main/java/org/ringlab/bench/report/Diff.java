package org.ringlab.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.harness.Bootstrap;
import org.ringlab.bench.harness.Estimate;
import org.ringlab.bench.util.TextTable;

import static org.ringlab.bench.util.Stats.median;

/**
 * {@code ringlab diff A B}: for every measurement in both files, the ratio of the medians B/A
 * with a two-level percentile-bootstrap 95% confidence interval ({@link Bootstrap#unpaired}:
 * each side's forks resampled, then the repetitions inside them; fixed seed), and a verdict
 * beyond noise only when the interval excludes 1 and the change is at least
 * {@link #MIN_TIMING_EFFECT} (timings) or {@link #MIN_EFFECT} (counters). A timed figure from a
 * single JVM per side is not judged ({@link #SINGLE_FORK}). Where both runs of an experiment
 * carry a {@link Reference}, its timed figures are compared normalised by it
 * ({@link #compare(List, List, Map, Map)}). With a {@link NoiseFloor} measured on another A/A
 * pair, a timed figure is changed only when its interval clears its floor ({@link #withFloor}).
 */
public final class Diff {

    public static final int RESAMPLES = Bootstrap.RESAMPLES;
    public static final long BOOTSTRAP_SEED = Bootstrap.SEED;
    public static final double CONFIDENCE = Bootstrap.CONFIDENCE;
    /**
     * A timed figure needs this many forked JVMs on each side to be judged: with one, the
     * interval holds only the noise inside one JVM, and two quiet runs of one commit then
     * differed in a fifth of their figures.
     */
    public static final int MIN_FORKS = 2;
    /** The verdict of a timed figure measured in fewer than {@link #MIN_FORKS} JVMs. */
    public static final String SINGLE_FORK = "single fork";
    /** Timed changes smaller than this are "negligible": below what forks of one commit differ by here. */
    public static final double MIN_TIMING_EFFECT = 0.05;
    /**
     * Smaller changes are "negligible" even when the interval excludes 1. The bootstrap sees only
     * the spread within each run, not the drift between runs, and an exact counter (Pss of a
     * 128 MiB ring) moves by a few pages from run to run: two quick runs on one quiet machine
     * called such 0.1 % moves "worse".
     */
    public static final double MIN_EFFECT = 0.02;
    /** The verdict of a timed figure whose interval excludes 1 but not its {@link NoiseFloor}. */
    public static final String WITHIN_FLOOR = "within A/A floor";
    private static final java.util.Set<String> CHANGES = java.util.Set.of("faster", "slower", "better", "worse");

    /**
     * One compared figure.
     *
     * @param ratio   median(B) / median(A)
     * @param low     lower end of the interval of the ratio
     * @param high    upper end
     * @param verdict faster, slower, better, worse, within noise, negligible (under {@link #MIN_EFFECT}),
     *                unchanged (every resample gave 1), or why it
     *                cannot be judged
     * @param reference the reference kernel's median B/A that divided a time's ratio (multiplied
     *                a rate's), NaN when the figure was compared as measured
     * @param floor   the {@link NoiseFloor} factor the interval had to clear, NaN when none applied
     */
    public record Row(Measurement a, Measurement b, double ratio, double low, double high, String verdict,
                      double reference, double floor) {

        /** A row compared as measured (no reference). */
        public Row(Measurement a, Measurement b, double ratio, double low, double high, String verdict) {
            this(a, b, ratio, low, high, verdict, Double.NaN);
        }

        /** A row judged without a noise floor. */
        public Row(Measurement a, Measurement b, double ratio, double low, double high, String verdict,
                   double reference) {
            this(a, b, ratio, low, high, verdict, reference, Double.NaN);
        }

        /** Whether an A/A noise floor was applied to this row ({@link #floor}). */
        public boolean floored() {
            return Double.isFinite(floor);
        }

        /** Faster, slower, better or worse: a change beyond noise. */
        public boolean changed() {
            return CHANGES.contains(verdict);
        }

        /** Whether {@link #ratio} is normalised by the runs' reference loop ({@link #reference} = its B/A). */
        public boolean normalised() {
            return Double.isFinite(reference);
        }
    }

    /**
     * What the two files have in common, and what only one of them has.
     *
     * @param floor where the {@link NoiseFloor} the rows were judged by came from, {@code null} without one
     */
    public record Result(List<Row> rows, List<String> onlyInA, List<String> onlyInB, List<String> notes,
                         String floor) {

        public Result(List<Row> rows, List<String> onlyInA, List<String> onlyInB, List<String> notes) {
            this(rows, onlyInA, onlyInB, notes, null);
        }

        public Result(List<Row> rows, List<String> onlyInA, List<String> onlyInB) {
            this(rows, onlyInA, onlyInB, List.of());
        }
    }

    /**
     * A reference whose own B/A is this uncertain (the high end of its 95 % interval over the
     * low end) does not normalise: dividing by it would widen every interval of its experiment
     * until a real 15 % slowdown reads "within noise". Seen at load 7-11: the memory kernel's
     * per-child medians spread 15x while other builds came and went, its B/A 1.74 [0.9, 3]
     * while history's own figures moved 0.73x.
     */
    public static final double MAX_REFERENCE_WIDTH = 1.15;

    private Diff() {
    }

    /** Every figure as measured: no reference (synthetic results, files without one). */
    public static Result compare(List<Measurement> a, List<Measurement> b) {
        return compare(a, b, Map.of(), Map.of());
    }

    /**
     * Timed figures ({@link Measurement#timed}) of an experiment whose two runs both carry a
     * {@link Reference} of the same kernel are compared normalised: their ratio B/A is divided
     * by the reference's B/A (a rate's multiplied), so a whole-VM shift between the runs, which
     * moves every figure and the reference alike, is not called a change, while one strategy
     * slowed by its own code still is. Other figures are compared as measured.
     */
    public static Result compare(List<Measurement> a, List<Measurement> b, Map<String, Reference> referencesA,
                                 Map<String, Reference> referencesB) {
        Map<String, Measurement> byKeyB = new LinkedHashMap<>();
        b.forEach(m -> byKeyB.put(m.key(), m));
        List<Row> rows = new ArrayList<>();
        List<String> onlyA = new ArrayList<>();
        // Once per experiment; empty: its reference is too noisy to normalise by.
        Map<String, java.util.Optional<Bootstrap.Resampled>> resampled = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (Measurement ma : a) {
            Measurement mb = byKeyB.remove(ma.key());
            if (mb == null) {
                onlyA.add(ma.key());
            } else {
                Reference ra = referencesA.get(ma.experiment());
                Reference rb = referencesB.get(mb.experiment());
                boolean normalise = ma.timed() && mb.timed() && ra != null && rb != null && ra.kernel() == rb.kernel();
                Bootstrap.Resampled ref = !normalise ? null : resampled.computeIfAbsent(ma.experiment(), id -> {
                    Bootstrap.Resampled r = Bootstrap.resampled(ra.groups(), rb.groups());
                    Estimate e = r.interval();
                    if (!(e.high() / e.low() <= MAX_REFERENCE_WIDTH)) {
                        notes.add(String.format(Locale.ROOT, "%s: compared as measured; its %s reference is too noisy"
                                + " to normalise by: ref B/A %.3f [%.3f, %.3f], wider than %.2fx", id, ra.kernel().id(),
                                r.point(), e.low(), e.high(), MAX_REFERENCE_WIDTH));
                        return java.util.Optional.empty();
                    }
                    return java.util.Optional.of(r);
                }).orElse(null);
                rows.add(ref != null ? row(ma, mb, ref) : row(ma, mb));
            }
        }
        return new Result(rows, onlyA, new ArrayList<>(byKeyB.keySet()), notes);
    }

    /**
     * Whether {@code verdict} is a judgement (a change, noise, negligible, unchanged) rather than
     * a reason the figure could not be judged (single fork, too few or no finite samples, A is 0).
     */
    public static boolean judged(String verdict) {
        return !(verdict.equals(SINGLE_FORK) || verdict.startsWith("too few") || verdict.startsWith("no finite")
                || verdict.startsWith("A is 0"));
    }

    /**
     * {@code r} judged against an A/A noise floor measured on another pair: a timed figure the
     * floor covers stays changed only when its whole interval clears the floor (low end above
     * it, or high end below its inverse), else it is {@link #WITHIN_FLOOR}; figures it does not
     * cover keep their verdict. {@code description} (where the floor came from) leads the notes.
     */
    public static Result withFloor(Result r, Map<String, Double> floors, String description) {
        List<Row> rows = new ArrayList<>();
        for (Row row : r.rows()) {
            Double f = row.a().timed() ? floors.get(row.a().key()) : null;
            if (f == null) {
                rows.add(row);
                continue;
            }
            String verdict = row.verdict();
            if (row.changed() && !(row.low() > f || row.high() < 1 / f)) {
                verdict = WITHIN_FLOOR;
            }
            rows.add(new Row(row.a(), row.b(), row.ratio(), row.low(), row.high(), verdict, row.reference(), f));
        }
        long timed = r.rows().stream().filter(row -> row.a().timed() && judged(row.verdict())).count();
        long covered = rows.stream().filter(row -> row.floored() && judged(row.verdict())).count();
        String floor = description + String.format(Locale.ROOT, " It covers %d of the %d judged timed figures here.",
                covered, timed);
        return new Result(rows, r.onlyInA(), r.onlyInB(), r.notes(), floor);
    }

    static Row row(Measurement a, Measurement b) {
        return row(a, b, null);
    }

    static Row row(Measurement a, Measurement b, Bootstrap.Resampled ref) {
        double[] sa = finite(a.samples());
        double[] sb = finite(b.samples());
        if (sa.length == 0 || sb.length == 0) {
            return new Row(a, b, Double.NaN, Double.NaN, Double.NaN, "no finite samples");
        }
        double ma = median(sa);
        double mb = median(sb);
        if (ma == 0) {
            return new Row(a, b, Double.NaN, Double.NaN, Double.NaN, mb == 0 ? "unchanged (0)" : "A is 0: no ratio");
        }
        double reference = ref == null ? Double.NaN : ref.point();
        int exponent = b.higherIsBetter() ? 1 : -1;
        double ratio = mb / ma * (ref == null ? 1 : Math.pow(reference, exponent));
        Estimate e = ref == null ? Bootstrap.unpaired(a.groups(), b.groups())
                : Bootstrap.unpairedNormalised(a.groups(), b.groups(), ref, exponent);
        double[] ci = {e.low(), e.high()};
        boolean exact = a.deterministic() && b.deterministic();
        if (!exact && (sa.length < 2 || sb.length < 2)) {
            return new Row(a, b, ratio, ci[0], ci[1], "too few samples (" + sa.length + " vs " + sb.length + ")",
                    reference);
        }
        if (!exact && (a.forkCount() < MIN_FORKS || b.forkCount() < MIN_FORKS)) {
            return new Row(a, b, ratio, ci[0], ci[1], SINGLE_FORK, reference);
        }
        String verdict;
        if (ci[0] == 1 && ci[1] == 1) {
            verdict = "unchanged";
        } else if (ci[0] <= 1 && ci[1] >= 1) {
            verdict = "within noise";
        } else if (Math.abs(ratio - 1) < (exact ? MIN_EFFECT : MIN_TIMING_EFFECT)) {
            verdict = "negligible";
        } else {
            boolean higher = ci[0] > 1;
            boolean improved = higher == b.higherIsBetter();
            boolean timing = !b.deterministic();
            verdict = timing ? (improved ? "faster" : "slower") : (improved ? "better" : "worse");
        }
        return new Row(a, b, ratio, ci[0], ci[1], verdict, reference);
    }

    private static double[] finite(double[] v) {
        return Arrays.stream(v).filter(Double::isFinite).toArray();
    }

    /**
     * What every diff says first: two runs at different times cannot tell a drift of the machine
     * between them from a change of the code; interleaving the builds in one run can.
     */
    public static final String SEPARATE_RUNS = ReportText.PROSE.text("diff-separate-runs");

    /** The table printed by {@code ringlab diff}, then the keys only one file has. */
    public static String render(Result r, String nameA, String nameB) {
        List<List<String>> rows = new ArrayList<>();
        boolean floored = r.floor() != null;
        for (Row row : r.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.a().experiment(), row.a().combination(),
                    row.a().metric(), row.a().unit(),
                    ReportText.number(row.a().median()), ReportText.number(row.b().median()),
                    row.normalised() ? ratio(row.reference()) : "-", ratio(row.ratio()),
                    Double.isNaN(row.low()) ? "-" : "[" + ratio(row.low()) + ", " + ratio(row.high()) + "]"));
            if (floored) {
                cells.add(row.floored() ? ratio(row.floor()) : "-");
            }
            cells.add(row.verdict());
            rows.add(cells);
        }
        StringBuilder b = new StringBuilder();
        b.append("A = ").append(nameA).append("\nB = ").append(nameB).append('\n');
        b.append(SEPARATE_RUNS).append("\n\n");
        b.append(ReportText.PROSE.text("diff-method", Math.round(CONFIDENCE * 100), RESAMPLES, BOOTSTRAP_SEED,
                MIN_TIMING_EFFECT * 100, MIN_EFFECT * 100, MIN_FORKS, SINGLE_FORK)).append("\n\n");
        long normalised = r.rows().stream().filter(Row::normalised).count();
        b.append(ReportText.PROSE.text("diff-normalised", normalised, r.rows().size())).append("\n\n");
        b.append(floored ? r.floor() : ReportText.PROSE.text("diff-no-floor")).append('\n');
        r.notes().forEach(n -> b.append(n).append('\n'));
        if (!r.notes().isEmpty()) {
            b.append('\n');
        }
        List<String> header = new ArrayList<>(List.of("experiment", "figure", "metric", "unit", "A median",
                "B median", "ref B/A", "B/A", "95% interval"));
        if (floored) {
            header.add("A/A floor");
        }
        header.add("verdict");
        b.append(TextTable.render(header, rows, 3, false));
        Map<String, Long> verdicts = new LinkedHashMap<>();
        r.rows().forEach(row -> verdicts.merge(row.verdict(), 1L, Long::sum));
        b.append('\n').append(r.rows().size()).append(" compared (").append(normalised).append(" normalised): ")
                .append(verdicts).append('\n');
        if (!r.onlyInA().isEmpty()) {
            b.append("\nOnly in A (").append(r.onlyInA().size()).append("):\n");
            r.onlyInA().forEach(k -> b.append("  ").append(k).append('\n'));
        }
        if (!r.onlyInB().isEmpty()) {
            b.append("\nOnly in B (").append(r.onlyInB().size()).append("):\n");
            r.onlyInB().forEach(k -> b.append("  ").append(k).append('\n'));
        }
        return b.toString();
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "-";
    }
}
