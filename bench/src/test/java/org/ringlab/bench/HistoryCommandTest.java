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
import org.ringlab.api.MemoryStrategy;

class HistoryCommandTest {

    private static final List<String> SIZES = List.of("4KiB", "60KiB", "240KiB", "960KiB");
    /** "median [min..max]" */
    private static final Pattern SPREAD = Pattern.compile("(-?[0-9.]+) \\[(-?[0-9.]+)\\.\\.(-?[0-9.]+)]");

    @Test
    void tinyProfileGivesARowPerAvailableStrategyAndSize() {
        List<MemoryStrategy> available = Cli.available();

        Cli.Result r = Cli.run("history", "--profile", "tiny");

        assertEquals(0, r.exitCode(), r.all());
        for (MemoryStrategy s : available) {
            for (String size : SIZES) {
                checkRow(row(r.out(), s.name(), size));
            }
        }
        assertTrue(r.out().contains("Claims:"), r.out());
        // The seed's runs under its conditions, then the steady state per size, both from the catalogue's entries.
        assertTrue(r.out().contains("seed 000: Indeed, the ring write test ran twice as fast."), r.out());
        assertTrue(r.out().contains("(steady state: a ring already faulted in, 60KiB elements, ring"), r.out());
        assertTrue(r.out().contains("Seed 000's runs timed whole from a fresh mapping (cold)"), r.out());
        assertFalse(r.out().contains("≥ 1.8"), r.out());
        // Progress goes to stderr, one line per strategy and round (tiny: two rounds).
        assertTrue(r.err().contains("[1/1 history] 1/" + available.size()
                * org.ringlab.bench.history.Profile.TINY.budget().minRounds() + " "), r.err());
    }

    @Test
    void oneStrategyRunsForkedWithTheReportFolder(@TempDir Path dir) throws IOException {
        String name = Cli.available().getFirst().name();

        // One cell in a forked JVM exercises the child path.
        Cli.Result r = Cli.run("history", "--profile", "tiny", "--strategy", name, "--sizes", "64K", "--fork", "--out",
                dir.toString(), "--seed", "7");

        assertEquals(0, r.exitCode(), r.all());
        checkRow(row(r.out(), name, "64KiB"));
        assertFalse(r.out().contains("\n" + name + "  4KiB"), r.out());
        assertTrue(r.err().contains("one fresh JVM per strategy and round"), r.err());
        assertFalse(r.err().contains("WARNING"), r.err());
        String json = Files.readString(dir.resolve("results.json"));
        assertTrue(json.contains("\"id\": \"history\""), json);
        assertTrue(json.contains("\"seed\": 7"), json);
        assertTrue(json.contains("\"key\": \"history|strategy=" + name + "|element=64KiB|write\""), json);
        assertTrue(json.contains("\"status\": \"ok\""), json);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| " + name + " | 64KiB |"), md);
        assertTrue(md.contains("one fresh JVM per strategy and round"), md);
    }

    private static String row(String out, String strategy, String size) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(strategy) + " +" + size + " .*$").matcher(out);
        if (!m.find()) {
            fail("no row for " + strategy + " x " + size + ":\n" + out);
        }
        return m.group();
    }

    /** Every figure of a row parses; the timings are positive. */
    private static void checkRow(String row) {
        String[] cells = row.trim().split(" {2,}");
        assertEquals(12, cells.length, row);
        double write = spread(cells[2], row);
        double read = spread(cells[4], row);
        assertTrue(write > 0 && read > 0, row);
        assertTrue(Double.parseDouble(cells[3]) > 0, row);
        assertTrue(Double.parseDouble(cells[5]) > 0, row);
        for (int i = 6; i < 12; i++) {
            Double.parseDouble(cells[i]); // Pss, Rss (MiB and /N), extra bytes per put and per read
        }
    }

    private static double spread(String cell, String row) {
        Matcher m = SPREAD.matcher(cell);
        assertTrue(m.matches(), "'" + cell + "' is not 'median [min..max]' in: " + row);
        double median = Double.parseDouble(m.group(1));
        assertTrue(Double.parseDouble(m.group(2)) <= median && median <= Double.parseDouble(m.group(3)), row);
        return median;
    }
}
