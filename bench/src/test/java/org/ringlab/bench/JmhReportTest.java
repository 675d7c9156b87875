package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.report.ReportWriter;

/** {@code ringlab report --jmh}: a small synthetic JMH JSON file becomes the same report. */
class JmhReportTest {

    private static final String JMH = """
            [
              {
                "jmhVersion": "1.37", "benchmark": "org.ringlab.bench.fixtures.FakeGrowthBenchmark.grow",
                "mode": "thrpt", "threads": 1, "forks": 2,
                "params": {"strategy": "mremap", "size": "64M"},
                "primaryMetric": {"score": 10.5, "scoreError": 0.4, "scoreUnit": "ops/s",
                  "rawData": [[10.0, 10.5, 11.0], [10.2, 10.6, 10.9]]},
                "secondaryMetrics": {
                  "gc.alloc.rate.norm": {"score": 24.0, "scoreError": 0.0, "scoreUnit": "B/op", "rawData": [[24.0, 24.0, 24.0], [24.0, 24.0, 24.0]]},
                  "failedOffers": {"score": 3.0, "scoreError": 1.0, "scoreUnit": "ops/s", "rawData": [[3.0, 2.0, 4.0], [3.0, 3.0, 3.0]]}
                }
              },
              {
                "jmhVersion": "1.37", "benchmark": "com.example.NotOnTheClassPath.run",
                "mode": "avgt", "threads": 1, "forks": 1, "params": {},
                "primaryMetric": {"score": 5.0, "scoreError": 0.1, "scoreUnit": "us/op", "rawData": [[5.0, 5.1]]},
                "secondaryMetrics": {}
              }
            ]
            """;

    @Test
    void benchmarksAreFiledUnderTheirExperiment(@TempDir Path dir) throws IOException {
        Path jmh = Files.writeString(dir.resolve("jmh.json"), JMH);
        Path out = dir.resolve("report");

        Cli.Result r = Cli.run("report", "--jmh", jmh.toString(), "--out", out.toString());

        assertEquals(0, r.exitCode(), r.all());
        JsonNode results = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertTrue(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(ReportWriter.schema()).validate(results).isEmpty());
        JsonNode growth = results.get("experiments").get(0);
        assertEquals("growth", growth.get("id").asText(), "filed by @ForExperiment of FakeGrowthBenchmark");
        assertEquals("002_0b7c4237b204df8d.txt", growth.get("seed").asText(), "the experiment's seed, found by id");
        JsonNode score = growth.get("measurements").get(0);
        assertEquals("score", score.get("metric").asText());
        assertEquals("mremap", score.get("labels").get("strategy").asText(), "params become labels");
        assertEquals("FakeGrowthBenchmark.grow", score.get("labels").get("benchmark").asText());
        assertEquals(6, score.get("samples").size(), "every iteration of both forks");
        assertEquals(10.55, score.get("median").asDouble(), 1e-9);
        assertEquals("higher-is-better", score.get("direction").asText(), "thrpt");
        JsonNode alloc = growth.get("measurements").get(1);
        assertEquals("gc.alloc.rate.norm", alloc.get("metric").asText());
        assertEquals("lower-is-better", alloc.get("direction").asText());
        JsonNode failed = growth.get("measurements").get(2);
        assertEquals("failedOffers", failed.get("metric").asText());
        assertEquals("lower-is-better", failed.get("direction").asText(), "a counted failure is better low");
        JsonNode unfiled = results.get("experiments").get(1);
        assertEquals("unfiled", unfiled.get("id").asText());
        assertTrue(unfiled.get("skipped").get(0).asText().contains("com.example.NotOnTheClassPath"), unfiled.toString());
        assertEquals("lower-is-better", unfiled.get("measurements").get(0).get("direction").asText(), "avgt");
        assertTrue(Files.readString(out.resolve(ReportWriter.MARKDOWN)).contains("| FakeGrowthBenchmark.grow |"));
        assertTrue(Files.size(out.resolve("charts/growth-1.svg")) > 0);
    }

    @Test
    void notJmhOutputIsAClearError(@TempDir Path dir) throws IOException {
        Cli.Result missing = Cli.run("report", "--jmh", dir.resolve("none.json").toString(), "--out", dir.toString());
        assertEquals(2, missing.exitCode(), missing.all());
        assertTrue(missing.err().contains("none.json: no such file"), missing.err());
        Path object = Files.writeString(dir.resolve("object.json"), "{\"format\": \"ringlab-results\"}");
        Cli.Result notArray = Cli.run("report", "--jmh", object.toString(), "--out", dir.toString());
        assertEquals(2, notArray.exitCode(), notArray.all());
        assertTrue(notArray.err().contains("is not JMH's JSON output (-rf json)"), notArray.err());
    }
}
