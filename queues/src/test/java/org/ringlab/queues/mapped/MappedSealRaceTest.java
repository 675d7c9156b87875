package org.ringlab.queues.mapped;


import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Close, take over, write, close again, many times, while readers poll the whole time: a reader
 * that checks the close seal of a file a take-over is rewriting (its published end and chunk
 * count change under it) must see the rewrite coming, never report it as damage, and still
 * deliver every record once, in order, intact. Small chunks, so the counts change often.
 */
class MappedSealRaceTest {

    static final int CYCLES = 300;
    static final int PER_CYCLE = 40;

    @TempDir
    Path dir;

    @Test
    void readersNeverTakeACloseAndTakeOverForDamage() throws Exception {
        Path path = dir.resolve("seal-race");
        MappedQueue.Config config = MappedQueue.Config.defaults().withMaxRecordBytes(Numbered.MAX_RECORD)
                .withChunkBytes(4096);
        MappedQueue.create(path, config).close();
        AtomicBoolean done = new AtomicBoolean();
        // the state first: once the last close is seen, an empty queue is the end
        FollowingReaders readers = new FollowingReaders(path, 2, "seal-race-reader",
                r -> done.get() && r.writerState() == WriterState.CLOSED);
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        long s = 0;
        for (int cycle = 0; cycle < CYCLES && readers.failure.get() == null; cycle++) {
            try (MappedQueueWriter writer = MappedQueue.takeOver(path, config)) {
                for (int i = 0; i < PER_CYCLE; i++) {
                    writer.offer(Numbered.fill(buffer, s++));
                }
            }
        }
        done.set(true);
        readers.assertEveryRecord(s);
    }
}
