package org.ringlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ringlab mapped} end to end on a tiny profile: both tables, a reader in a real child JVM, the report files. */
class MappedCommandTest {

    @Test
    void bothTablesAndTheReportFiles(@TempDir Path out, @TempDir Path disk) throws Exception {
        Cli.Result r = Cli.run("mapped", "--profile", "tiny", "--disk-dir", disk.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.all());
        for (String row : new String[] {"none  ", "prealloc+populate+willneed  ", "manual+willneed  ",
                "background (burst)  ", "background (paced 256 MiB/s)  ", "Disk  ", "Bind-m  "}) {
            assertTrue(r.out().contains("\n" + row), "missing row '" + row + "' in:\n" + r.all());
        }
        assertTrue(r.err().contains("prefault repetition 1 of 1"), "progress goes to stderr: " + r.err());
        String md = Files.readString(out.resolve("report.md"));
        for (String row : new String[] {"| none | BM_MMap01 129.806 ms |", "| prealloc+populate+willneed |",
                "| manual+willneed | BM_MMap10ManualPrefaultNeed", "| background (burst) |",
                "| background (paced 256 MiB/s) |", "populate's gain kept", "| Disk | disk | N |", "| Bind-m | mem | Y |",
                "Enqueue → dequeue across processes"}) {
            assertTrue(md.contains(row), "missing '" + row + "' in report.md:\n" + md);
        }
        String json = Files.readString(out.resolve("results.json"));
        assertTrue(json.contains("\"id\": \"mapped\""), json);
        assertTrue(json.contains("\"key\": \"mapped|configure=Bind-m|store=mem|pinned=true|over1ms\""), json);
        try (var files = Files.list(disk)) {
            assertEquals(0, files.count(), "the latency queue files are removed");
        }
    }

    @Test
    void checksumTableHasBothKindsPerSizeInTheTableAndResults(@TempDir Path out) throws Exception {
        Cli.Result r = Cli.run("mapped", "--profile", "tiny", "--table", "checksum", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.out().contains("Record checksum cost: 2000 records per sample"), r.all());
        assertTrue(r.out().contains("write CRC32C  write NONE  write ratio"), r.all());
        assertTrue(r.out().contains("\n128  "), "a row for 128-byte records in:\n" + r.all());
        assertTrue(r.out().contains("skipped: the prefault table (--table checksum)"), r.all());
        assertTrue(r.out().contains("skipped: the latency table (--table checksum)"), r.all());
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| record bytes | write CRC32C | write NONE | write ratio |"), md);
        assertTrue(md.contains("| 128 | "), md);
        String json = Files.readString(out.resolve("results.json"));
        for (String kind : new String[] {"CRC32C", "NONE"}) {
            for (String metric : new String[] {"recordWrite", "recordRead"}) {
                String key = "\"key\": \"mapped|recordBytes=128|checksum=" + kind + "|" + metric + "\"";
                assertTrue(json.contains(key), "missing " + key + " in:\n" + json);
            }
        }
        assertTrue(json.contains("\"key\": \"mapped|recordBytes=128|checksumWriteRatio\""), json);
        assertTrue(json.contains("\"key\": \"mapped|recordBytes=128|checksumReadRatio\""), json);
        assertTrue(json.contains("\"unit\": \"ns/record\""), json);
        assertTrue(!json.contains("configuration=none"), "the prefault table was not asked for: " + json);
        try (var files = Files.list(org.ringlab.api.MappedFileSpec.defaultDirectory())) {
            assertEquals(0, files.filter(f -> f.getFileName().toString().startsWith("ringlab-checksum-")).count(),
                    "the checksum run's queue files are removed");
        }
    }

    @Test
    void badInputIsExitCodeTwoWithTheValue() {
        Cli.Result table = Cli.run("mapped", "--table", "crc");
        assertEquals(2, table.exitCode(), table.all());
        assertTrue(table.err().contains("--table must be prefault, latency, checksum or all, got 'crc'"), table.all());
        Cli.Result profile = Cli.run("mapped", "--profile", "turbo");
        assertEquals(2, profile.exitCode(), profile.all());
        assertTrue(profile.err().contains("unknown profile 'turbo'; allowed: quick, full"), profile.all());
        Cli.Result policy = Cli.run("mapped", "--writer-policy", "populate+none");
        assertEquals(2, policy.exitCode(), policy.all());
        assertTrue(policy.err().contains("'none' cannot be combined"), policy.all());
        Cli.Result dir = Cli.run("mapped", "--dir", "/no/such/dir");
        assertEquals(2, dir.exitCode(), dir.all());
        assertTrue(dir.err().contains("--dir /no/such/dir is not a writable directory"), dir.all());
        Cli.Result size = Cli.run("mapped", "--size", "0");
        assertEquals(2, size.exitCode(), size.all());
        assertTrue(size.err().contains("--size"), size.all());
        Cli.Result reps = Cli.run("mapped", "--reps", "0");
        assertEquals(2, reps.exitCode(), reps.all());
        assertTrue(reps.err().contains("--reps must be at least 1, got 0"), reps.all());
    }
}
