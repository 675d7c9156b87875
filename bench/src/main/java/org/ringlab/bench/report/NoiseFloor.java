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

/**
 * A per-figure noise floor measured by an A/A pair: two runs of one commit on one machine
 * ({@code ringlab noise A B}), for {@code ringlab diff --noise-floor} to judge <em>another</em>
 * pair by. With two or three forks per side, the bootstrap interval of a figure's B/A is
 * narrower than the move between two runs (the three idle quick runs of {@code 4fcfbe2}: 10-17 %
 * of the timed figures called changed between runs of one commit), so the A/A pair's own
 * interval is what says how far a figure moves when nothing changed.
 * <p>
 * A timed figure's floor is the half-width of its A/A ratio's 95 % interval on a log scale,
 * {@code sqrt(high / low)}, at least {@link #MINIMUM} (a factor: 1.13 means "B/A inside
 * [1/1.13, 1.13] is noise"). {@link Diff} then calls that figure changed only when its whole
 * interval clears the floor: its low end above the floor, or its high end below 1/floor.
 * Figures the pair could not judge (a single fork, no finite samples) get no floor and keep
 * diff's plain rule, and diff says how many did.
 * <p>
 * Written and read by Jackson from these records, described by {@code noise.schema.json}.
 *
 * @param format      {@link #FORMAT}
 * @param version     {@link #VERSION}
 * @param minimum     the least floor given to any figure
 * @param calibration the A/A pair the floor was measured on
 * @param figures     one floor per timed figure the pair judged, in diff's order
 */
public record NoiseFloor(String format, int version, double minimum, Calibration calibration,
                         List<FigureFloor> figures) {

    public static final String FORMAT = "ringlab-noise-floor";
    public static final int VERSION = 1;
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
     * @param key    {@link Measurement#key}
     * @param floor  the factor a change must clear, at least {@link NoiseFloor#minimum}
     * @param ratio  the A/A pair's B/A (normalised where diff normalised it)
     * @param low    its interval's low end
     * @param high   its high end
     */
    public record FigureFloor(String key, double floor, double ratio, double low, double high) {
    }

    /** The commit {@code f} was measured at ({@code environment.gitCommit}), "" when unknown. */
    public static String commit(ResultsFile f) {
        return f.content().environment() == null ? "" : f.content().environment().getOrDefault("gitCommit", "");
    }

    public NoiseFloor {
        figures = List.copyOf(figures);
    }

    /**
     * The floor of every timed figure {@code a} and {@code b} (two runs of one commit) both have
     * and diff could judge, each at least {@code minimum}.
     */
    public static NoiseFloor measure(ResultsFile a, ResultsFile b, double minimum) {
        checkMinimum(minimum);
        if (a.content().started().equals(b.content().started()) && a.command().equals(b.command())) {
            throw new IllegalArgumentException(a.path() + " and " + b.path() + " are the same run (started "
                    + a.content().started() + "): an A/A pair is two runs");
        }
        Diff.Result d = Diff.compare(a.measurements(), b.measurements(), a.references(), b.references());
        List<FigureFloor> figures = new ArrayList<>();
        for (Diff.Row row : d.rows()) {
            if (!row.a().timed() || !Diff.judged(row.verdict()) || !(row.low() > 0) || !Double.isFinite(row.high())) {
                continue;
            }
            double half = Math.sqrt(row.high() / row.low());
            figures.add(new FigureFloor(row.a().key(), Math.max(minimum, half), row.ratio(), row.low(), row.high()));
        }
        if (figures.isEmpty()) {
            throw new IllegalArgumentException(a.path() + " and " + b.path() + " have no timed figure measured in at"
                    + " least " + Diff.MIN_FORKS + " forks on both sides: no floor to measure");
        }
        return new NoiseFloor(FORMAT, VERSION, minimum, new Calibration(Run.of(a), Run.of(b)), figures);
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
                + " on the A/A pair %s (started %s, commit %s) and %s (started %s, commit %s): %d timed figures, each"
                + " the half-width of its A/A interval, at least %.2fx (median %.3fx). A figure with a floor is"
                + " changed only when its whole interval clears it ('within A/A floor' otherwise); the others keep the"
                + " rule above.",
                file, calibration.a().path(), calibration.a().started(), calibration.a().gitCommit(),
                calibration.b().path(), calibration.b().started(), calibration.b().gitCommit(), figures.size(),
                minimum, medianFloor()));
        for (ResultsFile f : List.of(a, b)) {
            if (calibration.a().same(f) || calibration.b().same(f)) {
                s.append(" ").append(f.path()).append(" is one of the floor's pair: its own noise is in the floor.");
            }
        }
        return s.toString();
    }

    /** The median of the figures' floors (what {@code ringlab noise} and diff's header print). */
    public double medianFloor() {
        return org.ringlab.bench.harness.Bootstrap.median(figures.stream().mapToDouble(FigureFloor::floor).toArray());
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
        for (FigureFloor f : floor.figures()) {
            if (!(f.floor() >= floor.minimum())) {
                throw new IllegalArgumentException(path + ": figure " + f.key() + " has floor " + f.floor()
                        + ", below the file's minimum " + floor.minimum());
            }
        }
        return floor;
    }
}
