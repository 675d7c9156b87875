package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.Section;

/** {@code ringlab diff} on two synthetic results files: the expected verdict for each kind of change. */
class DiffCommandTest {

    private static final double[] AROUND_100 = {100, 101, 99, 100, 102, 98, 100, 101, 99, 100, 103};
    private static final double[] AROUND_50 = {50, 51, 49, 50, 52, 48, 50, 50, 51, 49, 50};
    private static final double[] WIDE_A = {100, 120, 85, 110, 95, 130, 75, 105, 90, 115, 100};
    private static final double[] WIDE_B = {102, 125, 80, 112, 93, 128, 78, 101, 94, 118, 97};

    @Test
    void verdictsFollowTheIntervalAndTheDirection(@TempDir Path dir) throws IOException {
        Path a = write(dir.resolve("a"), List.of(
                m("fast", "write", "ns/put", false, false, AROUND_100),
                m("same", "write", "ns/put", false, false, WIDE_A),
                m("rate", "throughput", "records/us", true, false, AROUND_100),
                m("pages", "pss", "bytes", false, true, new double[] {4096}),
                m("copies", "bytesCopied", "bytes", false, true, new double[] {1024, 1024}),
                m("drift", "pss", "bytes", false, true, new double[] {1000}),
                m("gone", "write", "ns/put", false, false, AROUND_100)));
        Path b = write(dir.resolve("b"), List.of(
                m("fast", "write", "ns/put", false, false, AROUND_50),
                m("same", "write", "ns/put", false, false, WIDE_B),
                m("rate", "throughput", "records/us", true, false, AROUND_50),
                m("pages", "pss", "bytes", false, true, new double[] {8192}),
                m("copies", "bytesCopied", "bytes", false, true, new double[] {1024}),
                m("drift", "pss", "bytes", false, true, new double[] {1010}),
                m("new", "write", "ns/put", false, false, AROUND_100)));

        Cli.Result r = Cli.run("diff", a.toString(), b.toString());

        assertEquals(0, r.exitCode(), r.all());
        assertEquals("faster", verdict(r.out(), "fast"), "half the time per put");
        assertEquals("within noise", verdict(r.out(), "same"));
        assertEquals("slower", verdict(r.out(), "rate"), "half the throughput");
        assertEquals("worse", verdict(r.out(), "pages"), "twice the memory, a counter");
        assertEquals("unchanged", verdict(r.out(), "copies"), "the same count");
        assertEquals("negligible", verdict(r.out(), "drift"), "a counter 1 % up: below Diff.MIN_EFFECT");
        assertTrue(r.out().contains("Only in A (1):\n  synthetic|case=gone|write"), r.out());
        assertTrue(r.out().contains("Only in B (1):\n  synthetic|case=new|write"), r.out());
        // The ratio of the medians and an interval around it, which excludes 1 for "fast".
        Matcher fast = Pattern.compile("(?m)^synthetic +fast .* (0\\.[0-9]+) +\\[([0-9.]+), ([0-9.]+)] +faster$")
                .matcher(r.out());
        assertTrue(fast.find(), r.out());
        assertEquals(0.5, Double.parseDouble(fast.group(1)), 1e-9);
        assertTrue(Double.parseDouble(fast.group(2)) <= 0.5 && 0.5 <= Double.parseDouble(fast.group(3))
                && Double.parseDouble(fast.group(3)) < 1, fast.group());
        // The same files give the same intervals: the bootstrap has a fixed seed.
        assertEquals(r.out(), Cli.run("diff", a.toString(), b.toString()).out());
    }

    @Test
    void badInputIsNamed(@TempDir Path dir) throws IOException {
        Path good = write(dir.resolve("good"), List.of(m("x", "write", "ns/put", false, false, AROUND_100)));
        expectBad("no such file", dir.resolve("missing.json").toString(), good.toString());
        expectBad("is not JSON", Files.writeString(dir.resolve("text.json"), "not { json").toString(), good.toString());
        expectBad("is not a ringlab results.json", Files.writeString(dir.resolve("other.json"), "{\"foo\": 1}").toString(),
                good.toString());
        String json = Files.readString(good);
        expectBad("version 2 does not match", good.toString(),
                Files.writeString(dir.resolve("v2.json"), json.replaceFirst("\"version\" ?: 1", "\"version\": 2")).toString());
        expectBad("Unrecognized field \"samplez\"", good.toString(),
                Files.writeString(dir.resolve("samplez.json"), json.replace("\"samples\"", "\"samplez\"")).toString());
        expectBad("has no \"samples\" (schema mismatch)", good.toString(),
                Files.writeString(dir.resolve("nosamples.json"), json.replaceAll("\"samples\" ?: \\[[^]]*],", "")).toString());
    }

    private static void expectBad(String message, String a, String b) {
        Cli.Result r = Cli.run("diff", a, b);
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains(message), "'" + message + "' not in: " + r.err());
    }

    /** Timings as if from two forked JVMs (alternate samples), counters from one. */
    private static Measurement m(String name, String metric, String unit, boolean higher, boolean counter, double[] v) {
        int[] forks = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            forks[i] = counter ? 0 : i % 2;
        }
        return new Measurement("synthetic", Map.of("case", name), metric, unit, higher, counter, v, forks);
    }

    @Test
    void forksAreResampledAndOneJvmIsNotJudged(@TempDir Path dir) {
        // A's two forks disagree by 30 %; B sits between them: within run-to-run noise, although
        // the repetitions inside each fork are tight.
        double[] a = {100, 101, 99, 100, 100, 130, 131, 129, 130, 130};
        double[] b = {112, 113, 111, 112, 112, 118, 119, 117, 118, 118};
        int[] forks = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
        Path pa = write(dir.resolve("a"), List.of(
                new Measurement("synthetic", Map.of("case", "drift"), "write", "ns/put", false, false, a, forks),
                new Measurement("synthetic", Map.of("case", "onejvm"), "write", "ns/put", false, false, AROUND_100)));
        Path pb = write(dir.resolve("b"), List.of(
                new Measurement("synthetic", Map.of("case", "drift"), "write", "ns/put", false, false, b, forks),
                new Measurement("synthetic", Map.of("case", "onejvm"), "write", "ns/put", false, false, AROUND_50)));
        Cli.Result r = Cli.run("diff", pa.toString(), pb.toString());
        assertEquals(0, r.exitCode(), r.all());
        assertEquals("within noise", verdict(r.out(), "drift"));
        assertEquals("single fork", verdict(r.out(), "onejvm"), "one JVM per side: run-to-run noise unknown");
    }

    private static Path write(Path dir, List<Measurement> ms) {
        ExperimentResult r = new ExperimentResult("synthetic", "—", "synthetic", "tiny", ms, List.of(), List.of(),
                List.of(), List.of(), List.of());
        ReportWriter.write(dir, new ReportWriter.Run("test", "tiny", 1, false, List.of(), List.of(),
                Map.of("jdk", "25"), "2026-01-01T00:00:00Z", 1), List.of(new Section("synthetic", "—", "synthetic", r,
                null, 1)));
        return dir.resolve(ReportWriter.JSON);
    }

    private static String verdict(String out, String name) {
        Matcher m = Pattern.compile("(?m)^synthetic +" + name + " .*?  ([a-z ]+)$").matcher(out);
        if (!m.find()) {
            fail("no row for " + name + ":\n" + out);
        }
        return m.group(1).trim();
    }
}
