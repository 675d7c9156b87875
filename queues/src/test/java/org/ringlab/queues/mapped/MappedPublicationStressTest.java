package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mapped queue's publish protocol (payload, then a release store of the record's header
 * word) under a writer thread and a reader thread that follows it closely: every record intact.
 * Its deliberately broken twin (header word first, payload after) is caught by the same checks,
 * so we know they can fail.
 */
class MappedPublicationStressTest {

    static final long RECORDS = 500_000;

    @TempDir
    Path dir;

    /** A writer, the real one or its twin: what the stress drives. */
    interface Writer extends AutoCloseable {
        boolean offer(MemorySegment record);

        @Override
        void close();

        static <W extends org.ringlab.api.QueueProducer & AutoCloseable> Writer of(W w) {
            return new Writer() {
                @Override
                public boolean offer(MemorySegment record) {
                    return w.offer(record);
                }

                @Override
                public void close() {
                    try {
                        w.close();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            };
        }
    }

    /** @param broken write with {@link PublishBeforeWriteMappedQueueWriter}, the broken twin */
    private Numbered.Checker run(Path path, boolean broken, RecordChecksum checksum) throws InterruptedException {
        MappedQueue.Config config = MappedQueue.Config.defaults().withChunkBytes(1 << 20)
                .withMaxRecordBytes(Numbered.MAX_RECORD).withRecordChecksum(checksum);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // The twin is generated from MappedQueueWriter's source (not a subclass: the writer is final).
        Writer writer = broken
                ? Writer.of(MappedQueue.create(MappedQueue.defaultStrategy(), path, config,
                        PublishBeforeWriteMappedQueueWriter::new))
                : Writer.of(MappedQueue.create(path, config));
        try (writer;
             MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            Thread producer = new Thread(() -> {
                try (writer) {
                    MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
                    for (long s = 0; s < RECORDS; s++) {
                        writer.offer(Numbered.fill(buffer, s));
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "mapped-writer");
            producer.start();
            Numbered.Checker checker = Numbered.readToEnd(reader, new Numbered.Checker(0), 60_000);
            producer.join(60_000);
            if (failure.get() != null) {
                throw new AssertionError("writer failed", failure.get());
            }
            return checker;
        }
    }

    @Test
    void aReaderFollowingTheWriterSeesEveryRecordIntact() throws InterruptedException {
        Numbered.Checker checker = run(dir.resolve("q"), false, RecordChecksum.CRC32C);
        assertEquals(0, checker.violations, checker.summary());
        assertEquals(RECORDS, checker.delivered, checker.summary());
    }

    @Test
    void withoutChecksumsTooAReaderSeesEveryRecordIntact() throws InterruptedException {
        Numbered.Checker checker = run(dir.resolve("q"), false, RecordChecksum.NONE);
        assertEquals(0, checker.violations, checker.summary());
        assertEquals(RECORDS, checker.delivered, checker.summary());
    }

    /** With record checksums the reader itself refuses the half-written record, naming it. */
    @Test
    void publishingTheHeaderBeforeThePayloadFailsTheRecordChecksum() throws InterruptedException {
        IllegalStateException caught = null;
        for (int round = 0; round < 5 && caught == null; round++) {
            try {
                run(dir.resolve("broken-crc-" + round), true, RecordChecksum.CRC32C);
            } catch (IllegalStateException e) {
                caught = e;
            }
        }
        assertTrue(caught != null && caught.getMessage().contains("is corrupted at data position")
                && caught.getMessage().contains("(CRC32C)"), "the broken twin published headers before their payloads"
                + " and the record checksum saw nothing: " + caught);
    }

    /** Without checksums the stress test's own checker must see the torn records. */
    @Test
    void publishingTheHeaderBeforeThePayloadIsCaught() throws InterruptedException {
        long violations = 0;
        for (int round = 0; round < 5 && violations == 0; round++) {
            violations = run(dir.resolve("broken-" + round), true,
                    RecordChecksum.NONE).violations;
        }
        assertTrue(violations > 0, "the broken twin published 2.5 million headers before their payloads and the"
                + " stress test saw nothing wrong: it cannot catch a publication bug");
    }
}
