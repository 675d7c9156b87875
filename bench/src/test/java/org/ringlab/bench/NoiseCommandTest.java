package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.bench.report.NoiseFloor;
import org.ringlab.bench.report.NoiseFloorTest;

/** {@code ringlab noise A B -o F} and {@code ringlab diff --noise-floor F}: the file, its use, and what is refused. */
class NoiseCommandTest {

    @Test
    void theFloorOfOnePairJudgesAnotherAndSaysWhereItCameFrom(@TempDir Path dir) {
        Path a = NoiseFloorTest.run(dir, 1, -1, 1);
        Path b = NoiseFloorTest.run(dir, 2, -1, 1);
        Path floor = dir.resolve("floor.json");
        Cli.Result noise = Cli.run("noise", a.toString(), b.toString(), "-o", floor.toString());
        assertEquals(0, noise.exitCode(), noise.all());
        assertTrue(noise.out().contains("noise floor of 80 timed figures"), noise.out());
        assertEquals(80, NoiseFloor.read(floor).figures().size());

        Cli.Result diff = Cli.run("diff", "--noise-floor", floor.toString(), NoiseFloorTest.run(dir, 3, -1, 1).toString(),
                NoiseFloorTest.run(dir, 4, -1, 1).toString());
        assertEquals(0, diff.exitCode(), diff.all());
        assertTrue(diff.out().contains("Noise floor: " + floor + ", measured by 'ringlab noise' on the A/A pair " + a),
                diff.out());
        assertTrue(diff.out().contains("A/A floor"), diff.out());
        Cli.Result plain = Cli.run("diff", a.toString(), b.toString());
        assertTrue(plain.out().contains("Noise floor: none"), plain.out());
    }

    @Test
    void badInputIsRefusedNamingTheValue(@TempDir Path dir) throws IOException {
        Path a = NoiseFloorTest.run(dir, 1, -1, 1);
        Path b = NoiseFloorTest.run(dir, 2, -1, 1);
        Path floor = dir.resolve("floor.json");
        assertEquals(0, Cli.run("noise", a.toString(), b.toString(), "-o", floor.toString()).exitCode());

        expectBad("measured on this very pair", "diff", "--noise-floor", floor.toString(), b.toString(), a.toString());
        expectBad("--noise-floor " + dir.resolve("none.json") + ": no such file", "diff", "--noise-floor",
                dir.resolve("none.json").toString(), a.toString(), b.toString());
        expectBad("is not a ringlab noise floor", "diff", "--noise-floor", a.toString(), a.toString(), b.toString());
        Path low = Files.writeString(dir.resolve("low.json"), Files.readString(floor)
                .replaceFirst("\"floor\": [0-9.E-]+", "\"floor\": 1.01"));
        expectBad("has floor 1.01, below", "diff", "--noise-floor", low.toString(), a.toString(), b.toString());
        Path v1 = Files.writeString(dir.resolve("v1.json"), Files.readString(floor).replace("\"version\": 2,",
                "\"version\": 1,"));
        expectBad("noise floor version 1 does not match this ringlab's version 2", "diff", "--noise-floor",
                v1.toString(), a.toString(), b.toString());
        expectBad("--min-floor -3.0: a percentage from 0 to 99", "noise", "--min-floor", "-3", a.toString(),
                b.toString());
        expectBad("--min-floor 100.0", "noise", "--min-floor", "100", a.toString(), b.toString());
        expectBad("are the same run", "noise", a.toString(), a.toString(), "-o", dir.resolve("x.json").toString());
        expectBad("is a directory", "noise", a.toString(), b.toString(), "-o", dir.toString());
        Path other = Files.writeString(dir.resolve("other.json"), Files.readString(b).replace("abc1234", "def5678"));
        expectBad("is commit 'def5678': an A/A pair is two runs of one commit", "noise", a.toString(),
                other.toString());
    }

    @Test
    void helpIsPrintedAsWritten() {
        // A bare '%' in a description is a format conversion to picocli: it warns on System.err.
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            for (String command : new String[] {"noise", "diff"}) {
                Cli.Result r = Cli.run(command, "--help");
                assertEquals(0, r.exitCode(), r.all());
                assertTrue(r.out().contains("95% "), r.out());
            }
        } finally {
            System.setErr(saved);
        }
        assertTrue(!err.toString(java.nio.charset.StandardCharsets.UTF_8).contains("picocli WARN"), err.toString());
    }

    private static void expectBad(String message, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains(message), "'" + message + "' not in: " + r.err());
    }
}
