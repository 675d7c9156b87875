package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongBinaryOperator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged file is never read wrong: a damaged last-record hint costs a longer scan, never a
 * wrong position, a lost record or wrong bytes; a damaged end of a closed file (its close seal
 * no longer matches) is reported, never guessed; a flipped payload, length or checksum bit is a
 * clear error naming the file, the position and both checksums.
 */
class MappedDamageTest {

    static final long CHUNK = 64 * 1024;
    static final MappedQueue.Config CONFIG = MappedQueue.Config.defaults().withChunkBytes(CHUNK)
            .withMaxRecordBytes(Numbered.MAX_RECORD);
    static final long RECORDS = 5_000; // about 4 chunks
    static final long MORE = 300;

    @TempDir
    Path dir;

    /** How a hint is damaged: (true end, true last record start) to the value stored. */
    enum Damage {
        END_PLUS_8(MappedQueueDescriptor.PUBLISHED_END_OFFSET, (end, last) -> end + 8),
        END_PLUS_4096(MappedQueueDescriptor.PUBLISHED_END_OFFSET, (end, last) -> end + 4096),
        END_AT_END_OF_LAST_CHUNK(MappedQueueDescriptor.PUBLISHED_END_OFFSET, (end, last) -> (end / CHUNK + 1) * CHUNK),
        END_ZERO(MappedQueueDescriptor.PUBLISHED_END_OFFSET, (end, last) -> 0),
        LAST_MINUS_ONE(MappedQueueDescriptor.LAST_RECORD_OFFSET, (end, last) -> -1),
        LAST_AT_AN_EARLIER_RECORD(MappedQueueDescriptor.LAST_RECORD_OFFSET, (end, last) -> 0),
        LAST_AT_A_PAYLOAD_OFFSET(MappedQueueDescriptor.LAST_RECORD_OFFSET, (end, last) -> last + 8),
        LAST_AT_THE_END(MappedQueueDescriptor.LAST_RECORD_OFFSET, (end, last) -> end),
        LAST_PAST_THE_FILE(MappedQueueDescriptor.LAST_RECORD_OFFSET, (end, last) -> 1L << 40),
        LAST_MISALIGNED(MappedQueueDescriptor.LAST_RECORD_OFFSET, (end, last) -> last + 3);

        final long offset;
        final LongBinaryOperator value;

        Damage(long offset, LongBinaryOperator value) {
            this.offset = offset;
            this.value = value;
        }
    }

    record Written(Path path, long end, long lastRecord) {
    }

    private Written written(String name, MappedQueue.Config config, long records) {
        Path path = dir.resolve(name);
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        long last = -1;
        try (MappedQueueWriter writer = MappedQueue.create(path, config)) {
            for (long s = 0; s < records; s++) {
                writer.offer(Numbered.fill(buffer, s));
                last = writer.position() - MappedQueueDescriptor.frameLength(Numbered.length(s)); // after any padding
            }
            return new Written(path, writer.position(), last);
        }
    }

    @ParameterizedTest
    @EnumSource(Damage.class)
    void aDamagedHintCostsAScanNeverARecord(Damage damage) throws IOException {
        for (RecordChecksum kind : RecordChecksum.values()) {
            Written w = written(damage + "-" + kind, CONFIG.withRecordChecksum(kind), RECORDS);
            long value = damage.value.applyAsLong(w.end(), w.lastRecord());
            putLong(w.path(), damage.offset, value);
            if (damage.offset == MappedQueueDescriptor.PUBLISHED_END_OFFSET) {
                assertTheSealIsReported(w, damage + " " + kind, w.end());
                if (value > w.end()) {
                    // frames that stop before the end the header says: zeroed data or a raised hint, never guessed
                    IllegalStateException e = assertThrows(IllegalStateException.class,
                            () -> MappedQueue.takeOver(w.path(), CONFIG));
                    assertTrue(e.getMessage().contains("is corrupted at data position " + w.end()
                            + ": nothing is published there"), e.getMessage());
                    assertTrue(e.getMessage().contains("published up to data position " + value), e.getMessage());
                    continue;
                }
            } else {
                try (MappedQueueReader fromEnd = MappedQueue.attach(w.path(), MappedQueue.StartAt.END)) {
                    assertEquals(w.end(), fromEnd.position(), damage + " " + kind + ": a reader from the end starts at the true end");
                    assertNull(fromEnd.peek());
                }
            }
            MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
            // a take-over follows the frames over every chunk the file has, to at least the published end
            try (MappedQueueWriter next = MappedQueue.takeOver(w.path(), CONFIG)) {
                assertEquals(w.end(), next.position(), damage + " " + kind + ": take-over resumes at the true end");
                MemorySegment last = next.lastRecord();
                assertNotNull(last, damage + " " + kind);
                assertArrayEquals(Numbered.fill(buffer, RECORDS - 1).toArray(ValueLayout.JAVA_BYTE),
                        last.toArray(ValueLayout.JAVA_BYTE), damage + " " + kind + ": lastRecord() is the last record");
                for (long s = RECORDS; s < RECORDS + MORE; s++) {
                    next.offer(Numbered.fill(buffer, s));
                }
            }
            try (MappedQueueReader all = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
                Numbered.Checker checker = Numbered.readToEnd(all, new Numbered.Checker(0), 10_000);
                assertEquals(0, checker.violations, damage + " " + kind + ": " + checker.summary());
                assertEquals(RECORDS + MORE, checker.delivered, damage + " " + kind + ": " + checker.summary());
            }
        }
    }

    /**
     * A closed file's published end or chunk count no longer matches its close seal: a reader
     * delivers every record up to {@code stopsAt} (the end, or the end of the counted chunks), then
     * reports the seal there; attaching at the end reports it.
     */
    private static void assertTheSealIsReported(Written w, String what, long stopsAt) {
        IllegalStateException atEnd = assertThrows(IllegalStateException.class,
                () -> MappedQueue.attach(w.path(), MappedQueue.StartAt.END).close(), what);
        assertTrue(atEnd.getMessage().contains(w.path() + " has a corrupted header: its writer closed it with"),
                atEnd.getMessage());
        assertTrue(atEnd.getMessage().contains("but the close seal 0x"), atEnd.getMessage());
        try (MappedQueueReader all = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
            Numbered.Checker checker = new Numbered.Checker(0);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Numbered.readToEnd(all, checker, 10_000), what);
            assertTrue(e.getMessage().contains("but the close seal 0x"), e.getMessage());
            assertEquals(0, checker.violations, checker.summary());
            assertEquals(stopsAt, all.position(), what + ": every record before the stop is delivered, " + checker.summary());
        }
    }

    @Test
    void aTooSmallChunkCountIsCorrectedByTakeOverFromTheData() throws IOException {
        Written w = written("count", CONFIG, RECORDS);
        putLong(w.path(), MappedQueueDescriptor.CHUNK_COUNT_OFFSET, 1);
        assertTheSealIsReported(w, "count 1", CHUNK);
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        try (MappedQueueWriter next = MappedQueue.takeOver(w.path(), CONFIG)) {
            assertEquals(w.end(), next.position(), "the data says where the end is, not the count");
            next.offer(Numbered.fill(buffer, RECORDS));
        }
        try (MappedQueueReader all = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
            Numbered.Checker checker = Numbered.readToEnd(all, new Numbered.Checker(0), 10_000);
            assertEquals(0, checker.violations, checker.summary());
            assertEquals(RECORDS + 1, checker.delivered, checker.summary());
        }
    }

    /**
     * While the writer is alive, a zero record word before the published end is damage too: a
     * polling reader reports it within 64 polls that find nothing (it compares the published end
     * on the first after attaching and every 64th), never waits there for good.
     */
    @Test
    void aLiveWritersZeroedRecordIsReportedWithinSixtyFourEmptyPolls() throws IOException {
        Path path = dir.resolve("live");
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        try (MappedQueueWriter writer = MappedQueue.create(path, CONFIG)) {
            long zeroedAt = -1;
            for (long s = 0; s < 100; s++) {
                if (s == 50) {
                    zeroedAt = writer.position();
                }
                writer.offer(Numbered.fill(buffer, s));
            }
            putLong(path, 4096 + zeroedAt, 0);
            try (MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
                Numbered.Checker checker = new Numbered.Checker(0);
                int emptyPolls = 0;
                IllegalStateException e = null;
                while (e == null && emptyPolls <= 64) {
                    try {
                        if (reader.drain(checker, 1_000) == 0) {
                            emptyPolls++;
                        }
                    } catch (IllegalStateException thrown) {
                        e = thrown;
                    }
                }
                assertNotNull(e, "no error after " + emptyPolls + " empty polls");
                assertEquals(50, checker.delivered, checker.summary());
                assertTrue(e.getMessage().contains(path + " is corrupted at data position " + zeroedAt
                        + ": nothing is published there"), e.getMessage());
                assertTrue(e.getMessage().contains("published up to data position " + writer.position()), e.getMessage());
                assertEquals(WriterState.ALIVE, reader.writerState());
                assertEquals(0, checker.violations, checker.summary());
            }
        }
    }

    /**
     * A killed writer's file, a record word zeroed before its published end: a reader that drains
     * without asking {@link MappedQueueReader#writerState()} first still reports it at its first
     * poll that finds nothing.
     */
    @Test
    void aGoneWritersZeroedRecordIsReportedAtTheFirstEmptyPoll() throws IOException {
        Written w = written("gone", CONFIG, 100);
        putInt(w.path(), MappedQueueDescriptor.WRITER_STATE_OFFSET, MappedQueueDescriptor.STATE_ACTIVE);
        putLong(w.path(), MappedQueueDescriptor.WRITER_PID_OFFSET, Integer.MAX_VALUE); // above any pid_max
        long zeroedAt;
        try (MappedQueueReader reader = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
            assertEquals(40, reader.drain(new Numbered.Checker(0), 40));
            zeroedAt = reader.position();
        }
        putLong(w.path(), 4096 + zeroedAt, 0);
        try (MappedQueueReader reader = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
            Numbered.Checker checker = new Numbered.Checker(0);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> reader.drain(checker, 1_000));
            assertTrue(e.getMessage().contains("is corrupted at data position " + zeroedAt + ": nothing is published there"),
                    e.getMessage());
            assertEquals(40, checker.delivered, checker.summary());
            assertEquals(40, reader.records());
            assertEquals(WriterState.GONE, reader.writerState());
        }
    }

    @Test
    void anUnknownWriterStateIsRefusedByName() throws IOException {
        Written w = written("state", CONFIG, 10);
        putInt(w.path(), MappedQueueDescriptor.WRITER_STATE_OFFSET, 7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING));
        assertTrue(e.getMessage().contains("writer state 7, expected 0 (none), 1 (active) or 2 (closed)"), e.getMessage());
    }

    /** Flipped bits anywhere in a record (payload, length, checksum) are errors naming the file, the position and both values. */
    @Test
    void flippedPayloadLengthAndChecksumBitsAreClearErrors() throws IOException {
        Written w = written("flips", CONFIG, 2_000);
        List<Long> starts = new ArrayList<>();
        try (MappedQueueReader reader = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
            MemorySegment record;
            while ((record = reader.peek()) != null) {
                long frame = MappedQueueDescriptor.frameLength(record.byteSize());
                reader.release();
                starts.add(reader.position() - frame); // after any padding the reader followed
            }
            assertEquals(w.end(), reader.position());
        }
        Random random = new Random(14);
        int payloadFlips = 0;
        int lengthFlips = 0;
        int checksumFlips = 0;
        for (int round = 0; round < 60; round++) {
            int which = round % 3;
            int index = random.nextInt(starts.size());
            long s = index;
            long start = starts.get(index);
            long fileOffset = 4096 + (start / CHUNK) * CHUNK + start % CHUNK;
            long at;
            int bit;
            if (which == 0) {
                at = fileOffset + MappedQueueDescriptor.RECORD_HEADER_LENGTH + random.nextInt(Numbered.length(s));
                bit = random.nextInt(8);
                payloadFlips++;
            } else if (which == 1) {
                at = fileOffset; // the length's low byte: bits 0..5 keep the length within 0..63
                bit = random.nextInt(6);
                lengthFlips++;
            } else {
                at = fileOffset + MappedQueueDescriptor.FRAME_CHECKSUM_OFFSET + random.nextInt(4);
                bit = random.nextInt(8);
                checksumFlips++;
            }
            Path copy = dir.resolve("flip-" + round);
            Files.copy(w.path(), copy);
            flipBit(copy, at, bit);
            try (MappedQueueReader reader = MappedQueue.attach(copy, MappedQueue.StartAt.BEGINNING)) {
                Numbered.Checker checker = new Numbered.Checker(0);
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> Numbered.readToEnd(reader, checker, 10_000), "round " + round + ": flip at " + at);
                assertEquals(0, checker.violations, "no damaged record is delivered: " + checker.summary());
                assertEquals(index, checker.delivered, "every record before the damaged one is delivered");
                assertTrue(e.getMessage().contains(copy.toString()), e.getMessage());
                assertTrue(e.getMessage().contains("is corrupted at data position " + start + ":"), e.getMessage());
                assertTrue(e.getMessage().matches(".*checksum 0x[0-9a-f]+ but .* hash to 0x[0-9a-f]+.*")
                        || e.getMessage().contains("past the end of its")
                        || e.getMessage().contains("outside 0.." + Numbered.MAX_RECORD), e.getMessage());
            }
        }
        assertTrue(payloadFlips > 0 && lengthFlips > 0 && checksumFlips > 0);
    }

    @Test
    void takeOverChecksTheRecordsItScans() throws IOException {
        Written w = written("takeover-flip", CONFIG, 100);
        long fileOffset = 4096 + w.lastRecord() + MappedQueueDescriptor.RECORD_HEADER_LENGTH + 9;
        flipBit(w.path(), fileOffset, 3);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MappedQueue.takeOver(w.path(), CONFIG));
        assertTrue(e.getMessage().contains("is corrupted at data position " + w.lastRecord() + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("(CRC32C)"), e.getMessage());
        // refused, not half-claimed: the file is still closed, and a reader still reads the 99 good records
        try (MappedQueueReader reader = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING)) {
            Numbered.Checker checker = new Numbered.Checker(0);
            assertThrows(IllegalStateException.class, () -> Numbered.readToEnd(reader, checker, 10_000));
            assertEquals(99, checker.delivered, checker.summary());
            assertEquals(0, checker.violations, checker.summary());
        }
    }

    @Test
    void theChecksumKindIsTheFilesAndCoveredByTheHeaderChecksum() throws IOException {
        Written w = written("kind", CONFIG.withRecordChecksum(RecordChecksum.NONE), 10);
        try (MappedQueueReader reader = MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING);
             MappedQueueWriter next = MappedQueue.takeOver(w.path(), CONFIG)) {
            assertEquals(RecordChecksum.NONE, reader.recordChecksum());
            assertEquals(RecordChecksum.NONE, next.recordChecksum(), "a take-over keeps the file's kind");
        }
        putInt(w.path(), MappedQueueDescriptor.RECORD_CHECKSUM_OFFSET, RecordChecksum.CRC32C.code());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MappedQueue.attach(w.path(), MappedQueue.StartAt.BEGINNING));
        assertTrue(e.getMessage().contains("corrupted header: checksum 0x"), e.getMessage());
    }

    static void putLong(Path path, long offset, long value) throws IOException {
        write(path, offset, ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, value));
    }

    static void putInt(Path path, long offset, int value) throws IOException {
        write(path, offset, ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0, value));
    }

    static void flipBit(Path path, long offset, int bit) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            ch.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ (1 << bit)));
            ch.write(one.rewind(), offset);
        }
    }

    private static void write(Path path, long offset, ByteBuffer bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            ch.write(bytes, offset);
        }
    }
}
