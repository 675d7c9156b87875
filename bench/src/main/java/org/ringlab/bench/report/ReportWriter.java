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
import java.util.Map;

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

    /**
     * Writes every file into {@code dir} (created if needed); returns the files written. Each
     * format has its writer: {@link MarkdownReport}, {@link HtmlReport}, {@link ResultsJson}.
     */
    public static List<Path> write(Path dir, Run run, List<Section> sections) {
        ChartRenderer.assign(sections.stream().filter(Section::ok).flatMap(s -> s.result().charts().stream()).toList());
        Map<String, List<String>> svgs = new LinkedHashMap<>();
        sections.forEach(s -> svgs.put(s.id(), s.ok() ? s.result().charts().stream().map(ChartRenderer::svg).toList()
                : List.of()));
        SeedResults seeds = SeedResults.of(sections);
        Map<String, String> bandCharts = new LinkedHashMap<>();
        seeds.seeds().forEach(seed -> BandChart.svg(seed).ifPresent(svg -> bandCharts.put(seed.catalogue().seed(), svg)));
        // Each file's path in the folder and its text, in the order they are written.
        Map<String, String> files = new LinkedHashMap<>();
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
        bandCharts.forEach((seed, svg) -> files.put(CHARTS + "/" + bandChartFile(seed), xml + svg + "\n"));
        svgs.forEach((id, list) -> {
            for (int i = 0; i < list.size(); i++) {
                files.put(CHARTS + "/" + chartFile(id, i), xml + list.get(i) + "\n");
            }
        });
        files.put(MARKDOWN, MarkdownReport.render(run, sections, seeds));
        files.put(HTML, HtmlReport.render(run, sections, svgs, seeds, bandCharts));
        files.put(JSON, ResultsJson.render(run, sections));
        files.put(SCHEMA, schema());
        files.put(ENVIRONMENT, ReportText.environment(run));
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir.resolve(CHARTS));
            for (Map.Entry<String, String> f : files.entrySet()) {
                written.add(Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }

    /** {@code history-1.svg}: charts are numbered from 1 within their experiment. */
    public static String chartFile(String experiment, int index) {
        return experiment + "-" + (index + 1) + ".svg";
    }

    /** {@code seed-000.svg}: a seed's results against its bands. */
    public static String bandChartFile(String seed) {
        return "seed-" + seed + ".svg";
    }

    /** One experiment's section for the terminal: claims, tables, skipped, or the failure. */
    public static String console(Section s) {
        return ReportText.console(s);
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
}
