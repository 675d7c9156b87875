package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.harness.Claim.Verdict;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.bench.harness.Judgement;
import org.ringlab.bench.report.Measurement;
import org.ringlab.bench.report.ReportWriter;
import org.ringlab.bench.report.Section;

/** {@code ringlab verdicts}: a claim confirmed in one run and DIFFERS in another is flagged and fails the exit code. */
class VerdictsCommandTest {

    @Test
    void aFlipIsFlaggedNamedAndFailsTheExitCode(@TempDir Path dir) {
        Path r1 = run(dir.resolve("r1"), Verdict.REPRODUCED, Verdict.REPRODUCED, Verdict.INCONCLUSIVE);
        Path r2 = run(dir.resolve("r2"), Verdict.REPRODUCED, Verdict.DIFFERS, Verdict.INCONCLUSIVE);
        Path r3 = run(dir.resolve("r3"), Verdict.REPRODUCED, Verdict.INCONCLUSIVE, Verdict.REPRODUCED);

        Cli.Result r = Cli.run("verdicts", r1.toString(), r2.toString(), r3.resolve(ReportWriter.JSON).toString());

        assertEquals(1, r.exitCode(), r.all());
        assertEquals("", flag(r.out(), "steady"), r.out());
        assertEquals("FLIP", flag(r.out(), "flipping"), r.out());
        assertEquals("varies", flag(r.out(), "settling"), r.out());
        assertTrue(r.out().contains("3 claims in 3 runs: 1 flip (reproduced in one run, DIFFERS in another), 1 vary"
                + " otherwise, 2 inconclusive in at least one run."), r.out());
        assertTrue(r.out().contains("FLIP: synthetic: flipping claim"), r.out());
        // Each run's verdict with its interval, in run order.
        assertTrue(Pattern.compile("(?m)^synthetic +flipping claim +reproduced 1\\.10 \\[1\\.00, 1\\.20] +DIFFERS")
                .matcher(r.out()).find(), r.out());
    }

    @Test
    void runsThatAgreeExitZero(@TempDir Path dir) {
        Path r1 = run(dir.resolve("r1"), Verdict.REPRODUCED, Verdict.DIFFERS, Verdict.INCONCLUSIVE);
        Path r2 = run(dir.resolve("r2"), Verdict.REPRODUCED, Verdict.DIFFERS, Verdict.INCONCLUSIVE);
        Cli.Result r = Cli.run("verdicts", r1.toString(), r2.toString());
        assertEquals(0, r.exitCode(), r.all());
        assertFalse(r.out().contains("FLIP"), r.out());
        assertTrue(r.out().contains("0 flip"), r.out());
    }

    @Test
    void aMissingRunOrASingleRunIsRefused(@TempDir Path dir) {
        Path r1 = run(dir.resolve("r1"), Verdict.REPRODUCED, Verdict.DIFFERS, Verdict.INCONCLUSIVE);
        Cli.Result missing = Cli.run("verdicts", r1.toString(), dir.resolve("nothing").toString());
        assertEquals(2, missing.exitCode(), missing.all());
        assertTrue(missing.err().contains("no such file"), missing.err());
        Cli.Result one = Cli.run("verdicts", r1.toString());
        assertEquals(2, one.exitCode(), one.all());
    }

    private static Path run(Path dir, Verdict steady, Verdict flipping, Verdict settling) {
        List<Claim> claims = List.of(claim("steady claim", steady), claim("flipping claim", flipping),
                claim("settling claim", settling));
        Measurement m = new Measurement("synthetic", Map.of("case", "x"), "write", "ns/put", false, false,
                new double[] {1, 2}, new int[] {0, 1});
        ExperimentResult r = new ExperimentResult("synthetic", "—", "synthetic", "tiny", List.of(m), List.of(),
                List.of(), claims, List.of(), List.of());
        ReportWriter.write(dir, new ReportWriter.Run("test", "tiny", 1, false, List.of(), List.of(),
                Map.of("jdk", "25"), "2026-01-01T00:00:00Z", 1), List.of(new Section("synthetic", "—", "synthetic", r,
                null, 1)));
        return dir;
    }

    private static Claim claim(String text, Verdict v) {
        double ratio = switch (v) {
            case REPRODUCED -> 1.1;
            case DIFFERS -> 0.5;
            default -> 0.95;
        };
        return new Claim(text, "measured", v, new Judgement("1×", 1.0, true, ratio, ratio - 0.1, ratio + 0.1, 2, 10));
    }

    private static String flag(String out, String name) {
        Matcher m = Pattern.compile("(?m)^synthetic +" + name + " claim .*?(FLIP|varies)?$").matcher(out);
        assertTrue(m.find(), "no row for " + name + ":\n" + out);
        return m.group(1) == null ? "" : m.group(1);
    }
}
