package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.fixtures.ThirdPartyTestExperiment;
import org.ringlab.bench.report.ChartRenderer;
import org.ringlab.bench.report.Experiments;
import org.ringlab.bench.report.ReportWriter;

/**
 * The whole report, generated once from the tiny profile of every experiment ServiceLoader
 * finds (ours and the third-party fixture): every file, every section, the schema, the charts.
 */
class ReportTest {

    @TempDir
    static Path dir;
    static Cli.Result run;
    static JsonNode results;

    @BeforeAll
    static void generate() throws IOException {
        run = Cli.run("compare", "--profile", "tiny", "--no-fork", "--seed", "5", "--out", dir.toString());
        results = new ObjectMapper().readTree(dir.resolve(ReportWriter.JSON).toFile());
    }

    @Test
    void everyDiscoveredExperimentHasItsSectionInSpecOrder() throws IOException {
        assertEquals(0, run.exitCode(), run.all());
        List<String> discovered = Experiments.ids();
        assertTrue(discovered.containsAll(List.of("history", "growth", "mapped", ThirdPartyTestExperiment.ID)), discovered.toString());
        List<String> sections = new ArrayList<>();
        results.get("experiments").forEach(e -> sections.add(e.get("id").asText()));
        assertEquals(discovered, sections, "results.json sections = the ServiceLoader set, in order");
        assertTrue(sections.indexOf("history") < sections.indexOf("growth")
                && sections.indexOf("growth") < sections.indexOf("mapped"), sections.toString());
        assertEquals(ThirdPartyTestExperiment.ID, sections.getLast(), "third-party experiments come last");
        String md = Files.readString(dir.resolve(ReportWriter.MARKDOWN));
        String html = Files.readString(dir.resolve(ReportWriter.HTML));
        for (String id : discovered) {
            assertTrue(md.contains("\n## " + id + "\n"), "report.md has no section " + id);
            assertTrue(html.contains("<section id=\"" + id + "\">"), "report.html has no section " + id);
            assertTrue(run.out().contains("== " + id + " "), "no terminal section for " + id + ":\n" + run.out());
        }
        // Progress on stderr, tables on stdout.
        assertTrue(run.err().contains("== [1/" + discovered.size() + "] history"), run.err());
        assertFalse(run.out().contains("== [1/"), run.out());
    }

    @Test
    void everyFileIsThereAndResultsJsonMatchesItsSchema() throws IOException {
        for (String f : List.of(ReportWriter.MARKDOWN, ReportWriter.HTML, ReportWriter.JSON, ReportWriter.SCHEMA,
                ReportWriter.ENVIRONMENT)) {
            assertTrue(Files.size(dir.resolve(f)) > 0, f + " missing or empty");
        }
        JsonNode schemaNode = new ObjectMapper().readTree(dir.resolve(ReportWriter.SCHEMA).toFile());
        assertEquals("https://json-schema.org/draft/2020-12/schema", schemaNode.get("$schema").asText());
        JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaNode);
        Set<ValidationMessage> errors = schema.validate(results);
        assertTrue(errors.isEmpty(), errors.toString());
        // The schema is not vacuous: a measurement without samples is rejected.
        JsonNode broken = results.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) broken.get("experiments").get(0).get("measurements").get(0))
                .remove("samples");
        assertFalse(schema.validate(broken).isEmpty(), "the schema accepts a measurement without samples");

        String env = Files.readString(dir.resolve(ReportWriter.ENVIRONMENT));
        for (String key : List.of("jdk", "jvmFlags", "kernel", "cpu", "cores", "pageSize", "transparentHugePages",
                "gitCommit", "loadAverage")) {
            assertTrue(env.contains("\n" + key + ": ") || env.startsWith(key + ": "), key + " missing:\n" + env);
        }
        assertTrue(env.contains("\nseed: 5\n"), env);
    }

    @Test
    void ourExperimentsMeasureClaimAndChart() {
        for (JsonNode e : results.get("experiments")) {
            String id = e.get("id").asText();
            assertEquals("ok", e.get("status").asText(), id + ": " + e);
            assertTrue(e.get("measurements").size() > 0, id + " has no measurements");
            assertTrue(e.get("charts").size() > 0, id + " has no chart");
            assertTrue(e.get("claims").size() > 0, id + " has no claim");
            for (JsonNode m : e.get("measurements")) {
                int n = m.get("n").asInt();
                assertEquals(n, m.get("samples").size(), m.toString());
                if (m.get("median").isNumber()) {
                    assertTrue(m.get("min").asDouble() <= m.get("median").asDouble()
                            && m.get("median").asDouble() <= m.get("max").asDouble(), m.toString());
                }
            }
        }
        JsonNode history = section("history");
        assertTrue(history.get("skipped").toString().contains("test-unavailable"),
                "the unavailable fixture strategy is skipped with its reason: " + history.get("skipped"));
        // Every repetition is kept: tiny history, 3 repetitions per round, 2 rounds per cell.
        JsonNode write = find(section("history"), "write");
        assertEquals(org.ringlab.bench.history.Profile.TINY.repetitions()
                * org.ringlab.bench.history.Profile.TINY.budget().minRounds(), write.get("samples").size(), write.toString());
        assertEquals(write.get("samples").size(), write.get("forks").size(), write.toString());
        assertTrue(find(section("growth"), "bytesMoved").get("deterministic").asBoolean());
        assertTrue(find(section("mapped"), "p99").get("unit").asText().equals("us"));
    }

    /**
     * Broadcast's and driver (e)'s timed figures carry their fork in results.json, two forks at
     * least (run in this JVM under --no-fork), so diff resamples forks rather than calling them
     * "single fork".
     */
    @Test
    void broadcastAndTheWholeDriverKeepTheForkOfEveryRepetition() {
        for (String id : List.of("broadcast", "driver")) {
            int checked = 0;
            for (JsonNode m : section(id).get("measurements")) {
                boolean ours = id.equals("broadcast") || m.get("labels").get("part").asText().startsWith("whole driver");
                if (!ours || m.get("deterministic").asBoolean()) {
                    continue;
                }
                JsonNode forks = m.get("forks");
                assertEquals(m.get("samples").size(), forks.size(), m.toString());
                java.util.Set<Integer> distinct = new java.util.HashSet<>();
                forks.forEach(f -> distinct.add(f.asInt()));
                assertTrue(distinct.size() >= 2, "one fork only: " + m.get("key"));
                checked++;
            }
            assertTrue(checked > 0, "no timed figure of " + id + " checked");
        }
    }

    @Test
    void chartsAreSvgFilesWithDataMarksAndTheHtmlIsSelfContained() throws IOException {
        int charts = 0;
        String html = Files.readString(dir.resolve(ReportWriter.HTML));
        for (JsonNode e : results.get("experiments")) {
            for (JsonNode c : e.get("charts")) {
                Path f = dir.resolve(c.get("file").asText());
                String svg = Files.readString(f);
                assertTrue(svg.contains("<svg") && svg.contains("</svg>"), f + " is not SVG");
                // A series' colour appears in the legend once and once per bar or point drawn; bars coloured by
                // their strategy have no legend, one colour per bar.
                assertTrue(ChartRenderer.PALETTE.stream().anyMatch(p -> count(svg, ChartRenderer.svgColour(p)) >= 2)
                                || ChartRenderer.PALETTE.stream().filter(p -> count(svg, ChartRenderer.svgColour(p)) >= 1)
                                .count() >= 2,
                        f + " has no data marks in any palette colour");
                String title = c.get("title").asText().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
                assertTrue(svg.contains(title) || svg.contains(title.replace("'", "&apos;"))
                        || svg.contains(title.replace("'", "&#39;")), f + " lacks its title");
                charts++;
            }
        }
        assertTrue(charts >= 3, "fewer charts than experiments: " + charts);
        long bandCharts;
        try (var files = Files.list(dir.resolve(ReportWriter.CHARTS))) {
            bandCharts = files.filter(f -> f.getFileName().toString().startsWith("seed-")).count();
        }
        assertTrue(bandCharts >= 1, "no seed's results drawn against their bands");
        assertEquals(charts + bandCharts, count(html, "<svg"), "every chart and band chart is inlined in report.html");
        // Every chart's caption says what its whiskers are, or that it has none.
        String md = Files.readString(dir.resolve(ReportWriter.MARKDOWN));
        int captions = count(md, "\n*Medians only: ") + count(md, "\n*The bars are medians; whiskers: ")
                + count(md, "\n*The points are medians; whiskers: ") + count(md, "\n*The points are the ratios; whiskers: ");
        assertEquals(charts, captions, "one spread caption per chart in report.md");
        assertTrue(count(md, "whiskers: ") > 0, "some chart of our experiments has whiskers");
        Matcher external = Pattern.compile("(?i)\\b(src|href)\\s*=\\s*['\"](?!#)").matcher(html);
        assertFalse(external.find(), "report.html refers to something outside itself: "
                + (external.find(0) ? html.substring(external.start(), Math.min(html.length(), external.start() + 80)) : ""));
        assertFalse(html.contains("<link") || html.contains("@import") || html.contains("<script"), "not self-contained");
    }

    @Test
    void aThrowingExperimentKeepsTheOthersAndSaysWhatFailed(@TempDir Path out) throws IOException {
        Cli.Result r = Cli.run("compare", "--profile", "tiny", "--no-fork", "--experiment",
                ThirdPartyTestExperiment.ID + ",growth", "--strategy", "copy-doubling-heap",
                "--seed", Long.toString(ThirdPartyTestExperiment.FAILING_SEED), "--out", out.toString());

        assertEquals(1, r.exitCode(), r.all());
        JsonNode json = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertEquals(2, json.get("experiments").size(), json.toString());
        JsonNode growth = json.get("experiments").get(0);
        assertEquals("growth", growth.get("id").asText(), "typed order does not matter: SPEC.md's order");
        assertEquals("ok", growth.get("status").asText());
        JsonNode failed = json.get("experiments").get(1);
        assertEquals("failed", failed.get("status").asText());
        assertTrue(failed.get("error").asText().contains(ThirdPartyTestExperiment.FAILURE), failed.toString());
        assertTrue(Files.readString(out.resolve(ReportWriter.MARKDOWN)).contains(ThirdPartyTestExperiment.FAILURE));
        assertTrue(r.out().contains("FAILED: IllegalStateException: " + ThirdPartyTestExperiment.FAILURE), r.out());
    }

    @Test
    void badNamesListTheAllowedOnes() {
        Cli.Result e = Cli.run("compare", "--experiment", "driverz");
        assertEquals(2, e.exitCode(), e.all());
        assertTrue(e.err().contains("unknown experiment 'driverz'; allowed: " + String.join(", ", Experiments.ids())),
                e.err());
        Cli.Result s = Cli.run("compare", "--strategy", "no-such");
        assertEquals(2, s.exitCode(), s.all());
        assertTrue(s.err().contains("unknown strategy 'no-such'; allowed: ") && s.err().contains("mremap")
                && s.err().contains("doubled"), s.err());
        Cli.Result d = Cli.run("compare", "--discipline", "no-such");
        assertEquals(2, d.exitCode(), d.all());
        assertTrue(d.err().contains("unknown discipline 'no-such'; allowed: ") && d.err().contains("spsc"), d.err());
        Cli.Result p = Cli.run("--profile", "huge");
        assertEquals(2, p.exitCode(), p.all());
        assertTrue(p.err().contains("unknown profile 'huge'; allowed: quick, full"), p.err());
        Cli.Result help = Cli.run("compare", "--help");
        assertFalse(help.out().contains("tiny"), "the test profile is not advertised: " + help.out());
        assertTrue(help.out().contains("--no-fork") || help.out().contains("--[no-]fork"), help.out());
    }

    private static JsonNode section(String id) {
        for (JsonNode e : results.get("experiments")) {
            if (e.get("id").asText().equals(id)) {
                return e;
            }
        }
        throw new AssertionError("no section " + id);
    }

    private static JsonNode find(JsonNode section, String metric) {
        for (JsonNode m : section.get("measurements")) {
            if (m.get("metric").asText().equals(metric)) {
                return m;
            }
        }
        throw new AssertionError("no " + metric + " in " + section.get("id"));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
