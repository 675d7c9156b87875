package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

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
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Numbered.Checker> checkers = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING);
            Numbered.Checker checker = new Numbered.Checker(0);
            checkers.add(checker);
            Thread t = new Thread(() -> {
                try (reader) {
                    while (checker.violations == 0) {
                        if (reader.drain(checker, 64) == 0) {
                            // the state first: once the last close is seen, an empty queue is the end
                            if (done.get() && reader.writerState() == WriterState.CLOSED
                                    && reader.drain(checker, Integer.MAX_VALUE) == 0) {
                                break;
                            }
                            Thread.onSpinWait();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "seal-race-reader-" + i);
            t.start();
            readers.add(t);
        }
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        long s = 0;
        for (int cycle = 0; cycle < CYCLES && failure.get() == null; cycle++) {
            try (MappedQueueWriter writer = MappedQueue.takeOver(path, config)) {
                for (int i = 0; i < PER_CYCLE; i++) {
                    writer.offer(Numbered.fill(buffer, s++));
                }
            }
        }
        done.set(true);
        for (Thread t : readers) {
            t.join(60_000);
            assertTrue(!t.isAlive(), "a reader did not finish");
        }
        if (failure.get() != null) {
            throw new AssertionError("a reader failed", failure.get());
        }
        for (Numbered.Checker c : checkers) {
            assertEquals(0, c.violations, c.summary());
            assertEquals(s, c.delivered, "every record, once: " + c.summary());
        }
    }
}
