package org.ringlab.bench.history;

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

import org.ringlab.api.MemoryStrategy;
import org.ringlab.bench.util.Json;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.TextTable;

/** The history experiment's table, notes and summary: console text, history.md, results.json. */
public final class HistoryReport {

    public static final String MARKDOWN = "history.md";
    public static final String JSON = "results.json";

    static final List<String> HEADER = List.of("strategy", "element", "write ns/put [min..max]", "write GB/s",
            "read ms [min..max]", "read GB/s", "Pss MiB", "Pss/N", "Rss MiB", "Rss/N", "extra B/put", "extra B/read");

    private static final List<String> NOTES = List.of(
            "write: ns per put() of one element into a full ring (median of the repetitions, [min..max]);"
                    + " GB/s = element bytes / ns.",
            "read: ns to take history() - every element, oldest first, as ONE contiguous view - and load all"
                    + " of its bytes as longs; GB/s = ring bytes / ns.",
            "Pss: growth of Pss (/proc/self/smaps_rollup) from before allocation to the ring being full. Pss is"
                    + " the physical figure: a page mapped k times counts 1/k in each mapping, so a mirrored"
                    + " ring's pages count once.",
            "Rss: growth of Rss (the same as VmRSS) over the same span. Rss counts a page once in every mapping"
                    + " through which it was touched, so it double-counts a mirrored ring's pages that were reached"
                    + " through both views: between N and 2N although only N is physical. Do not read it as memory held.",
            "N: the ring capacity. Pss/N near 1 means the strategy holds N bytes of physical memory, near 2 means 2N.",
            "extra: CopyCounters.extraBytes(), the exact bytes moved beyond the single copy of the data (mirror"
                    + " copies, rotations, scratch staging and gathering), per timed put and per timed read.");

    private final HistoryPlan plan;
    private final List<CellResult> results;
    private final double elapsedSeconds;
    private final Map<String, String> environment;

    /** {@code environment}: {@code Environment.describe()} taken when the run started. */
    public HistoryReport(HistoryPlan plan, List<CellResult> results, double elapsedSeconds,
                         Map<String, String> environment) {
        this.plan = plan;
        this.results = List.copyOf(results);
        this.elapsedSeconds = elapsedSeconds;
        this.environment = new LinkedHashMap<>(environment); // keeps the order of describe()
    }

    /** The text printed on stdout. */
    public String console() {
        StringBuilder sb = new StringBuilder();
        sb.append("ringlab history - seed 000: write per element, whole-history read, physical memory\n");
        sb.append(String.format(Locale.ROOT, "profile %s, ring %s (rounded per cell to the element size and granularity),"
                        + " %d warm-up + %d timed repetitions, seed %d, %s, %.1f s%n",
                plan.profile().id(), Sizes.format(plan.ringBytes()), plan.warmup(), plan.repetitions(), plan.seed(),
                plan.fork() ? "one fresh JVM per cell" : "all cells in one JVM", elapsedSeconds));
        environment.forEach((k, v) -> sb.append("  ").append(k).append(": ").append(v).append('\n'));
        for (String s : plan.skipped()) {
            sb.append("  skipped ").append(s).append('\n');
        }
        sb.append('\n');
        sb.append(table(rows(), false));
        sb.append('\n');
        for (String note : NOTES) {
            sb.append("* ").append(note).append('\n');
        }
        sb.append('\n');
        for (String line : summary()) {
            sb.append(line).append('\n');
        }
        for (CellResult r : results) {
            if (!r.ok()) {
                sb.append("FAILED ").append(r.strategy()).append(" x ").append(Sizes.format(r.elementSize()))
                        .append(": ").append(r.error()).append('\n');
            }
        }
        return sb.toString();
    }

    /** One summary line per element size: candidate vs baseline (seed 000: mirrored vs doubled). */
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        String base = plan.baseline();
        String cand = plan.candidate();
        lines.add("Summary: " + cand + " vs " + base
                + " (seed 000 expects write about 2x faster, read up to 1.5x slower, physical memory N vs 2N)");
        for (long size : plan.sizes()) {
            Optional<CellResult> b = find(base, size);
            Optional<CellResult> c = find(cand, size);
            if (b.isEmpty() || c.isEmpty()) {
                lines.add(String.format(Locale.ROOT, "  %-7s n/a: %s not measured", Sizes.format(size),
                        b.isEmpty() && c.isEmpty() ? base + " and " + cand : b.isEmpty() ? base : cand));
                continue;
            }
            double bw = b.get().write().median();
            double cw = c.get().write().median();
            double br = b.get().read().median();
            double cr = c.get().read().median();
            lines.add(String.format(Locale.ROOT,
                    "  %-7s write speed-up %.2fx (%s ns/put vs %s), read time ratio %.2fx (%s ms vs %s), Pss ratio %s (%s MiB vs %s)",
                    Sizes.format(size), bw / cw, ns(bw), ns(cw), cr / br, ms(cr), ms(br),
                    ratio(c.get().pssBytes() / b.get().pssBytes()), Sizes.mib(c.get().pssBytes()),
                    Sizes.mib(b.get().pssBytes())));
        }
        lines.add("  (speed-up = " + base + " median / " + cand + " median; read and Pss ratios = " + cand + " / " + base + ")");
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
        StringBuilder sb = new StringBuilder();
        sb.append("# ringlab history\n\n");
        sb.append("Seed 000: cost of a put per element, of reading the whole history through one contiguous view,"
                + " and physical memory held, per memory strategy.\n\n");
        sb.append(String.format(Locale.ROOT, "Profile `%s`, ring %s, %d warm-up + %d timed repetitions, seed %d, %s, %.1f s.%n%n",
                plan.profile().id(), Sizes.format(plan.ringBytes()), plan.warmup(), plan.repetitions(), plan.seed(),
                plan.fork() ? "one fresh JVM per cell" : "all cells in one JVM", elapsedSeconds));
        sb.append(table(rows(), true)).append('\n');
        for (String note : NOTES) {
            sb.append("* ").append(note).append('\n');
        }
        sb.append("\n## Summary\n\n```\n");
        summary().forEach(l -> sb.append(l).append('\n'));
        sb.append("```\n\n## Environment\n\n");
        environment.forEach((k, v) -> sb.append("* ").append(k).append(": `").append(v).append("`\n"));
        plan.skipped().forEach(s -> sb.append("* skipped: ").append(s).append('\n'));
        return sb.toString();
    }

    String json() {
        Json j = new Json().beginObject();
        j.field("experiment", "history").field("profile", plan.profile().id()).field("seed", plan.seed())
                .field("ringBytes", plan.ringBytes()).field("warmup", plan.warmup())
                .field("repetitions", plan.repetitions()).field("forked", plan.fork())
                .field("elapsedSeconds", elapsedSeconds);
        j.name("environment").beginObject();
        environment.forEach(j::field);
        j.endObject();
        j.name("strategies").beginArray();
        for (MemoryStrategy s : plan.strategies()) {
            j.value(s.name());
        }
        j.endArray();
        j.name("skipped").beginArray();
        plan.skipped().forEach(j::value);
        j.endArray();
        j.name("cells").beginArray();
        for (CellResult r : results) {
            j.beginObject().field("strategy", r.strategy()).field("elementBytes", r.elementSize())
                    .field("capacityBytes", r.capacity()).field("slots", r.slots()).field("ok", r.ok());
            if (r.ok()) {
                stats(j, "writeNsPerPut", r.write(), r.writeNsPerPut());
                stats(j, "readNs", r.read(), r.readNs());
                j.field("pssBytes", r.pssBytes()).field("rssBytes", r.rssBytes())
                        .field("pssReleasedBytes", r.pssReleasedBytes())
                        .field("extraBytesPerPut", r.extraBytesPerPut())
                        .field("extraBytesPerRead", r.extraBytesPerRead());
            } else {
                j.field("error", r.error());
            }
            j.endObject();
        }
        j.endArray();
        j.name("summary").beginArray();
        summary().forEach(j::value);
        j.endArray();
        return j.endObject().toString();
    }

    private static void stats(Json j, String name, Stats s, double[] samples) {
        j.name(name).beginObject().field("median", s.median()).field("min", s.min()).field("max", s.max())
                .field("q1", s.q1()).field("q3", s.q3()).array("samples", samples).endObject();
    }

    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (CellResult r : results) {
            if (!r.ok()) {
                rows.add(List.of(r.strategy(), Sizes.format(r.elementSize()), "FAILED", "-", "-", "-", "-", "-", "-",
                        "-", "-", "-"));
                continue;
            }
            Stats w = r.write();
            Stats rd = r.read();
            double n = r.capacity();
            rows.add(List.of(r.strategy(), Sizes.format(r.elementSize()),
                    ns(w.median()) + " [" + ns(w.min()) + ".." + ns(w.max()) + "]",
                    fixed(r.elementSize() / w.median(), 2),
                    ms(rd.median()) + " [" + ms(rd.min()) + ".." + ms(rd.max()) + "]",
                    fixed(n / rd.median(), 2),
                    Sizes.mib(r.pssBytes()), ratio(r.pssBytes() / n),
                    Sizes.mib(r.rssBytes()), ratio(r.rssBytes() / n),
                    bytes(r.extraBytesPerPut()), bytes(r.extraBytesPerRead())));
        }
        return rows;
    }

    private static String table(List<List<String>> rows, boolean markdown) {
        return TextTable.render(HEADER, rows, 2, markdown);
    }

    private Optional<CellResult> find(String strategy, long size) {
        return results.stream().filter(r -> r.ok() && r.strategy().equals(strategy) && r.elementSize() == size)
                .findFirst();
    }

    private static String ns(double v) {
        return v >= 100 ? fixed(v, 0) : v >= 10 ? fixed(v, 1) : fixed(v, 2);
    }

    private static String ms(double nanos) {
        double v = nanos / 1e6;
        return v >= 100 ? fixed(v, 1) : v >= 1 ? fixed(v, 2) : fixed(v, 3);
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? fixed(v, 2) : "-";
    }

    private static String bytes(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return v == Math.rint(v) ? fixed(v, 0) : fixed(v, 1);
    }

    private static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
