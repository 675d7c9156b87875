package org.ringlab.bench.report;

import org.ringlab.bench.harness.Band;

import org.ringlab.bench.harness.Claim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.util.Stats;
import org.ringlab.bench.harness.RecordJson;
import org.ringlab.bench.util.TextTable;

/**
 * Writes the report folder: report.md, a self-contained report.html (charts inlined as SVG),
 * charts/&lt;id&gt;-&lt;n&gt;.svg, results.json, results.schema.json and environment.txt.
 * Every experiment's section has its description, the seed's claims beside what was measured
 * with the verdict, its tables, charts, skipped combinations and a stability line per figure.
 */
public final class ReportWriter {

    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";
    public static final String JSON = "results.json";
    public static final String SCHEMA = "results.schema.json";
    public static final String ENVIRONMENT = "environment.txt";
    public static final String CHARTS = "charts";
    /** results.json's {@code format} and {@code version}: diff refuses anything else. */
    public static final String FORMAT = "ringlab-results";
    public static final int VERSION = 1;

    /**
     * What the whole run was.
     *
     * @param command     how it was produced ({@code ringlab compare --profile quick}, {@code ringlab report --jmh F})
     * @param environment {@code Environment.describe()} taken when the run started
     */
    public record Run(String command, String profile, long seed, boolean fork, List<String> strategies,
                      List<String> disciplines, Map<String, String> environment, String started, double seconds) {

        public Run {
            strategies = List.copyOf(strategies);
            disciplines = List.copyOf(disciplines);
            environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        }
    }

    private ReportWriter() {
    }

    /** Writes every file into {@code dir} (created if needed); returns the files written. */
    public static List<Path> write(Path dir, Run run, List<Section> sections) {
        ChartRenderer.assign(sections.stream().filter(Section::ok).flatMap(s -> s.result().charts().stream()).toList());
        Map<String, List<String>> svgs = new LinkedHashMap<>();
        for (Section s : sections) {
            List<String> list = new ArrayList<>();
            if (s.ok()) {
                for (Chart c : s.result().charts()) {
                    list.add(ChartRenderer.svg(c));
                }
            }
            svgs.put(s.id(), list);
        }
        SeedResults seeds = SeedResults.of(sections);
        Map<String, String> bandCharts = new LinkedHashMap<>();
        for (SeedResults.Seed seed : seeds.seeds()) {
            BandChart.svg(seed).ifPresent(svg -> bandCharts.put(seed.catalogue().seed(), svg));
        }
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir.resolve(CHARTS));
            for (Map.Entry<String, String> e : bandCharts.entrySet()) {
                Path f = dir.resolve(CHARTS).resolve(bandChartFile(e.getKey()));
                Files.writeString(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + e.getValue() + "\n");
                written.add(f);
            }
            for (Map.Entry<String, List<String>> e : svgs.entrySet()) {
                for (int i = 0; i < e.getValue().size(); i++) {
                    Path f = dir.resolve(CHARTS).resolve(chartFile(e.getKey(), i));
                    Files.writeString(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + e.getValue().get(i) + "\n");
                    written.add(f);
                }
            }
            written.add(writeFile(dir.resolve(MARKDOWN), MarkdownReport.render(run, sections, seeds)));
            written.add(writeFile(dir.resolve(HTML), HtmlReport.render(run, sections, svgs, seeds, bandCharts)));
            written.add(writeFile(dir.resolve(JSON), json(run, sections)));
            written.add(writeFile(dir.resolve(SCHEMA), schema()));
            written.add(writeFile(dir.resolve(ENVIRONMENT), environment(run)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }

    private static Path writeFile(Path f, String text) throws IOException {
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    /** {@code history-1.svg}: charts are numbered from 1 within their experiment. */
    public static String chartFile(String experiment, int index) {
        return experiment + "-" + (index + 1) + ".svg";
    }

    /** {@code seed-000.svg}: a seed's results against its bands. */
    public static String bandChartFile(String seed) {
        return "seed-" + seed + ".svg";
    }

    /** results.schema.json, as shipped in the jar beside this class. */
    public static String schema() {
        try (InputStream in = ReportWriter.class.getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException(SCHEMA + " is missing from the bench jar (org/ringlab/bench/report/)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------- terminal

    /** One experiment's section for the terminal: claims, tables, skipped, or the failure. */
    public static String console(Section s) {
        StringBuilder b = new StringBuilder();
        b.append("== ").append(s.id()).append(" (seed ").append(s.seed()).append(") - ").append(s.description())
                .append('\n');
        if (!s.ok()) {
            return b.append("FAILED: ").append(s.failure()).append("\n\n").toString();
        }
        ExperimentResult r = s.result();
        for (Table t : r.tables()) {
            b.append('\n').append(t.title()).append('\n');
            b.append(TextTable.render(t.headers(), t.rows(), 1, false));
        }
        if (!r.claims().isEmpty()) {
            b.append("\nClaims:\n");
            for (Claim c : r.claims()) {
                b.append("  [").append(verdict(c.verdict())).append("] ").append(c.claim()).append(" -- measured: ")
                        .append(c.measured()).append('\n');
            }
        }
        r.skipped().forEach(x -> b.append("  skipped: ").append(x).append('\n'));
        return b.append(String.format(Locale.ROOT, "(%s: %d measurements, %.1f s)%n%n", s.id(), r.measurements().size(),
                s.seconds())).toString();
    }

    /** The verdict as the report states it. */
    public static String verdict(Claim.Verdict v) {
        return switch (v) {
            case REPRODUCED -> "reproduced";
            case DIFFERS -> "DIFFERS";
            case INCONCLUSIVE -> "inconclusive";
            case NOT_MEASURED -> "not measured";
            case NOT_MEASURABLE -> "not measurable here";
            case REPORTED -> "reported";
        };
    }

    static final List<String> STABILITY_HEADER = List.of("figure", "metric", "median", "unit", "n", "forks",
            "(q3-q1)/median", "stability");

    /** How a verdict is reached, for the first page. */
    static final String VERDICT_RULE = "Every quantitative result of the five seed articles is an entry of its seed's"
            + " catalogue, with the seed's words, figure and conditions. Where the seed gives a figure, the band that"
            + " reproduces it is that figure ×/÷ " + Band.WIDTH + ", the same rule for every seed; a one-sided band only"
            + " where the seed's sentence is one-sided. A timed figure gets a 95 % interval over paired, interleaved"
            + " rounds (forked JVMs): **reproduced** when the whole interval lies inside the band, **DIFFERS** when it"
            + " lies wholly outside, else **inconclusive**. An exact figure (page faults, resident pages, bytes"
            + " copied, counts) is judged as it is and is always decided. A result this kind of machine cannot"
            + " measure stays in the table as **not measurable here**, with the reason.";

    /** What the goals section is, for the first page. */
    static final String GOALS_RULE = "ringlab's own performance goals: spsc against Agrona, JCTools and the"
            + " Disruptor, each strategy against its mechanism, fairness. They are targets of this project, not results"
            + " of any seed, and are judged on the same intervals against their stated bound.";

    static final String STABILITY_RULE = "Stability: (q3 − q1) / median over the repetitions; stable ≤ "
            + String.format(Locale.ROOT, "%.1f%%", Measurement.STABLE_SPREAD * 100) + ", moderate ≤ "
            + String.format(Locale.ROOT, "%.1f%%", Measurement.NOISY_SPREAD * 100) + ", else noisy; counters are exact.";

    static List<List<String>> stabilityRows(ExperimentResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (Measurement m : r.measurements()) {
            Stats s = m.stats();
            double spread = m.spread();
            rows.add(List.of(m.combination(), m.metric(), number(s.median()), m.unit(), Integer.toString(s.n()),
                    Integer.toString(m.forkCount()), Double.isNaN(spread) ? "-" : percent(spread), m.stability()));
        }
        return rows;
    }

    /** "11 of 12 timings stable, 1 moderate; 6 exact counters; 11 repetitions each (min 11)". */
    static String stabilitySummary(ExperimentResult r) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        int minN = Integer.MAX_VALUE;
        int maxN = 0;
        for (Measurement m : r.measurements()) {
            counts.merge(m.stability(), 1, Integer::sum);
            minN = Math.min(minN, m.samples().length);
            maxN = Math.max(maxN, m.samples().length);
        }
        if (counts.isEmpty()) {
            return "No figure was measured.";
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((k, v) -> parts.add(v + " " + k));
        return r.measurements().size() + " figures: " + String.join(", ", parts) + "; "
                + (minN == maxN ? minN + " repetitions each" : minN + " to " + maxN + " repetitions") + ".";
    }

    static long count(Section s, Claim.Verdict v) {
        return s.ok() ? s.result().claims().stream().filter(c -> c.verdict() == v).count() : 0;
    }

    // ---------------------------------------------------------------- results.json

    static String json(Run run, List<Section> sections) {
        try {
            return RecordJson.results().writeValueAsString(ResultsJson.of(run, sections)) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("results.json cannot be written: " + e.getOriginalMessage(), e);
        }
    }

    // ---------------------------------------------------------------- environment

    /** The environment plus what this run was (seed, profile, command): environment.txt and results.json. */
    static Map<String, String> environmentLines(Run run) {
        Map<String, String> env = new LinkedHashMap<>(run.environment());
        env.putIfAbsent("kernel", System.getProperty("os.version"));
        env.put("seed", Long.toString(run.seed()));
        env.put("profile", run.profile());
        env.put("command", run.command());
        env.put("started", run.started());
        return env;
    }

    static String environment(Run run) {
        StringBuilder b = new StringBuilder();
        environmentLines(run).forEach((k, v) -> b.append(k).append(": ").append(v).append('\n'));
        return b.toString();
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    /** A median for the stability table: 4 significant digits, no exponent for ordinary values. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        if (a >= 1000 || a == 0) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
