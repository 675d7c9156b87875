package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of the writer at random points, {@code ringlab.kills} times (default 100, the issue's
 * count: each kill costs a JVM start, 0.25 to 0.6 s on two cores depending on their load, so
 * 100 take about 27 s on a quiet machine and 45 s on a loaded one). Each writer child takes
 * the file over from the killed one and continues the
 * numbering; two reader threads follow the whole time and check that every record arrives once,
 * in order and intact: a torn or duplicated record, or one lost, fails the test. Small chunks,
 * so kills also land while the file grows and while padding is written.
 */
class MappedKillTest {

    static final int KILLS = Integer.getInteger("ringlab.kills", 100);
    static final long CHUNK = 64 * 1024;

    @TempDir
    Path dir;

    @Test
    void killedWritersNeverLeaveATornOrDuplicatedRecord() throws Exception {
        Path path = dir.resolve("killed.queue");
        Random random = new Random(Long.getLong("ringlab.seed", System.nanoTime()));
        MappedQueue.Config config = MappedQueue.Config.defaults().withChunkBytes(CHUNK)
                .withMaxRecordBytes(Numbered.MAX_RECORD);
        MappedQueue.create(path, config).close(); // an empty queue for the first child to take over

        // Read until the test's final writer closes the file.
        FollowingReaders readers = new FollowingReaders(path, 2, "kill-test-reader",
                r -> r.writerState() == WriterState.CLOSED && r.generation() > KILLS + 1);

        long started = System.nanoTime();
        for (int kill = 0; kill < KILLS && readers.failure.get() == null; kill++) {
            Process writer = ChildJvms.start(MappedWriterMain.class, "takeover", path.toString(), Long.toString(CHUNK), "-1");
            BufferedReader out = ChildJvms.stdout(writer);
            StringBuilder log = new StringBuilder();
            try {
                assertNotNull(ChildJvms.awaitLine(writer, out, "writing from", log), () -> "writer " + log);
                Thread.sleep(random.nextInt(30)); // a random point in its run: in a record, a padding, a growth
            } finally {
                writer.destroyForcibly(); // SIGKILL
                writer.waitFor();
            }
        }
        long killPhase = (System.nanoTime() - started) / 1_000_000;

        // The last owner is gone: a final writer takes over, adds one record and closes.
        long total;
        try (MappedQueueWriter last = MappedQueue.takeOver(path, config)) {
            MemorySegment previous = last.lastRecord();
            total = Numbered.sequence(previous) + 2;
            last.offer(Numbered.fill(MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]), total - 1));
            assertEquals(KILLS + 2, last.generation(), "one take-over per child plus this one");
        }
        readers.assertEveryRecord(total);
        System.out.println("MappedKillTest: " + KILLS + " kills in " + killPhase + " ms, " + total + " records checked");
    }
}
