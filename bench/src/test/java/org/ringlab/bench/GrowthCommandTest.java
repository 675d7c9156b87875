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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.Registries;

/** {@code ringlab growth} (seed 002 with its own knobs) and {@code compare --experiment history}. */
class GrowthCommandTest {

    private static List<GrowthStrategy> available() {
        List<GrowthStrategy> available = Registries.growthStrategies().available();
        assertFalse(available.isEmpty(), "no growth strategy on the test class path: "
                + Registries.growthStrategies().names());
        return available;
    }

    @Test
    void growthRunsTheSeedsTestsByDefaultWithARowPerAvailableStrategy() {
        List<GrowthStrategy> available = available();

        Cli.Result r = Cli.run("growth", "--profile", "tiny");

        assertEquals(0, r.exitCode(), r.all());
        for (GrowthStrategy s : available) {
            String[] cells = row(r.out(), s.name()).trim().split(" {2,}");
            assertEquals(10, cells.length, String.join("|", cells));
            assertEquals("4MiB + 1B", cells[1], "the copy example's data and one byte more");
            Double.parseDouble(cells[2]); // peak RSS MiB
            Double.parseDouble(cells[3]); // peak / final
            assertEquals("3", cells[4], "1 -> 2 -> 4 -> 8 MiB: three growth steps, the last one past the target");
            assertTrue(cells[7].equals("?") || Double.parseDouble(cells[7]) >= 0, cells[7]);
        }
        assertTrue(r.out().contains("Claims:"), r.out());
        assertTrue(r.out().contains("seed 002's realloc program"), r.out());
        assertTrue(r.out().contains("ringlab: mremap's peak resident memory ≤ 1.1× the final size"), r.out());
    }

    @Test
    void aWorkloadOfOnesOwnLeavesTheSeedsEntriesNotMeasured() {
        Cli.Result r = Cli.run("growth", "--profile", "tiny", "--strategy", "mremap", "--target", "3M");

        assertEquals(0, r.exitCode(), r.all());
        assertTrue(row(r.out(), "mremap").contains("3MiB"), r.out());
        assertTrue(r.out().contains("the seed's conditions run without --target"), r.out());
    }

    @Test
    void oneStrategyForkedWritesTheFiles(@TempDir Path dir) throws IOException {
        Cli.Result r = Cli.run("growth", "--profile", "tiny", "--strategy", "copy-doubling-heap",
                "--fork", "--reps", "1", "--target", "3M", "--seed", "9", "--out", dir.toString());

        assertEquals(0, r.exitCode(), r.all());
        String row = row(r.out(), "copy-doubling-heap");
        assertTrue(row.contains("3MiB"), row);
        assertTrue(r.err().contains("one fresh JVM per repetition"), r.err());
        assertFalse(r.err().contains("WARNING"), r.err());
        String json = Files.readString(dir.resolve("results.json"));
        assertTrue(json.contains("\"id\": \"growth\""), json);
        assertTrue(json.contains("\"seed\": 9"), json);
        // 1 -> 2 -> 4 MiB capacity for 3 MiB of data: copying moves 1 + 2 MiB, exactly.
        JsonNode copied = null;
        for (JsonNode m : new ObjectMapper().readTree(json).get("experiments").get(0).get("measurements")) {
            if (m.get("key").asText().equals("growth|strategy=copy-doubling-heap|bytesCopied")) {
                copied = m;
            }
        }
        assertTrue(copied != null, json);
        assertEquals(1, copied.get("samples").size(), copied.toString());
        assertEquals(3145728.0, copied.get("samples").get(0).asDouble(), copied.toString());
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| copy-doubling-heap | 3MiB |"), md);
        assertTrue(md.contains("one fresh JVM per repetition"), md);
    }

    @Test
    void compareNarrowsToHistory(@TempDir Path dir) {
        String name = Cli.available().getFirst().name();

        Cli.Result r = Cli.run("compare", "--experiment", "history", "--profile", "tiny", "--strategy", name, "--out",
                dir.toString());

        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().startsWith("== history "), r.out());
        assertFalse(r.out().contains("== growth"), r.out());
        assertTrue(Pattern.compile("(?m)^" + Pattern.quote(name) + " +4KiB ").matcher(r.out()).find(), r.out());
    }

    @Test
    void badInputIsNamedAndExitsTwo() {
        expectBad("unknown growth strategy 'no-such'; known: ", "--strategy", "no-such");
        expectBad("growth factor must be 1..16, got 0", "--factor", "0");
        expectBad("--target: size must be positive, got 0", "--target", "0");
        expectBad("initial capacity 8388608 is outside 1..4194304", "--target", "4M", "--initial", "8M");
        expectBad("unknown profile 'huge'; allowed: quick, full", "--profile", "huge");
        expectBad("--reps must be at least 1, got 0", "--reps", "0");
        Cli.Result target = Cli.run("compare", "--experiment", "history", "--target", "4M");
        assertEquals(2, target.exitCode(), target.all());
        assertTrue(target.err().contains("Unknown options: '--target', '4M'"), "growth's knobs belong to 'ringlab growth': "
                + target.err());
        Cli.Result unknown = Cli.run("growth", "--strategy", "no-such");
        for (String known : Registries.growthStrategies().names()) {
            assertTrue(unknown.err().contains(known), known + " missing from: " + unknown.err());
        }
    }

    private static void expectBad(String message, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "growth";
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
