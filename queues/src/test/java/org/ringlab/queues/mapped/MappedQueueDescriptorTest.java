package org.ringlab.queues.mapped;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file format's constants, and every way a file is refused: each with a message naming what is wrong. */
class MappedQueueDescriptorTest {

    static final MappedQueue.Config CONFIG = MappedQueue.Config.defaults().withChunkBytes(64 * 1024)
            .withMaxRecordBytes(Numbered.MAX_RECORD);

    @TempDir
    Path dir;

    @Test
    void headerOffsetsMatchTheLayoutInTheDiagram() {
        StructLayout layout = MemoryLayout.structLayout(
                ValueLayout.JAVA_LONG.withName("magic"), ValueLayout.JAVA_INT.withName("version"),
                ValueLayout.JAVA_INT.withName("layout"), ValueLayout.JAVA_LONG.withName("headerBytes"),
                ValueLayout.JAVA_LONG.withName("chunkBytes"), ValueLayout.JAVA_INT.withName("maxRecord"),
                ValueLayout.JAVA_INT.withName("recordChecksum"), ValueLayout.JAVA_LONG.withName("created"),
                ValueLayout.JAVA_INT.withName("checksum"), MemoryLayout.paddingLayout(76),
                ValueLayout.JAVA_INT.withName("writerState"), ValueLayout.JAVA_INT.withName("seal"),
                ValueLayout.JAVA_LONG.withName("writerPid"), ValueLayout.JAVA_LONG.withName("writerStart"),
                ValueLayout.JAVA_LONG.withName("generation"), MemoryLayout.paddingLayout(96),
                ValueLayout.JAVA_LONG.withName("publishedEnd"), ValueLayout.JAVA_LONG.withName("lastRecord"),
                MemoryLayout.paddingLayout(112), ValueLayout.JAVA_LONG.withName("chunkCount"),
                MemoryLayout.paddingLayout(120));
        assertEquals(MappedQueueDescriptor.MAGIC_OFFSET, layout.byteOffset(groupElement("magic")));
        assertEquals(MappedQueueDescriptor.VERSION_OFFSET, layout.byteOffset(groupElement("version")));
        assertEquals(MappedQueueDescriptor.LAYOUT_OFFSET, layout.byteOffset(groupElement("layout")));
        assertEquals(MappedQueueDescriptor.HEADER_BYTES_OFFSET, layout.byteOffset(groupElement("headerBytes")));
        assertEquals(MappedQueueDescriptor.CHUNK_BYTES_OFFSET, layout.byteOffset(groupElement("chunkBytes")));
        assertEquals(MappedQueueDescriptor.MAX_RECORD_OFFSET, layout.byteOffset(groupElement("maxRecord")));
        assertEquals(MappedQueueDescriptor.RECORD_CHECKSUM_OFFSET, layout.byteOffset(groupElement("recordChecksum")));
        assertEquals(MappedQueueDescriptor.CREATED_OFFSET, layout.byteOffset(groupElement("created")));
        assertEquals(MappedQueueDescriptor.CHECKSUM_OFFSET, layout.byteOffset(groupElement("checksum")));
        assertEquals(MappedQueueDescriptor.CHECKED_BYTES, MappedQueueDescriptor.CHECKSUM_OFFSET);
        assertEquals(MappedQueueDescriptor.WRITER_STATE_OFFSET, layout.byteOffset(groupElement("writerState")));
        assertEquals(MappedQueueDescriptor.SEAL_OFFSET, layout.byteOffset(groupElement("seal")));
        assertEquals(MappedQueueDescriptor.WRITER_PID_OFFSET, layout.byteOffset(groupElement("writerPid")));
        assertEquals(MappedQueueDescriptor.WRITER_START_OFFSET, layout.byteOffset(groupElement("writerStart")));
        assertEquals(MappedQueueDescriptor.GENERATION_OFFSET, layout.byteOffset(groupElement("generation")));
        assertEquals(MappedQueueDescriptor.PUBLISHED_END_OFFSET, layout.byteOffset(groupElement("publishedEnd")));
        assertEquals(MappedQueueDescriptor.LAST_RECORD_OFFSET, layout.byteOffset(groupElement("lastRecord")));
        assertEquals(MappedQueueDescriptor.CHUNK_COUNT_OFFSET, layout.byteOffset(groupElement("chunkCount")));
        assertEquals(MappedQueueDescriptor.HEADER_LENGTH, layout.byteSize());
        StructLayout frame = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("length"),
                ValueLayout.JAVA_INT.withName("marker"), ValueLayout.JAVA_INT.withName("checksum"),
                MemoryLayout.paddingLayout(4));
        assertEquals(MappedQueueDescriptor.WORD_LENGTH, frame.byteOffset(groupElement("checksum")));
        assertEquals(MappedQueueDescriptor.FRAME_CHECKSUM_OFFSET, frame.byteOffset(groupElement("checksum")));
        assertEquals(MappedQueueDescriptor.RECORD_HEADER_LENGTH, frame.byteSize());
        assertEquals(16, MappedQueueDescriptor.frameLength(0));
        assertEquals(144, MappedQueueDescriptor.frameLength(128), "seed 004's 128-byte block takes 144 bytes");
    }

    @Test
    void aForeignFileIsRefused() throws IOException {
        Path path = dir.resolve("foreign");
        Files.write(path, new byte[8192]);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("#!/bin/sh\necho hello\n".getBytes()), 0);
        }
        assertRefused(path, "is not a ringlab mapped queue: magic 0x");
        Path zeros = dir.resolve("zeros");
        Files.write(zeros, new byte[8192]);
        assertRefused(zeros, "its magic is 0");
    }

    @Test
    void aWrongVersionIsRefused() throws IOException {
        Path path = queueWithRecords(10);
        putInt(path, MappedQueueDescriptor.VERSION_OFFSET, 7);
        assertRefused(path, "format version 7; this code reads version 3 only");
        putInt(path, MappedQueueDescriptor.VERSION_OFFSET, 2);
        assertRefused(path, "format version 2; this code reads version 3 only (version 2 has no close seal and no"
                + " padding checksums");
        putInt(path, MappedQueueDescriptor.VERSION_OFFSET, 1);
        assertRefused(path, "format version 1; this code reads version 3 only (version 1 has no record checksums");
    }

    @Test
    void aCorruptedHeaderFieldIsRefusedByTheChecksum() throws IOException {
        Path path = queueWithRecords(10);
        putLong(path, MappedQueueDescriptor.CHUNK_BYTES_OFFSET, 12345);
        assertRefused(path, "corrupted header: checksum 0x");
    }

    @Test
    void aTruncatedFileIsRefused() throws IOException {
        Path path = queueWithRecords(10);
        truncate(path, 100);
        assertRefused(path, "is truncated: 100 bytes");
        Path chunks = queueWithRecords(5_000); // 4 chunks counted in the header
        truncate(chunks, 4096 + 64 * 1024);
        assertRefused(chunks, "its header counts");
    }

    @Test
    void aCorruptedRecordHeaderStopsTheReaderWithItsPosition() throws IOException {
        Path path = queueWithRecords(10);
        putLong(path, 4096 + MappedQueueDescriptor.frameLength(Numbered.length(0)), 0x1234_5678_0000_0010L);
        try (MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            assertTrue(reader.peek() != null);
            reader.release();
            IllegalStateException e = assertThrows(IllegalStateException.class, reader::peek);
            assertTrue(e.getMessage().contains("is corrupted at data position "
                    + MappedQueueDescriptor.frameLength(Numbered.length(0)) + ": record header 0x1234567800000010"),
                    e.getMessage());
        }
    }

    @Test
    void aFileThatShrinksUnderAReaderGivesAClearErrorNotACrash() throws IOException {
        Path path = dir.resolve("shrinking");
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        try (MappedQueueWriter writer = MappedQueue.create(path, CONFIG);
             MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
            for (long s = 0; s < 100; s++) {
                writer.offer(Numbered.fill(buffer, s));
            }
            while (reader.position() < 4096) { // into the second page of chunk 0
                assertTrue(reader.peek() != null);
                reader.release();
            }
            truncate(path, 4096 + 100); // another process cuts the file inside chunk 0's first page
            assertShrankError(() -> writer.offer(Numbered.fill(buffer, 100)), "the writer's next record lies past the end");
            assertShrankError(reader::peek, "the reader's next record lies past the end");
        }
    }

    /**
     * The access must fail with the queue's message, or (when HotSpot delivers the SIGBUS from
     * compiled code just after the access instead of at it) with the JVM's InternalError: never
     * a crash, never a wrong value.
     */
    private static void assertShrankError(org.junit.jupiter.api.function.Executable access, String what) {
        Throwable e = assertThrows(Throwable.class, access, what);
        if (e instanceof IllegalStateException) {
            assertTrue(e.getMessage().contains("shrank under this process: it now has 4196 bytes"), e.getMessage());
        } else {
            assertTrue(e instanceof InternalError && e.getMessage().contains("unsafe memory access"), what + ": " + e);
        }
    }

    private Path queueWithRecords(long records) {
        Path path = dir.resolve("q" + records + "-" + System.nanoTime());
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        try (MappedQueueWriter writer = MappedQueue.create(path, CONFIG)) {
            for (long s = 0; s < records; s++) {
                writer.offer(Numbered.fill(buffer, s));
            }
        }
        return path;
    }

    private static void assertRefused(Path path, String expected) {
        IllegalArgumentException reader = assertThrows(IllegalArgumentException.class,
                () -> MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING));
        assertTrue(reader.getMessage().contains(expected), reader.getMessage());
        assertTrue(reader.getMessage().contains(path.toString()), "the message names the file: " + reader.getMessage());
        IllegalArgumentException writer = assertThrows(IllegalArgumentException.class,
                () -> MappedQueue.takeOver(path, CONFIG));
        assertTrue(writer.getMessage().contains(expected), writer.getMessage());
    }

    private static void putInt(Path path, long offset, int value) throws IOException {
        write(path, offset, ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0, value));
    }

    private static void putLong(Path path, long offset, long value) throws IOException {
        write(path, offset, ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, value));
    }

    private static void write(Path path, long offset, ByteBuffer bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            ch.write(bytes, offset);
        }
    }

    private static void truncate(Path path, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(size);
        }
    }
}
