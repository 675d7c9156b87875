package org.ringlab.bench.report;

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
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir.resolve(CHARTS));
            for (Map.Entry<String, List<String>> e : svgs.entrySet()) {
                for (int i = 0; i < e.getValue().size(); i++) {
                    Path f = dir.resolve(CHARTS).resolve(chartFile(e.getKey(), i));
                    Files.writeString(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + e.getValue().get(i) + "\n");
                    written.add(f);
                }
            }
            written.add(writeFile(dir.resolve(MARKDOWN), markdown(run, sections)));
            written.add(writeFile(dir.resolve(HTML), html(run, sections, svgs)));
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

    // ---------------------------------------------------------------- Markdown

    static String markdown(Run run, List<Section> sections) {
        StringBuilder b = new StringBuilder("# ringlab report\n\n");
        b.append(String.format(Locale.ROOT, "`%s`: profile `%s`, seed %d, %s, started %s, %.1f s.%n%n", run.command(),
                run.profile(), run.seed(), run.fork() ? "forked JVMs where supported" : "no forked JVMs", run.started(),
                run.seconds()));
        if (!run.strategies().isEmpty() || !run.disciplines().isEmpty()) {
            b.append("Filters: strategies ").append(run.strategies()).append(", disciplines ").append(run.disciplines())
                    .append(".\n\n");
        }
        b.append("| experiment | seed | status | confirmed | differ | inconclusive | not measured |\n"
                + "|---|---|---|---:|---:|---:|---:|\n");
        for (Section s : sections) {
            b.append("| [").append(s.id()).append("](#").append(s.id()).append(") | ").append(s.seed()).append(" | ")
                    .append(s.ok() ? "ok" : "FAILED").append(" | ").append(count(s, Claim.Verdict.REPRODUCED))
                    .append(" | ").append(count(s, Claim.Verdict.DIFFERS)).append(" | ")
                    .append(count(s, Claim.Verdict.INCONCLUSIVE)).append(" | ")
                    .append(count(s, Claim.Verdict.NOT_MEASURED)).append(" |\n");
        }
        b.append("\n## Every claim\n\n").append(VERDICT_RULE).append("\n\n");
        b.append("| experiment | claim | seed | judged as | measured ratio [95 % interval] | verdict |\n"
                + "|---|---|---|---|---|---|\n");
        for (Section s : sections) {
            if (!s.ok()) {
                continue;
            }
            for (Claim c : s.result().claims()) {
                Judgement g = c.judgement();
                b.append("| [").append(s.id()).append("](#").append(s.id()).append(") | ").append(md(c.claim()))
                        .append(" | ").append(md(g == Judgement.POINT ? "-" : g.seedFigure())).append(" | ")
                        .append(g == Judgement.POINT ? "one figure, no interval" : "ratio " + g.side()).append(" | ")
                        .append(md(g.hasInterval() ? g.interval() : c.measured())).append(" | **")
                        .append(verdict(c.verdict())).append("** |\n");
            }
        }
        for (Section s : sections) {
            b.append("\n## ").append(s.id()).append("\n\n");
            b.append("Seed `").append(s.seed()).append("`: ").append(s.description()).append("\n\n");
            if (!s.ok()) {
                b.append("**FAILED** after ").append(String.format(Locale.ROOT, "%.1f s", s.seconds())).append(": ")
                        .append(s.failure()).append("\n");
                continue;
            }
            ExperimentResult r = s.result();
            b.append(String.format(Locale.ROOT, "%s; profile `%s`, %.1f s.%n%n", r.title(), r.profile(), s.seconds()));
            b.append("### The seed's claims beside this run\n\n");
            if (r.claims().isEmpty()) {
                b.append("No claim to check in this run.\n");
            } else {
                b.append("| claim | measured | verdict |\n|---|---|---|\n");
                for (Claim c : r.claims()) {
                    b.append("| ").append(md(c.claim())).append(" | ").append(md(c.measured())).append(" | **")
                            .append(verdict(c.verdict())).append("** |\n");
                }
                for (Claim c : r.claims()) {
                    if (c.verdict() == Claim.Verdict.DIFFERS) {
                        b.append("\nThis run differs from the seed: ").append(c.claim()).append(", but ")
                                .append(c.measured()).append(".\n");
                    }
                }
            }
            for (Table t : r.tables()) {
                b.append("\n### ").append(t.title()).append("\n\n").append(TextTable.render(t.headers(),
                        t.rows().stream().map(row -> row.stream().map(ReportWriter::md).toList()).toList(), 1, true));
            }
            for (int i = 0; i < r.charts().size(); i++) {
                b.append("\n![").append(r.charts().get(i).title()).append("](").append(CHARTS).append('/')
                        .append(chartFile(s.id(), i)).append(")\n\n*").append(r.charts().get(i).caption()).append("*\n");
            }
            if (!r.notes().isEmpty()) {
                b.append("\n### Notes\n\n");
                r.notes().forEach(n -> b.append("* ").append(n).append('\n'));
            }
            b.append("\n### Skipped\n\n");
            if (r.skipped().isEmpty()) {
                b.append("Nothing was skipped.\n");
            } else {
                r.skipped().forEach(x -> b.append("* ").append(x).append('\n'));
            }
            b.append("\nStability of the figures: ").append(stabilitySummary(r)).append(" Per figure: [appendix](#appendix-")
                    .append(s.id()).append(").\n");
        }
        b.append("\n## Appendix: stability of each figure\n\n").append(STABILITY_RULE).append(" Every repetition is in"
                + " results.json.\n");
        for (Section s : sections) {
            if (s.ok()) {
                b.append("\n### appendix-").append(s.id()).append("\n\n");
                b.append(TextTable.render(STABILITY_HEADER, stabilityRows(s.result()), 1, true));
            }
        }
        b.append("\n## Environment\n\n");
        environmentLines(run).forEach((k, v) -> b.append("* ").append(k).append(": `").append(v).append("`\n"));
        return b.toString();
    }

    private static final List<String> STABILITY_HEADER = List.of("figure", "metric", "median", "unit", "n", "forks",
            "(q3-q1)/median", "stability");

    /** How a verdict is reached, for the first page. */
    static final String VERDICT_RULE = "A claim is a ratio with a threshold and a direction. Its 95 % interval is a"
            + " Student t interval over paired, interleaved rounds (forked JVMs), one log-ratio of medians per round;"
            + " where an experiment has several claims of one kind the round variance is pooled over them (the claim's"
            + " text says which: \"t over 2 rounds, round variance pooled over 6 claims (df 6)\"); one round gives no"
            + " interval. **confirmed** only when the whole interval is on the claim's side, **DIFFERS** only when it is wholly"
            + " on the other side, else **inconclusive**. Rounds are added, within the profile's time budget, while a"
            + " claim is inconclusive. Claims judged \"one figure, no interval\" are older point verdicts that can"
            + " flip between runs.";

    static final String STABILITY_RULE = "Stability: (q3 − q1) / median over the repetitions; stable ≤ "
            + String.format(Locale.ROOT, "%.1f%%", Measurement.STABLE_SPREAD * 100) + ", moderate ≤ "
            + String.format(Locale.ROOT, "%.1f%%", Measurement.NOISY_SPREAD * 100) + ", else noisy; counters are exact.";

    private static List<List<String>> stabilityRows(ExperimentResult r) {
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

    private static long count(Section s, Claim.Verdict v) {
        return s.ok() ? s.result().claims().stream().filter(c -> c.verdict() == v).count() : 0;
    }

    /** A table cell or claim in Markdown: pipes escaped, newlines flattened. */
    private static String md(String text) {
        return text.replace("|", "\\|").replace('\n', ' ');
    }

    // ---------------------------------------------------------------- HTML

    static String html(Run run, List<Section> sections, Map<String, List<String>> svgs) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        b.append("<title>ringlab report</title>\n<style>\n")
                .append("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n")
                .append("table{border-collapse:collapse;margin:0.8em 0;font-size:0.9em}\n")
                .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:right}\n")
                .append("th:first-child,td:first-child{text-align:left}\n")
                .append(".confirmed{color:#1a7f37;font-weight:bold}.DIFFERS{color:#cf222e;font-weight:bold}")
                .append(".notmeasured{color:#777;font-weight:bold}.failed{color:#cf222e;font-weight:bold}")
                .append(".inconclusive{color:#9a6700;font-weight:bold}table.claims td{text-align:left}\n")
                .append("figure{margin:1em 0}svg{max-width:100%;height:auto}\n</style>\n</head>\n<body>\n");
        b.append("<h1>ringlab report</h1>\n<p><code>").append(h(run.command())).append("</code>: profile <code>")
                .append(h(run.profile())).append("</code>, seed ").append(run.seed()).append(", started ")
                .append(h(run.started())).append(String.format(Locale.ROOT, ", %.1f s.</p>%n", run.seconds()));
        b.append("<ul>\n");
        for (Section s : sections) {
            b.append("<li><a href=\"#").append(h(s.id())).append("\">").append(h(s.id())).append("</a> ")
                    .append(s.ok() ? String.format(Locale.ROOT, "%d confirmed, %d differ, %d inconclusive, %d not measured",
                            count(s, Claim.Verdict.REPRODUCED), count(s, Claim.Verdict.DIFFERS),
                            count(s, Claim.Verdict.INCONCLUSIVE), count(s, Claim.Verdict.NOT_MEASURED))
                            : "<span class=\"failed\">FAILED</span>").append("</li>\n");
        }
        b.append("</ul>\n<h2 id=\"claims\">Every claim</h2>\n<p>")
                .append(h(VERDICT_RULE).replace("**", "")).append("</p>\n");
        b.append("<table class=\"claims\"><tr><th>experiment</th><th>claim</th><th>seed</th><th>judged as</th>"
                + "<th>measured ratio [95 % interval]</th><th>verdict</th></tr>\n");
        for (Section s : sections) {
            if (!s.ok()) {
                continue;
            }
            for (Claim c : s.result().claims()) {
                Judgement g = c.judgement();
                String v = verdict(c.verdict());
                b.append("<tr><td><a href=\"#").append(h(s.id())).append("\">").append(h(s.id())).append("</a></td><td>")
                        .append(h(c.claim())).append("</td><td>").append(h(g == Judgement.POINT ? "-" : g.seedFigure()))
                        .append("</td><td>").append(g == Judgement.POINT ? "one figure, no interval" : h("ratio " + g.side()))
                        .append("</td><td>").append(h(g.hasInterval() ? g.interval() : c.measured()))
                        .append("</td><td class=\"").append(v.replace(" ", "")).append("\">").append(h(v))
                        .append("</td></tr>\n");
            }
        }
        b.append("</table>\n");
        for (Section s : sections) {
            b.append("<section id=\"").append(h(s.id())).append("\">\n<h2>").append(h(s.id())).append("</h2>\n<p>Seed <code>")
                    .append(h(s.seed())).append("</code>: ").append(h(s.description())).append("</p>\n");
            if (!s.ok()) {
                b.append("<p class=\"failed\">FAILED: ").append(h(s.failure())).append("</p>\n</section>\n");
                continue;
            }
            ExperimentResult r = s.result();
            b.append("<p>").append(h(r.title())).append(String.format(Locale.ROOT, "; profile <code>%s</code>, %.1f s.</p>%n",
                    h(r.profile()), s.seconds()));
            b.append("<h3>The seed's claims beside this run</h3>\n");
            if (r.claims().isEmpty()) {
                b.append("<p>No claim to check in this run.</p>\n");
            } else {
                b.append("<table><tr><th>claim</th><th>measured</th><th>verdict</th></tr>\n");
                for (Claim c : r.claims()) {
                    String v = verdict(c.verdict());
                    b.append("<tr><td>").append(h(c.claim())).append("</td><td>").append(h(c.measured()))
                            .append("</td><td class=\"").append(v.replace(" ", "")).append("\">").append(h(v))
                            .append("</td></tr>\n");
                }
                b.append("</table>\n");
            }
            for (Table t : r.tables()) {
                b.append("<h3>").append(h(t.title())).append("</h3>\n").append(htmlTable(t.headers(), t.rows()));
            }
            List<String> charts = svgs.getOrDefault(s.id(), List.of());
            for (int i = 0; i < charts.size(); i++) {
                b.append("<figure>").append(charts.get(i)).append("<figcaption>").append(h(r.charts().get(i).title()))
                        .append(" (").append(CHARTS).append('/').append(chartFile(s.id(), i)).append("). ")
                        .append(h(r.charts().get(i).caption())).append("</figcaption></figure>\n");
            }
            if (!r.notes().isEmpty()) {
                b.append("<h3>Notes</h3>\n<ul>\n");
                r.notes().forEach(n -> b.append("<li>").append(h(n)).append("</li>\n"));
                b.append("</ul>\n");
            }
            b.append("<h3>Skipped</h3>\n");
            if (r.skipped().isEmpty()) {
                b.append("<p>Nothing was skipped.</p>\n");
            } else {
                b.append("<ul>\n");
                r.skipped().forEach(x -> b.append("<li>").append(h(x)).append("</li>\n"));
                b.append("</ul>\n");
            }
            b.append("<p>Stability of the figures: ").append(h(stabilitySummary(r))).append(" Per figure: <a href=\"#appendix-")
                    .append(h(s.id())).append("\">appendix</a>.</p>\n</section>\n");
        }
        b.append("<h2>Appendix: stability of each figure</h2>\n<p>").append(h(STABILITY_RULE))
                .append(" Every repetition is in results.json.</p>\n");
        for (Section s : sections) {
            if (s.ok()) {
                b.append("<h3 id=\"appendix-").append(h(s.id())).append("\">").append(h(s.id())).append("</h3>\n")
                        .append(htmlTable(STABILITY_HEADER, stabilityRows(s.result())));
            }
        }
        b.append("<h2>Environment</h2>\n<table>\n");
        environmentLines(run).forEach((k, v) -> b.append("<tr><td>").append(h(k)).append("</td><td style=\"text-align:left\">")
                .append(h(v)).append("</td></tr>\n"));
        return b.append("</table>\n</body>\n</html>\n").toString();
    }

    private static String htmlTable(List<String> headers, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("<table>\n<tr>");
        headers.forEach(x -> b.append("<th>").append(h(x)).append("</th>"));
        b.append("</tr>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            row.forEach(x -> b.append("<td>").append(h(x)).append("</td>"));
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    private static String h(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
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

    private static String percent(double fraction) {
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
