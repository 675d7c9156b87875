package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;

class CompareCommandTest {

    private static List<GrowthStrategy> available() {
        List<GrowthStrategy> available = Registries.growthStrategies().available();
        assertFalse(available.isEmpty(), "no growth strategy on the test class path: "
                + Registries.growthStrategies().names());
        return available;
    }

    @Test
    void growthGivesARowPerAvailableStrategyWithItsFigures() {
        List<GrowthStrategy> available = available();

        Cli.Result r = Cli.run("compare", "--experiment", "growth", "--profile", "tiny");

        assertEquals(0, r.exitCode(), r.all());
        for (GrowthStrategy s : available) {
            String[] cells = row(r.out(), s.name()).trim().split(" {2,}");
            assertEquals(10, cells.length, String.join("|", cells));
            assertEquals("4MiB", cells[1]);
            Double.parseDouble(cells[2]); // peak RSS MiB
            Double.parseDouble(cells[3]); // peak / final
            assertEquals("2", cells[4], "1 -> 2 -> 4 MiB: two growth steps");
            assertTrue(cells[7].equals("?") || Double.parseDouble(cells[7]) >= 0, cells[7]);
        }
        assertTrue(r.out().contains("Summary (seed 002"), r.out());
        assertTrue(r.err().contains("[ 1/" + available.size() * 2 + "]"), r.err());
    }

    @Test
    void oneStrategyForkedWritesTheFiles(@TempDir Path dir) throws IOException {
        Cli.Result r = Cli.run("compare", "--experiment", "growth", "--profile", "tiny", "--strategy", "copy-doubling-heap",
                "--fork", "--reps", "1", "--target", "3M", "--seed", "9", "--out", dir.toString());

        assertEquals(0, r.exitCode(), r.all());
        String row = row(r.out(), "copy-doubling-heap");
        assertTrue(row.contains("3MiB"), row);
        assertTrue(r.out().contains("one fresh JVM per repetition"), r.out());
        assertFalse(r.err().contains("WARNING"), r.err());
        String json = Files.readString(dir.resolve("results.json"));
        assertTrue(json.contains("\"experiment\": \"growth\""), json);
        assertTrue(json.contains("\"seed\": 9"), json);
        assertTrue(json.contains("\"targetBytes\": 3145728"), json);
        assertTrue(json.contains("\"bytesCopied\": 3145728") || json.contains("\"bytesCopied\": 2097152"), json);
        assertTrue(Files.readString(dir.resolve("growth.md")).contains("| copy-doubling-heap | 3MiB |"));
    }

    @Test
    void historyIsRoutedToTheHistoryExperiment() {
        String name = Cli.available().getFirst().name();

        Cli.Result r = Cli.run("compare", "--experiment", "history", "--profile", "tiny", "--strategy", name);

        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().startsWith("ringlab history"), r.out());
        assertTrue(Pattern.compile("(?m)^" + Pattern.quote(name) + " +4KiB ").matcher(r.out()).find(), r.out());
    }

    @Test
    void badInputIsNamedAndExitsTwo() {
        expectBad("unknown experiment 'driverz'; allowed: growth, history", "--experiment", "driverz");
        expectBad("unknown growth strategy 'no-such'; known: ", "--experiment", "growth", "--strategy", "no-such");
        expectBad("growth factor must be 1..16, got 0", "--experiment", "growth", "--factor", "0");
        expectBad("--target: size must be positive, got 0", "--experiment", "growth", "--target", "0");
        expectBad("initial capacity 8388608 is outside 1..4194304", "--experiment", "growth", "--target", "4M",
                "--initial", "8M");
        expectBad("unknown profile 'huge'; allowed: quick, full", "--experiment", "growth", "--profile", "huge");
        expectBad("--reps must be at least 1, got 0", "--experiment", "growth", "--reps", "0");
        expectBad("belong to the growth experiment", "--experiment", "history", "--target", "4M");
        expectBad("Missing required option: '--experiment=ID'");
        Cli.Result unknown = Cli.run("compare", "--experiment", "growth", "--strategy", "no-such");
        for (String known : Registries.growthStrategies().names()) {
            assertTrue(unknown.err().contains(known), known + " missing from: " + unknown.err());
        }
    }

    private static void expectBad(String message, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        Cli.Result r = Cli.run(all);
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains(message), "'" + message + "' not in: " + r.err());
        assertTrue(r.out().isEmpty(), r.out());
    }

    private static String row(String out, String strategy) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(strategy) + " +[0-9].*$").matcher(out);
        if (!m.find()) {
            fail("no row for " + strategy + ":\n" + out);
        }
        return m.group();
    }
}
