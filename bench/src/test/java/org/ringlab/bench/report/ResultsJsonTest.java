package org.ringlab.bench.report;

import org.ringlab.bench.harness.Judgement;

import org.ringlab.bench.harness.Claim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.harness.RecordJson;
import org.ringlab.bench.harness.ReferenceLoop;
import org.ringlab.bench.harness.RoundOrder;

/**
 * results.json both ways through Jackson: what is written validates against
 * results.schema.json, and reading it back gives the same records and measurements, unknown
 * figures (NaN, ∞) as null, a failed experiment and point and interval claims included.
 */
class ResultsJsonTest {

    static ReportWriter.Run run() {
        return new ReportWriter.Run("ringlab compare --profile tiny", "tiny", 5, true, List.of("heap-doubled"),
                List.of(), Map.of("jdk", "25", "jvmFlags", "", "kernel", "6.1", "cpu", "x", "cores", "2",
                "pageSize", "4096", "transparentHugePages", "madvise", "gitCommit", "abc1234"),
                "2026-12-01T13:00:00Z", 12.5);
    }

    static List<Section> sections() {
        Measurement timing = new Measurement("history", Map.of("strategy", "heap-doubled", "size", "64 B"), "write",
                "ns/put", false, false, new double[] {1.5, 2.25, Double.NaN, 0.1 + 0.2}, new int[] {0, 0, 1, 1});
        Measurement counter = new Measurement("history", Map.of("strategy", "heap-doubled"), "extraBytes", "bytes",
                false, true, new double[] {4096});
        Measurement infinite = new Measurement("history", Map.of("case", "lossless"), "lossRatio", "x", true, false,
                new double[] {Double.POSITIVE_INFINITY, 3});
        Claim interval = new Claim("spsc ≥ 5× locked-list", "6.1× [5.2, 7.0]", Claim.Verdict.REPRODUCED,
                new Judgement("5x", 5, true, 6.1, 5.2, 7.0, 8, 40, "t over 8 rounds, round variance pooled over 3 claims (df 21)"));
        Claim point = new Claim("Pss = 1×", "1.00×", Claim.Verdict.REPRODUCED);
        Claim unknown = new Claim("loss", "—", Claim.Verdict.INCONCLUSIVE,
                new Judgement("31 %", 1, false, Double.NaN, Double.NaN, 2, 3, 6));
        Chart chart = new Chart("write", "size", "ns", List.of("64 B"), Map.of("heap-doubled", new double[] {1}),
                false, false);
        ExperimentResult r = new ExperimentResult("history", "001.md", "History", "tiny",
                List.of(timing, counter, infinite), List.of(), List.of(chart), List.of(interval, point, unknown),
                List.of("a note"), List.of("mirrored-memfd: unavailable"));
        Reference reference = new Reference(ReferenceLoop.Kernel.MEMORY, List.of(
                new ReferenceLoop.Sample(new double[] {1.1e6, 1.2e6}, new double[] {200, 210}, new double[] {2.4, 2.5}),
                new ReferenceLoop.Sample(new double[] {1.3e6}, new double[] {220, Double.NaN})));
        List<RoundOrder.Drawn> orders = List.of(new RoundOrder.Drawn("history", 0, List.of("mirrored-memfd",
                "heap-doubled")), new RoundOrder.Drawn("history", 1, List.of("heap-doubled", "mirrored-memfd")));
        return List.of(new Section("history", "001.md", "the history ring", r, null, 3.5, reference, orders),
                new Section("growth", "002.md", "growth", null, "IllegalStateException: boom", 0.25));
    }

    @Test
    void writtenValidatesAndReadsBackEqual(@TempDir Path dir) throws IOException {
        String json = ResultsJson.render(run(), sections());
        JsonNode tree = new ObjectMapper().readTree(json);
        Set<ValidationMessage> errors = schema().validate(tree);
        assertTrue(errors.isEmpty(), errors + "\n" + json);
        // The interval's method is written where known, and left out where not (a file from before it was recorded).
        assertEquals("t over 8 rounds, round variance pooled over 3 claims (df 21)",
                tree.at("/experiments/0/claims/0/judgement/interval").asText());
        assertTrue(tree.at("/experiments/0/claims/2/judgement/interval").isMissingNode(), json);

        // The round orders as drawn, rounds counted from 1; none for an experiment that drew none.
        assertEquals(2, tree.at("/experiments/0/roundOrders/1/round").asInt(), json);
        assertEquals("heap-doubled", tree.at("/experiments/0/roundOrders/1/order/0").asText(), json);
        assertTrue(tree.at("/experiments/1/roundOrders").isMissingNode(), json);

        Path file = Files.writeString(dir.resolve(ReportWriter.JSON), json);
        ResultsFile back = ResultsFile.read(file);
        assertEquals(ResultsJson.of(run(), sections()), back.content(), "the records read = the records written");
        // What was read validates too (both ways), and writing it again gives the same text.
        String rewritten = RecordJson.results().writeValueAsString(back.content());
        assertTrue(schema().validate(new ObjectMapper().readTree(rewritten)).isEmpty(), rewritten);
        assertEquals(json.strip(), rewritten.strip());

        List<Measurement> written = sections().getFirst().result().measurements();
        assertEquals(written.size(), back.measurements().size());
        for (int i = 0; i < written.size(); i++) {
            Measurement w = written.get(i);
            Measurement b = back.measurements().get(i);
            assertEquals(w.key(), b.key());
            assertEquals(w.direction(), b.direction());
            assertEquals(w.deterministic(), b.deterministic());
            assertArrayEquals(w.forks(), b.forks());
            double[] expected = w.samples().clone();
            for (int k = 0; k < expected.length; k++) {
                expected[k] = Double.isFinite(expected[k]) ? expected[k] : Double.NaN; // JSON's null
            }
            assertArrayEquals(expected, b.samples());
        }
        List<Claim> claims = back.content().experiments().getFirst().claims().stream()
                .map(ResultsJson.ClaimJson::toClaim).toList();
        assertEquals(sections().getFirst().result().claims(), claims);
        assertEquals("failed", back.content().experiments().get(1).status());
        assertFalse(tree.get("experiments").get(1).has("title"), "a failed experiment has no title");
        assertTrue(tree.get("experiments").get(0).get("measurements").get(0).get("samples").get(2).isNull());
        assertTrue(tree.get("experiments").get(0).get("measurements").get(2).get("max").isNull(), "∞ is null");

        // The reference: raw repetitions of every child both ways, the figure normalised beside its median.
        Reference ref = back.references().get("history");
        assertEquals(ReferenceLoop.Kernel.MEMORY, ref.kernel());
        assertEquals(2, ref.children().size());
        assertArrayEquals(new double[] {220, Double.NaN}, ref.children().get(1).memory());
        assertArrayEquals(new double[] {1.1e6, 1.2e6}, ref.children().get(0).cpu());
        assertArrayEquals(new double[] {2.4, 2.5}, ref.children().get(0).core());
        assertArrayEquals(new double[0], ref.children().get(1).core(), "a child without core repetitions");
        assertEquals(210, ref.median(), "median of 200, 210, 220 (NaN left out)");
        JsonNode m0 = tree.get("experiments").get(0).get("measurements").get(0);
        assertEquals(m0.get("median").asDouble() / 210, m0.get("normalised").asDouble(), 1e-12, "a time ÷ reference");
        assertTrue(tree.get("experiments").get(0).get("measurements").get(1).get("normalised").isNull(),
                "a counter is not normalised");
        assertFalse(back.references().containsKey("growth"), "a failed experiment without children has no reference");
    }

    /**
     * A results file from before the core kernel (no {@code coreUnit}, no child {@code core})
     * validates and reads, its children's core empty; one that names the core kernel without a
     * child's core repetitions is refused, naming what is missing.
     */
    @Test
    void resultsFromBeforeTheCoreKernelReadAndACoreReferenceWithoutRepetitionsIsRefused(@TempDir Path dir)
            throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(ResultsJson.render(run(), sections()));
        com.fasterxml.jackson.databind.node.ObjectNode reference =
                (com.fasterxml.jackson.databind.node.ObjectNode) tree.at("/experiments/0/reference");
        reference.remove("coreUnit");
        reference.get("children").forEach(c -> ((com.fasterxml.jackson.databind.node.ObjectNode) c).remove("core"));
        assertTrue(schema().validate(tree).isEmpty(), "an old file validates: " + schema().validate(tree));
        ResultsFile old = ResultsFile.read(Files.writeString(dir.resolve("old.json"), mapper.writeValueAsString(tree)));
        Reference ref = old.references().get("history");
        assertEquals(ReferenceLoop.Kernel.MEMORY, ref.kernel());
        assertArrayEquals(new double[0], ref.children().get(0).core());
        assertEquals(210, ref.median(), "normalised by memory as before");

        reference.put("kernel", "core");
        Path bad = Files.writeString(dir.resolve("bad.json"), mapper.writeValueAsString(tree));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ResultsFile.read(bad).references());
        assertTrue(e.getMessage().contains("core kernel") && e.getMessage().contains("history"), e.getMessage());
    }

    /**
     * A child of a cpu-normalised experiment times no memory kernel (an empty list), and such a
     * file reads; a memory-normalised reference with a child lacking memory repetitions is refused.
     */
    @Test
    void aChildWithoutMemoryRepetitionsReadsUnlessTheMemoryKernelNormalises(@TempDir Path dir) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(ResultsJson.render(run(), sections()));
        com.fasterxml.jackson.databind.node.ObjectNode reference =
                (com.fasterxml.jackson.databind.node.ObjectNode) tree.at("/experiments/0/reference");
        reference.get("children").forEach(c -> ((com.fasterxml.jackson.databind.node.ObjectNode) c).putArray("memory"));
        reference.put("kernel", "cpu");
        assertTrue(schema().validate(tree).isEmpty(), "validates: " + schema().validate(tree));
        Reference ref = ResultsFile.read(Files.writeString(dir.resolve("cpu.json"), mapper.writeValueAsString(tree)))
                .references().get("history");
        assertArrayEquals(new double[0], ref.children().get(0).memory());
        assertEquals(1.2e6, ref.median(), 1e5, "the cpu kernel's median");

        reference.put("kernel", "memory");
        Path bad = Files.writeString(dir.resolve("bad.json"), mapper.writeValueAsString(tree));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ResultsFile.read(bad).references());
        assertTrue(e.getMessage().contains("memory kernel") && e.getMessage().contains("history"), e.getMessage());
    }

    private static JsonSchema schema() throws IOException {
        try (InputStream in = ReportWriter.class.getResourceAsStream(ReportWriter.SCHEMA)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(new ObjectMapper().readTree(in));
        }
    }
}
