package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three JVMs besides this one: a writer and two readers, one attached from the start and one
 * from the current end while the writer runs; every record arrives once, in order, intact.
 */
class MappedCrossProcessTest {

    static final long RECORDS = 1_500_000; // ~60 MB of frames: 58 chunks of 1 MiB
    private static final Pattern SUMMARY = Pattern.compile("first=(-?\\d+) delivered=(\\d+) violations=(\\d+).*");

    @TempDir
    Path dir;

    @Test
    void aWriterAndTwoReadersInOtherJvms() {
        Path path = dir.resolve("cross.queue");
        Process writer = ChildJvms.start(MappedWriterMain.class, "create", path.toString(), Long.toString(1 << 20),
                Long.toString(RECORDS));
        BufferedReader writerOut = ChildJvms.stdout(writer);
        StringBuilder writerLog = new StringBuilder();
        Process fromStart = null;
        Process fromEnd = null;
        try {
            assertNotNull(ChildJvms.awaitLine(writer, writerOut, "writing from", writerLog), writerLog::toString);
            fromStart = ChildJvms.start(MappedReaderMain.class, path.toString(), "beginning");
            fromEnd = ChildJvms.start(MappedReaderMain.class, path.toString(), "end");
            StringBuilder startLog = new StringBuilder();
            StringBuilder endLog = new StringBuilder();
            BufferedReader startOut = ChildJvms.stdout(fromStart);
            BufferedReader endOut = ChildJvms.stdout(fromEnd);
            assertEquals(0, ChildJvms.finish(writer, writerOut, writerLog, 120), writerLog::toString);
            assertEquals(0, ChildJvms.finish(fromStart, startOut, startLog, 120), startLog::toString);
            assertEquals(0, ChildJvms.finish(fromEnd, endOut, endLog, 120), endLog::toString);

            Matcher all = summary(startLog);
            assertEquals(0, Long.parseLong(all.group(3)), startLog::toString);
            assertEquals(0, Long.parseLong(all.group(1)), startLog::toString);
            assertEquals(RECORDS, Long.parseLong(all.group(2)), startLog::toString);

            Matcher late = summary(endLog);
            long first = Long.parseLong(late.group(1));
            assertEquals(0, Long.parseLong(late.group(3)), endLog::toString);
            assertTrue(first >= 0 && first < RECORDS, endLog::toString);
            assertEquals(RECORDS - first, Long.parseLong(late.group(2)), "a reader from the end gets every later record: "
                    + endLog);
        } finally {
            for (Process p : new Process[] {writer, fromStart, fromEnd}) {
                if (p != null) {
                    p.destroyForcibly();
                }
            }
        }
    }

    private static Matcher summary(StringBuilder log) {
        for (String line : log.toString().split("\n")) {
            Matcher m = SUMMARY.matcher(line);
            if (m.matches()) {
                return m;
            }
        }
        throw new AssertionError("no summary line in:\n" + log);
    }
}
