package org.ringlab.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.ringlab.bench.harness.RecordJson;
import org.ringlab.bench.util.Stats;

/**
 * A per-figure noise floor measured by an A/A pair: two runs of one commit on one machine
 * ({@code ringlab noise A B}), for {@code ringlab diff --noise-floor} to judge <em>another</em>
 * pair by. With two or three forks per side, the bootstrap interval of a figure's B/A is
 * narrower than the move between two runs (the three idle quick runs of {@code 4fcfbe2}: 10-17 %
 * of the timed figures called changed between runs of one commit), so the A/A pair's own
 * move is what says how far a figure moves when nothing changed.
 * <p>
 * A timed figure's <em>own</em> A/A move is the larger of how far its A/A ratio moved,
 * max(B/A, A/B), and the half-width of that ratio's 95 % interval on a log scale,
 * {@code sqrt(high / low)}: a figure that moved 1.3x with a narrow interval moved 1.3x. One pair
 * gives one draw of that move per figure, a noisy estimate, so figures are pooled by
 * <em>kind</em> (experiment, measurement name and unit: {@link #kind}): a figure's floor is the
 * larger of its own move and the median own move of its kind, and at least {@link #MINIMUM}
 * (a factor: 1.13 means "B/A inside [1/1.13, 1.13] is noise"). A figure noisier than its kind
 * keeps its own move; one that happened to sit still in the A/A pair gets its kind's typical
 * move. {@link Diff} then calls that figure changed only when its whole interval clears the
 * floor: its low end above the floor, or its high end below 1/floor. Figures the pair could not
 * judge (a single fork, no finite samples) get no floor and keep diff's plain rule, and diff
 * says how many did.
 * <p>
 * Written and read by Jackson from these records, described by {@code noise.schema.json}.
 *
 * @param format      {@link #FORMAT}
 * @param version     {@link #VERSION}
 * @param minimum     the least floor given to any figure
 * @param calibration the A/A pair the floor was measured on
 * @param kinds       per kind of figure, the median own move its figures' floors are at least
 * @param figures     one floor per timed figure the pair judged, in diff's order
 */
public record NoiseFloor(String format, int version, double minimum, Calibration calibration,
                         List<KindFloor> kinds, List<FigureFloor> figures) {

    public static final String FORMAT = "ringlab-noise-floor";
    /**
     * 2: a figure's floor counts its own A/A ratio and pools its kind ({@link KindFloor}); in 1 it
     * was the A/A interval's half-width alone.
     */
    public static final int VERSION = 2;
    /** The default least floor: diff's own {@link Diff#MIN_TIMING_EFFECT}, as a factor. */
    public static final double MINIMUM = 1 + Diff.MIN_TIMING_EFFECT;
    /** The file {@code ringlab noise} writes by default. */
    public static final String FILE = "noise-floor.json";

    /** One run of the pair: enough to recognise it again (diff refuses to judge the pair it came from). */
    public record Run(String path, String command, String started, String gitCommit) {

        static Run of(ResultsFile f) {
            return new Run(f.path().toString(), f.command(), f.content().started(), commit(f));
        }

        /** The same run: the same start instant and command (the path may differ: a copied file is the same run). */
        boolean same(ResultsFile f) {
            return started.equals(f.content().started()) && command.equals(f.command());
        }
    }

    /** The A/A pair. */
    public record Calibration(Run a, Run b) {
    }

    /**
     * A kind of figure (one experiment's measurement name and unit) and its typical A/A move.
     *
     * @param kind    {@link NoiseFloor#kind}
     * @param figures how many figures of the pair are of this kind
     * @param median  the median of their own A/A moves ({@link FigureFloor#own}), a factor
     */
    public record KindFloor(String kind, int figures, double median) {
    }

    /**
     * @param key    {@link Measurement#key}
     * @param kind   {@link NoiseFloor#kind}: the {@link KindFloor} it is pooled with
     * @param floor  the factor a change must clear: the largest of {@code own}, its kind's median
     *               and {@link NoiseFloor#minimum}
     * @param own    its own A/A move: max(ratio, 1/ratio, sqrt(high / low))
     * @param ratio  the A/A pair's B/A (normalised where diff normalised it)
     * @param low    its interval's low end
     * @param high   its high end
     */
    public record FigureFloor(String key, String kind, double floor, double own, double ratio, double low,
                              double high) {
    }

    /** A figure's kind: its experiment, measurement name and unit ({@code history|write|ns/put}). */
    public static String kind(Measurement m) {
        return m.experiment() + "|" + m.metric() + "|" + m.unit();
    }

    /**
     * How far one figure moved in the A/A pair, as a factor: the ratio itself or the half-width of
     * its 95 % interval on a log scale, whichever is further from 1.
     */
    static double ownMove(double ratio, double low, double high) {
        return Math.max(Math.max(ratio, 1 / ratio), Math.sqrt(high / low));
    }

    /** The commit {@code f} was measured at ({@code environment.gitCommit}), "" when unknown. */
    public static String commit(ResultsFile f) {
        return f.content().environment() == null ? "" : f.content().environment().getOrDefault("gitCommit", "");
    }

    public NoiseFloor {
        kinds = List.copyOf(kinds);
        figures = List.copyOf(figures);
    }

    /**
     * The floor of every timed figure {@code a} and {@code b} (two runs of one commit) both have
     * and diff could judge, pooled by kind and each at least {@code minimum} ({@link #of}).
     */
    public static NoiseFloor measure(ResultsFile a, ResultsFile b, double minimum) {
        checkMinimum(minimum);
        if (a.content().started().equals(b.content().started()) && a.command().equals(b.command())) {
            throw new IllegalArgumentException(a.path() + " and " + b.path() + " are the same run (started "
                    + a.content().started() + "): an A/A pair is two runs");
        }
        Diff.Result d = Diff.compare(a.measurements(), b.measurements(), a.references(), b.references());
        try {
            return of(d, minimum, new Calibration(Run.of(a), Run.of(b)));
        } catch (IllegalArgumentException none) {
            throw new IllegalArgumentException(a.path() + " and " + b.path() + " have " + none.getMessage());
        }
    }

    /**
     * The floors of an A/A pair's diff {@code aa}: every timed figure diff could judge with a
     * finite interval, pooled by {@link #kind}, each at least {@code minimum}.
     */
    public static NoiseFloor of(Diff.Result aa, double minimum, Calibration calibration) {
        checkMinimum(minimum);
        List<Diff.Row> rows = aa.rows().stream().filter(row -> row.a().timed() && Diff.judged(row.verdict())
                && row.low() > 0 && Double.isFinite(row.high())).toList();
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no timed figure measured in at least " + Diff.MIN_FORKS
                    + " forks on both sides: no floor to measure");
        }
        double[] own = rows.stream().mapToDouble(row -> ownMove(row.ratio(), row.low(), row.high())).toArray();
        Map<String, List<Double>> moves = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            moves.computeIfAbsent(kind(rows.get(i).a()), k -> new ArrayList<>()).add(own[i]);
        }
        Map<String, KindFloor> kinds = new LinkedHashMap<>();
        moves.forEach((k, v) -> kinds.put(k, new KindFloor(k, v.size(),
                Stats.median(v.stream().mapToDouble(Double::doubleValue).toArray()))));
        List<FigureFloor> figures = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Diff.Row row = rows.get(i);
            String k = kind(row.a());
            double floor = Math.max(minimum, Math.max(own[i], kinds.get(k).median()));
            figures.add(new FigureFloor(row.a().key(), k, floor, own[i], row.ratio(), row.low(), row.high()));
        }
        return new NoiseFloor(FORMAT, VERSION, minimum, calibration, List.copyOf(kinds.values()), figures);
    }

    static void checkMinimum(double minimum) {
        if (!(minimum >= 1 && minimum < 2)) {
            throw new IllegalArgumentException("noise floor minimum " + minimum + ": a factor in [1, 2)");
        }
    }

    /** Per key, its floor factor. */
    public Map<String, Double> byKey() {
        Map<String, Double> m = new LinkedHashMap<>();
        figures.forEach(f -> m.put(f.key(), f.floor()));
        return m;
    }

    /**
     * Why this floor may not judge {@code a} against {@code b}, or {@code null}: the pair it was
     * measured on would be judged by its own noise, and every figure would pass by construction.
     */
    public String refusal(ResultsFile a, ResultsFile b) {
        boolean aIn = calibration.a().same(a) || calibration.b().same(a);
        boolean bIn = calibration.a().same(b) || calibration.b().same(b);
        if (aIn && bIn) {
            return "the noise floor was measured on this very pair (" + calibration.a().path() + ", "
                    + calibration.b().path() + "): judge another pair, or measure the floor on another A/A pair";
        }
        return null;
    }

    /** What diff prints about the floor it used: where it came from and what it covers. */
    public String describe(Path file, ResultsFile a, ResultsFile b) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "Noise floor: %s, measured by 'ringlab noise'"
                + " on the A/A pair %s (started %s, commit %s) and %s (started %s, commit %s): %d timed figures in %d"
                + " kinds (experiment, measurement, unit), each the larger of its own A/A move (its ratio or its"
                + " interval's half-width) and its kind's median move, at least %.2fx (median %.3fx). A figure with a"
                + " floor is changed only when its whole interval clears it ('within A/A floor' otherwise); the others"
                + " keep the rule above.",
                file, calibration.a().path(), calibration.a().started(), calibration.a().gitCommit(),
                calibration.b().path(), calibration.b().started(), calibration.b().gitCommit(), figures.size(),
                kinds.size(), minimum, medianFloor()));
        for (ResultsFile f : List.of(a, b)) {
            if (calibration.a().same(f) || calibration.b().same(f)) {
                s.append(" ").append(f.path()).append(" is one of the floor's pair: its own noise is in the floor.");
            }
        }
        return s.toString();
    }

    /** The median of the figures' floors (what {@code ringlab noise} and diff's header print). */
    public double medianFloor() {
        return Stats.median(figures.stream().mapToDouble(FigureFloor::floor).toArray());
    }

    /** The file's JSON. */
    public String json() {
        try {
            return RecordJson.mapper().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the noise floor: " + e.getOriginalMessage(), e);
        }
    }

    /** Reads and checks {@code path}; {@link IllegalArgumentException} names the file and what is wrong. */
    public static NoiseFloor read(Path path) {
        JsonNode root = ResultsFile.readTree(path, RecordJson.mapper(), FORMAT, VERSION, "noise floor",
                "; write one with 'ringlab noise A.json B.json'");
        NoiseFloor floor;
        try {
            floor = RecordJson.mapper().treeToValue(root, NoiseFloor.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(path + " does not match noise.schema.json: " + e.getOriginalMessage());
        }
        try {
            checkMinimum(floor.minimum());
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(path + ": " + bad.getMessage());
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        floor.kinds().forEach(k -> medians.put(k.kind(), k.median()));
        for (FigureFloor f : floor.figures()) {
            if (!medians.containsKey(f.kind())) {
                throw new IllegalArgumentException(path + ": figure " + f.key() + " is of kind " + f.kind()
                        + ", which the file's kinds do not list");
            }
            double least = Math.max(floor.minimum(), Math.max(f.own(), medians.get(f.kind())));
            if (!(f.floor() >= least)) {
                throw new IllegalArgumentException(path + ": figure " + f.key() + " has floor " + f.floor()
                        + ", below " + least + " (the file's minimum " + floor.minimum() + ", its own A/A move "
                        + f.own() + " and its kind's median " + medians.get(f.kind()) + ", whichever is largest)");
            }
        }
        return floor;
    }
}
