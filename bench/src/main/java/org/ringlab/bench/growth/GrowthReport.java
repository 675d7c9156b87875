package org.ringlab.bench.growth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.ringlab.api.GrowthStrategy;
import org.ringlab.bench.history.Stats;
import org.ringlab.bench.util.Json;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.TextTable;
import org.ringlab.growth.GrowthWorkload;

/** The growth experiment's table, notes and summary: console text, growth.md, results.json. */
public final class GrowthReport {

    public static final String MARKDOWN = "growth.md";
    public static final String JSON = "results.json";

    static final List<String> HEADER = List.of("strategy", "final", "peak RSS MiB", "peak/final", "grows", "moves",
            "moved MiB", "copied MiB", "time ms [min..max]", "growth ms [min..max]");

    /** Seed 002's and the expectations, checked in the summary. */
    static final double NO_COPY_PEAK_GOAL = 1.1;
    static final double SPEED_UP_GOAL = 5;

    private static final List<String> NOTES = List.of(
            "peak RSS: how far VmHWM rose above VmRSS from just before the buffer was allocated to just after the last"
                    + " append (the peak reset through /proc/self/clear_refs, each repetition in a fresh JVM);"
                    + " peak/final divides it by the final size. Median of the repetitions.",
            "grows: growth steps; moves: steps after which the buffer's address had changed; moved: the live bytes"
                    + " at those moves; copied: the bytes growth copied (\"?\" where libc does not say: realloc"
                    + " remaps large blocks with mremap and copies small ones, so moved is only its upper bound).",
            "time: allocation plus every append (a copy of 1 MiB into the buffer, page faults included); growth: the"
                    + " part of it spent inside growth steps. Medians, [min..max] over the repetitions.",
            "Seed 002 expects copy-doubling to need about 3x the data at its peak (a zeroed array twice the size next"
                    + " to the old one) and realloc/mremap about 1x. The peak of copying depends on where the final"
                    + " size falls: just past a power of two (--target 65M) is the worst case, exactly a power of two"
                    + " (64M) the best.");

    private final GrowthPlan plan;
    private final List<GrowthCell> cells;
    private final double elapsedSeconds;
    private final Map<String, String> environment;

    public GrowthReport(GrowthPlan plan, List<GrowthCell> cells, double elapsedSeconds, Map<String, String> environment) {
        this.plan = plan;
        this.cells = List.copyOf(cells);
        this.elapsedSeconds = elapsedSeconds;
        this.environment = new LinkedHashMap<>(environment);
    }

    public String console() {
        StringBuilder sb = new StringBuilder();
        sb.append("ringlab compare --experiment growth - seed 002: growing a buffer of unknown length\n");
        sb.append(header()).append('\n');
        environment.forEach((k, v) -> sb.append("  ").append(k).append(": ").append(v).append('\n'));
        plan.skipped().forEach(s -> sb.append("  skipped ").append(s).append('\n'));
        sb.append('\n').append(TextTable.render(HEADER, rows(), 1, false)).append('\n');
        NOTES.forEach(n -> sb.append("* ").append(n).append('\n'));
        sb.append('\n');
        summary().forEach(l -> sb.append(l).append('\n'));
        for (GrowthCell c : cells) {
            if (!c.ok()) {
                sb.append("FAILED ").append(c.strategy()).append(": ").append(c.error()).append('\n');
            }
        }
        return sb.toString();
    }

    private String header() {
        GrowthWorkload w = plan.workload();
        return String.format(Locale.ROOT, "profile %s, grow to %s in %s appends from %s (factor %d), %d repetitions,"
                        + " seed %d, %s, %.1f s", plan.profile().id(), Sizes.format(w.targetBytes()),
                Sizes.format(w.chunkBytes()), Sizes.format(w.initialCapacity()), w.factor(), plan.repetitions(),
                plan.seed(), plan.fork() ? "one fresh JVM per repetition" : "all repetitions in one JVM", elapsedSeconds);
    }

    /** Goals and speed-ups, one line each. */
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        lines.add("Summary (seed 002: copy-doubling about 3x at its peak, realloc/mremap about 1x):");
        for (String name : List.of("mremap", "reserve-commit")) {
            find(name).ifPresent(c -> {
                double r = c.peakRatio().median();
                lines.add(String.format(Locale.ROOT, "  %-20s peak/final %s (goal <= %.2f: %s)", name, ratio(r),
                        NO_COPY_PEAK_GOAL, r <= NO_COPY_PEAK_GOAL ? "met" : "MISSED"));
            });
        }
        for (String name : List.of("copy-doubling-heap", "copy-doubling-native", "realloc")) {
            find(name).ifPresent(c -> lines.add(String.format(Locale.ROOT, "  %-20s peak/final %s", name,
                    ratio(c.peakRatio().median()))));
        }
        Optional<GrowthCell> mremap = find("mremap");
        for (String base : List.of("copy-doubling-heap", "copy-doubling-native")) {
            Optional<GrowthCell> b = find(base);
            if (mremap.isPresent() && b.isPresent()) {
                double total = b.get().totalNanos().median() / mremap.get().totalNanos().median();
                double growth = b.get().growthNanos().median() / mremap.get().growthNanos().median();
                lines.add(String.format(Locale.ROOT, "  mremap vs %-20s %.1fx faster in total, %.0fx in growth steps"
                        + " (goal >= %.0fx, stated for 1 GiB)", base + ":", total, growth, SPEED_UP_GOAL));
            }
        }
        if (cells.stream().anyMatch(c -> c.ok() && !c.peaksReset())) {
            lines.add("  (the kernel refused to reset the peak for some runs: their peaks are upper bounds)");
        }
        return lines;
    }

    public void writeFiles(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(MARKDOWN), markdown());
            Files.writeString(dir.resolve(JSON), json());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + dir + ": " + e.getMessage(), e);
        }
    }

    String markdown() {
        StringBuilder sb = new StringBuilder("# ringlab growth\n\n");
        sb.append("Seed 002: the peak resident memory, moves, copies and time of growing a buffer of unknown length,"
                + " per growth strategy.\n\n");
        sb.append(header()).append(".\n\n");
        sb.append(TextTable.render(HEADER, rows(), 1, true)).append('\n');
        NOTES.forEach(n -> sb.append("* ").append(n).append('\n'));
        sb.append("\n## Summary\n\n```\n");
        summary().forEach(l -> sb.append(l).append('\n'));
        sb.append("```\n\n## Environment\n\n");
        environment.forEach((k, v) -> sb.append("* ").append(k).append(": `").append(v).append("`\n"));
        plan.skipped().forEach(s -> sb.append("* skipped: ").append(s).append('\n'));
        return sb.toString();
    }

    String json() {
        GrowthWorkload w = plan.workload();
        Json j = new Json().beginObject();
        j.field("experiment", "growth").field("profile", plan.profile().id()).field("seed", plan.seed())
                .field("targetBytes", w.targetBytes()).field("chunkBytes", w.chunkBytes())
                .field("initialCapacity", w.initialCapacity()).field("factor", w.factor())
                .field("repetitions", plan.repetitions()).field("forked", plan.fork())
                .field("elapsedSeconds", elapsedSeconds);
        j.name("environment").beginObject();
        environment.forEach(j::field);
        j.endObject();
        j.name("strategies").beginArray();
        plan.strategies().stream().map(GrowthStrategy::name).forEach(j::value);
        j.endArray();
        j.name("skipped").beginArray();
        plan.skipped().forEach(j::value);
        j.endArray();
        j.name("cells").beginArray();
        for (GrowthCell c : cells) {
            j.beginObject().field("strategy", c.strategy()).field("ok", c.ok());
            if (c.ok()) {
                stats(j, "peakRatio", c.peakRatio());
                stats(j, "totalNanos", c.totalNanos());
                stats(j, "growthNanos", c.growthNanos());
            } else {
                j.field("error", c.error());
            }
            j.name("samples").beginArray();
            for (GrowthSample s : c.samples()) {
                j.beginObject().field("finalBytes", s.finalBytes()).field("finalCapacity", s.finalCapacity())
                        .field("baselineRssBytes", s.baselineRssBytes()).field("peakRssGrowthBytes", s.peakRssGrowthBytes())
                        .field("peakRatio", s.peakRatio()).field("peakReset", s.peakReset())
                        .field("totalNanos", s.totalNanos()).field("growthNanos", s.growthNanos())
                        .field("grows", s.grows()).field("moves", s.moves()).field("bytesMoved", s.bytesMoved());
                if (s.bytesCopied() < 0) {
                    j.name("bytesCopied").value((String) null);
                } else {
                    j.field("bytesCopied", s.bytesCopied());
                }
                j.endObject();
            }
            j.endArray();
            j.endObject();
        }
        j.endArray();
        j.name("summary").beginArray();
        summary().forEach(j::value);
        j.endArray();
        return j.endObject().toString();
    }

    private static void stats(Json j, String name, Stats s) {
        j.name(name).beginObject().field("median", s.median()).field("min", s.min()).field("max", s.max()).endObject();
    }

    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (GrowthCell c : cells) {
            if (!c.ok()) {
                rows.add(List.of(c.strategy(), "FAILED", "-", "-", "-", "-", "-", "-", "-", "-"));
                continue;
            }
            Stats peak = c.stats(s -> s.peakRssGrowthBytes() < 0 ? Double.NaN : s.peakRssGrowthBytes());
            Stats copied = c.stats(GrowthSample::bytesCopied);
            rows.add(List.of(c.strategy(), Sizes.format(c.first().finalBytes()), Sizes.mib(peak.median()),
                    ratio(c.peakRatio().median()), count(c.stats(GrowthSample::grows)), count(c.stats(GrowthSample::moves)),
                    Sizes.mib(c.stats(GrowthSample::bytesMoved).median()),
                    copied.min() < 0 ? "?" : Sizes.mib(copied.median()),
                    ms(c.totalNanos()), ms(c.growthNanos())));
        }
        return rows;
    }

    private Optional<GrowthCell> find(String strategy) {
        return cells.stream().filter(c -> c.ok() && c.strategy().equals(strategy)).findFirst();
    }

    /** A count that may differ between repetitions (moves of realloc and mremap depend on the address space). */
    private static String count(Stats s) {
        return s.min() == s.max() ? fixed(s.median(), 0) : fixed(s.median(), 0) + " [" + fixed(s.min(), 0) + ".."
                + fixed(s.max(), 0) + "]";
    }

    private static String ms(Stats nanos) {
        return ms(nanos.median()) + " [" + ms(nanos.min()) + ".." + ms(nanos.max()) + "]";
    }

    private static String ms(double nanos) {
        double v = nanos / 1e6;
        return v >= 100 ? fixed(v, 0) : v >= 1 ? fixed(v, 1) : fixed(v, 3);
    }

    static String ratio(double v) {
        return Double.isFinite(v) ? fixed(v, 2) : "-";
    }

    private static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
