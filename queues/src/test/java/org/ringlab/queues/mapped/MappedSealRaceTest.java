package org.ringlab.queues.mapped;


import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Close, take over, write, close again, many times, while readers poll the whole time: a reader
 * that checks the close seal of a file a take-over is rewriting (its published end and chunk
 * count change under it) must see the rewrite coming, never report it as damage, and still
 * deliver every record once, in order, intact. Small chunks, so the counts change often.
 * <p>
 * The close itself: the end, then its seal, then the state CLOSED that publishes both. Its
 * broken twin ({@code ClosedBeforeSealMappedQueueWriter}, generated from the writer's source
 * with the state stored first) is caught by readers that follow it to the end of each file.
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

    static final int FILES = 20;

    @Test
    void readersFollowingEachCloseToItsEndSeeEveryRecord() throws Exception {
        assertNull(closeFollowed("sealed", MappedQueueWriter::new), "the writer seals before it says CLOSED");
    }

    @Test
    void aWriterThatSaysClosedBeforeItSealsIsCaught() throws Exception {
        Throwable caught = closeFollowed("closed-before-seal", ClosedBeforeSealMappedQueueWriter::new);
        assertTrue(caught != null, "the broken twin stored CLOSED before the end and its seal in " + FILES
                + " files and no reader noticed");
        Throwable cause = caught.getCause() == null ? caught : caught.getCause();
        assertTrue(cause instanceof IllegalStateException && cause.getMessage().contains("close seal"),
                "a reader should report the unsealed close as a seal that does not match, got " + cause);
    }

    /**
     * {@value #FILES} files, each written by a writer made by {@code constructor} and closed while
     * two readers follow it: the first failure of a reader to get every record (null: none).
     */
    private <W extends AutoCloseable & org.ringlab.api.QueueProducer> Throwable closeFollowed(
            String name, MappedQueue.WriterConstructor<W> constructor) throws Exception {
        MappedQueue.Config config = MappedQueue.Config.defaults().withMaxRecordBytes(Numbered.MAX_RECORD)
                .withChunkBytes(4096);
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        for (int f = 0; f < FILES; f++) {
            Path path = dir.resolve(name + "-" + f);
            FollowingReaders readers;
            try (W writer = MappedQueue.create(MappedQueue.defaultStrategy(), path, config, constructor)) {
                readers = new FollowingReaders(path, 2, name + "-reader",
                        r -> r.writerState() == WriterState.CLOSED);
                for (int i = 0; i < PER_CYCLE; i++) {
                    writer.offer(Numbered.fill(buffer, i));
                }
            }
            try {
                readers.assertEveryRecord(PER_CYCLE);
            } catch (AssertionError e) {
                return e;
            }
        }
        return null;
    }
}
