package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.growth.ProcSelf;

/** The mapped queue in one process: growth, padding, readers at their own pace, close, take-over, leaks. */
class MappedQueueTest {

    static final long CHUNK = 64 * 1024;
    static final MappedQueue.Config SMALL = MappedQueue.Config.defaults().withChunkBytes(CHUNK)
            .withMaxRecordBytes(Numbered.MAX_RECORD);

    @TempDir
    Path dir;

    @Test
    void recordsCrossManyChunksAndEveryReaderSeesThemOnceInOrder() {
        Path path = dir.resolve("q");
        long n = 50_000; // ~2.3 MB of frames: 36 chunks, a padding frame at the end of most
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        try (MappedQueueWriter writer = MappedQueue.create(path, SMALL);
             MappedQueueReader fromStart = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            for (long s = 0; s < n / 2; s++) {
                writer.offer(Numbered.fill(buffer, s));
            }
            try (MappedQueueReader fromEnd = MappedQueue.attach(path, MappedQueue.StartAt.END)) {
                assertEquals(writer.position(), fromEnd.position(), "a reader from the end starts after the last record");
                assertNull(fromEnd.peek());
                for (long s = n / 2; s < n; s++) {
                    writer.offer(Numbered.fill(buffer, s));
                }
                writer.close();
                Numbered.Checker late = Numbered.readToEnd(fromEnd, new Numbered.Checker(n / 2), 10_000);
                assertEquals(0, late.violations, late.summary());
                assertEquals(n / 2, late.delivered, late.summary());
                assertEquals(WriterState.CLOSED, fromEnd.writerState());
            }
            Numbered.Checker all = Numbered.readToEnd(fromStart, new Numbered.Checker(0), 10_000);
            assertEquals(0, all.violations, all.summary());
            assertEquals(n, all.delivered, all.summary());
            assertTrue(writer.paddingBytes() > 0, "records of varying length must have needed padding");
            assertTrue(Files.size(path) > 30 * CHUNK, "the file grew chunk by chunk: " + Files.size(path));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** QueueConsumer's re-entry rule on a reader: refused, and the drain hands out 10, 20, 30 once each. */
    @Test
    void aDrainHandlerCallingItsOwnReaderIsRefusedAndTheDrainStaysConsistent() {
        Path path = dir.resolve("q");
        try (MappedQueueWriter writer = MappedQueue.create(path, SMALL);
             MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            for (byte r = 10; r <= 30; r += 10) {
                writer.offer(MemorySegment.ofArray(new byte[] {r}));
            }
            StringBuilder trace = new StringBuilder();
            java.util.List<String> refusals = new java.util.ArrayList<>();
            assertEquals(3, reader.drain(rec -> {
                trace.append("handler:").append(rec.get(ValueLayout.JAVA_BYTE, 0)).append(' ');
                for (Runnable call : java.util.List.<Runnable>of(() -> reader.poll(MemorySegment.ofArray(new byte[8])),
                        reader::peek, reader::release, () -> reader.drain(inner -> trace.append("drain "), 10))) {
                    IllegalStateException e = assertThrows(IllegalStateException.class, call::run);
                    refusals.add(e.getMessage().substring(0, e.getMessage().indexOf(" called")));
                }
            }, 10));
            assertEquals("handler:10 handler:20 handler:30 ", trace.toString());
            assertEquals(java.util.List.of("poll", "peek", "release", "drain"), refusals.subList(0, 4));
            assertNull(reader.peek(), "every record consumed once");
        }
    }

    @Test
    void peekReleasePollClaimCommitAndEmptyRecords() {
        Path path = dir.resolve("q");
        try (MappedQueueWriter writer = MappedQueue.create(path, SMALL);
             MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            assertNull(reader.peek());
            assertEquals(WriterState.ALIVE, reader.writerState());
            writer.offer(MemorySegment.ofArray(new byte[0]));
            MemorySegment claim = writer.claim(16);
            claim.set(ValueLayout.JAVA_LONG, 0, 42);
            assertNull(reader.peek() == null ? null : readEmpty(reader), "the empty record comes first");
            assertNull(reader.peek(), "a claim is invisible before commit");
            writer.commit(8);
            MemorySegment record = reader.peek();
            assertNotNull(record);
            assertEquals(8, record.byteSize());
            assertEquals(42, record.get(ValueLayout.JAVA_LONG, 0));
            assertThrows(IllegalArgumentException.class, () -> record.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            reader.release();
            assertThrows(IllegalStateException.class, reader::release);
            writer.offer(MemorySegment.ofArray(new byte[] {1, 2, 3}));
            byte[] dst = new byte[3];
            assertEquals(3, reader.poll(MemorySegment.ofArray(dst)));
            assertEquals(List.of((byte) 1, (byte) 2, (byte) 3), List.of(dst[0], dst[1], dst[2]));
            assertEquals(-1, reader.poll(MemorySegment.ofArray(dst)));
            IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                    () -> writer.offer(MemorySegment.ofArray(new byte[Numbered.MAX_RECORD + 1])));
            assertTrue(big.getMessage().contains("65 bytes") && big.getMessage().contains("0..64"), big.getMessage());
        }
    }

    private static Object readEmpty(MappedQueueReader reader) {
        assertEquals(0, reader.peek().byteSize());
        reader.release();
        return null;
    }

    @Test
    void aNewWriterTakesOverAClosedFileAndReadersFollowIt() {
        Path path = dir.resolve("q");
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        long first = 3_000;
        try (MappedQueueWriter writer = MappedQueue.create(path, SMALL)) {
            for (long s = 0; s < first; s++) {
                writer.offer(Numbered.fill(buffer, s));
            }
        }
        try (MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            assertEquals(WriterState.CLOSED, reader.writerState());
            try (MappedQueueWriter second = MappedQueue.takeOver(path, SMALL)) {
                assertEquals(2, second.generation());
                assertEquals(first - 1, Numbered.sequence(second.lastRecord()), "the last record before the take-over");
                assertEquals(WriterState.ALIVE, reader.writerState());
                IllegalStateException twice = assertThrows(IllegalStateException.class,
                        () -> MappedQueue.takeOver(path, SMALL));
                assertTrue(twice.getMessage().contains("live writer") && twice.getMessage().contains("this process"),
                        twice.getMessage());
                for (long s = first; s < 2 * first; s++) {
                    second.offer(Numbered.fill(buffer, s));
                }
            }
            Numbered.Checker checker = Numbered.readToEnd(reader, new Numbered.Checker(0), 10_000);
            assertEquals(0, checker.violations, checker.summary());
            assertEquals(2 * first, checker.delivered, checker.summary());
        }
    }

    @Test
    void createRefusesAnExistingFileAndBadConfigurationsNameTheValue() throws Exception {
        Path path = dir.resolve("q");
        Files.writeString(path, "hello");
        RuntimeException exists = assertThrows(RuntimeException.class, () -> MappedQueue.create(path, SMALL));
        assertTrue(exists.getMessage().contains("File exists"), exists.getMessage());
        assertEquals("hello", Files.readString(path), "an existing file is left alone");
        IllegalArgumentException tooBig = assertThrows(IllegalArgumentException.class,
                () -> SMALL.withMaxRecordBytes((int) CHUNK));
        assertTrue(tooBig.getMessage().contains("more than a chunk of 65536"), tooBig.getMessage());
        IllegalArgumentException chunk = assertThrows(IllegalArgumentException.class,
                () -> MappedQueue.create(dir.resolve("other"), SMALL.withChunkBytes(CHUNK + 8)));
        assertTrue(chunk.getMessage().contains("not a multiple of the page size"), chunk.getMessage());
        assertTrue(!Files.exists(dir.resolve("other")), "a refused creation leaves no file");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> MappedQueue.attach(dir.resolve("missing"), MappedQueue.StartAt.BEGINNING));
        assertTrue(missing.getMessage().contains("no mapped queue file at"), missing.getMessage());
    }

    @Test
    void writersAndReadersLeaveNoMappingOrDescriptorBehind() {
        Path path = dir.resolve("q");
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        cycle(path, buffer); // warm up: class loading, lazily created JDK threads
        // Our mappings are all of files in dir; anonymous ones belong to the JVM (arenas, code cache).
        List<String> maps = fileMappings();
        long fds = ProcSelf.openDescriptorCount();
        for (int i = 0; i < 30; i++) {
            cycle(path, buffer);
        }
        List<String> mapsAfter = fileMappings();
        long fdsAfter = ProcSelf.openDescriptorCount();
        for (int retry = 0; retry < 20 && fdsAfter != fds; retry++) {
            sleep(25);
            fdsAfter = ProcSelf.openDescriptorCount();
        }
        assertEquals(maps, mapsAfter, "mappings of queue files before and after 30 cycles");
        assertEquals(List.of(), mapsAfter, "no queue file stays mapped");
        assertEquals(fds, fdsAfter, "descriptors before and after 30 cycles");
    }

    private List<String> fileMappings() {
        return ProcSelf.mappings().stream().filter(l -> l.contains(dir.toString())).toList();
    }

    private void cycle(Path path, MemorySegment buffer) {
        MappedQueue.Config config = SMALL.withPolicies(List.of(PrefaultPolicy.PREALLOC, PrefaultPolicy.BACKGROUND))
                .withBackgroundWindow(2 * CHUNK);
        try (MappedQueueWriter writer = MappedQueue.create(path, config);
             MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING,
                     List.of(PrefaultPolicy.POPULATE))) {
            for (long s = 0; s < 3_000; s++) {
                writer.offer(Numbered.fill(buffer, s));
            }
            writer.close();
            Numbered.Checker checker = Numbered.readToEnd(reader, new Numbered.Checker(0), 10_000);
            assertEquals(3_000, checker.delivered, checker.summary());
        } finally {
            try {
                Files.deleteIfExists(path);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
