package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generated bad files: one valid, cleanly closed file of 200 records (16 KiB chunks, so about
 * eleven chunks and ten paddings) damaged in one way at many offsets: lowered and raised hints,
 * zeroed words, pages and chunks, sparse tails, forged padding, truncation, and the same with
 * the writer gone (killed) instead of closed. Each file is judged the same way: a reader from the
 * beginning delivers every record intact or throws an exception naming the file; never fewer
 * records without an error, never a wrong byte. Attaching at the end gives the true end or
 * throws; a take-over resumes at the true end or throws, and what it leaves reads right or throws.
 */
class MappedBadFileTest {

    static final long CHUNK = 16 * 1024;
    static final int MAX_RECORD = 2048;
    static final int RECORDS = 200;
    static final MappedQueue.Config CONFIG = MappedQueue.Config.defaults().withMaxRecordBytes(MAX_RECORD)
            .withChunkBytes(CHUNK);
    /** A pid above any pid_max: no such process, so a file claiming it has a gone writer. */
    static final long DEAD_PID = 0x7FFF_FFF0L;

    @TempDir
    static Path dir;

    static Path valid;
    static long headerBytes;
    static long end;
    static long chunkCount;
    static final List<Long> starts = new ArrayList<>();
    static final List<Long> pads = new ArrayList<>();
    /** Outcomes, per view: whole (or at the true end) / an error naming the damage. */
    static final AtomicLongArray outcomes = new AtomicLongArray(8);
    static final int READ_WHOLE = 0;
    static final int READ_REPORTED = 1;
    static final int END_TRUE = 2;
    static final int END_REPORTED = 3;
    static final int TAKE_OVER_RESUMED = 4;
    static final int TAKE_OVER_REFUSED = 5;
    static final int AFTER_WHOLE = 6;
    static final int AFTER_REPORTED = 7;

    /** Record {@code s}: {@link Numbered}'s record {@code s}, stretched to {@link #length} with its payload bytes. */
    static int length(long s) {
        return 300 + (int) ((s * 389) % 1400);
    }

    static MemorySegment fill(MemorySegment buffer, long s) {
        Numbered.fill(buffer, s);
        for (int i = Numbered.length(s); i < length(s); i++) {
            buffer.set(ValueLayout.JAVA_BYTE, i, Numbered.payloadByte(s, i));
        }
        return buffer.asSlice(0, length(s));
    }

    static boolean intact(MemorySegment record, long s) {
        if (record.byteSize() != length(s) || Numbered.sequence(record) != s) {
            return false;
        }
        for (int i = 8; i < record.byteSize(); i++) {
            if (record.get(ValueLayout.JAVA_BYTE, i) != Numbered.payloadByte(s, i)) {
                return false;
            }
        }
        return true;
    }

    @BeforeAll
    static void writeTheValidFile() {
        valid = dir.resolve("valid.queue");
        MemorySegment buffer = MemorySegment.ofArray(new byte[MAX_RECORD]);
        try (MappedQueueWriter writer = MappedQueue.create(valid, CONFIG)) {
            headerBytes = writer.mappedFile().headerBytes();
            for (long s = 0; s < RECORDS; s++) {
                writer.offer(fill(buffer, s));
            }
            end = writer.position();
        }
        try (MappedQueueReader reader = MappedQueue.attach(valid, MappedQueue.StartAt.BEGINNING)) {
            long previousEnd = 0;
            MemorySegment record;
            while ((record = reader.peek()) != null) {
                long start = reader.position(); // after any padding peek followed
                if (start != previousEnd) {
                    pads.add(previousEnd);
                }
                starts.add(start);
                reader.release();
                previousEnd = reader.position();
            }
        }
        chunkCount = (end + CHUNK - 1) / CHUNK;
        assertEquals(RECORDS, starts.size());
        assertTrue(pads.size() >= 5, "the file has paddings to forge: " + pads);
    }

    @AfterAll
    static void printOutcomes() {
        System.out.println("MappedBadFileTest: read from the beginning whole " + outcomes.get(READ_WHOLE) + ", reported "
                + outcomes.get(READ_REPORTED) + "; attach at the end true " + outcomes.get(END_TRUE) + ", reported "
                + outcomes.get(END_REPORTED) + "; take-over resumed " + outcomes.get(TAKE_OVER_RESUMED) + ", refused "
                + outcomes.get(TAKE_OVER_REFUSED) + "; read after the take-over whole " + outcomes.get(AFTER_WHOLE)
                + ", reported " + outcomes.get(AFTER_REPORTED));
    }

    /** One way to damage the valid file, applied to a copy. */
    @FunctionalInterface
    interface Damage {
        void apply(Path copy) throws IOException;
    }

    record Case(String name, Damage damage) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        // the chunk-count hint, lowered to every value and raised
        for (long n = 0; n < chunkCount; n++) {
            long value = n;
            cases.add(new Case("count lowered to " + n, f -> putLong(f, MappedQueueDescriptor.CHUNK_COUNT_OFFSET, value)));
        }
        cases.add(new Case("count raised by 1", f -> putLong(f, MappedQueueDescriptor.CHUNK_COUNT_OFFSET, chunkCount + 1)));
        cases.add(new Case("count raised by 1, file grown", f -> {
            putLong(f, MappedQueueDescriptor.CHUNK_COUNT_OFFSET, chunkCount + 1);
            setLength(f, headerBytes + (chunkCount + 1) * CHUNK);
        }));
        // the published-end hint, lowered to every tenth record start and raised
        for (int i = 0; i < RECORDS; i += 10) {
            long value = starts.get(i);
            cases.add(new Case("end lowered to record " + i, f -> putLong(f, MappedQueueDescriptor.PUBLISHED_END_OFFSET, value)));
        }
        for (long raised : new long[] {8, 16, 4096, CHUNK}) {
            cases.add(new Case("end raised by " + raised,
                    f -> putLong(f, MappedQueueDescriptor.PUBLISHED_END_OFFSET, end + raised)));
        }
        // the last-record hint
        for (int i = 0; i < RECORDS; i += 25) {
            long value = starts.get(i);
            cases.add(new Case("last record hint at record " + i, f -> putLong(f, MappedQueueDescriptor.LAST_RECORD_OFFSET, value)));
        }
        cases.add(new Case("last record hint at the end", f -> putLong(f, MappedQueueDescriptor.LAST_RECORD_OFFSET, end)));
        // zeroed record words and padding words
        for (int i = 0; i < RECORDS; i++) {
            long at = starts.get(i);
            cases.add(new Case("zeroed word of record " + i, f -> zero(f, at, 8)));
        }
        for (long at : pads) {
            cases.add(new Case("zeroed padding word at " + at, f -> zero(f, at, 8)));
        }
        // zeroed pages, chunks, and tails from chunk boundaries; sparse tails
        for (long page = 0; page * 4096 < end; page++) {
            long at = page * 4096;
            cases.add(new Case("zeroed page at " + at, f -> zero(f, at, 4096)));
        }
        for (long k = 0; k < chunkCount; k++) {
            long at = k * CHUNK;
            cases.add(new Case("zeroed chunk " + k, f -> zero(f, at, CHUNK)));
            cases.add(new Case("zeroed from chunk " + k + " to the end", f -> zero(f, at, chunkCount * CHUNK - at)));
            cases.add(new Case("sparse from chunk " + k, f -> {
                setLength(f, headerBytes + at);
                setLength(f, headerBytes + chunkCount * CHUNK);
            }));
        }
        // forged padding: at every record, a padding word of the exact rest of the chunk, and a shorter one
        for (int i = 0; i < RECORDS; i++) {
            long at = starts.get(i);
            long rest = CHUNK - at % CHUNK - MappedQueueDescriptor.WORD_LENGTH;
            cases.add(new Case("forged padding at record " + i, f -> putLong(f, headerBytes + at,
                    MappedQueueDescriptor.padWord(rest))));
            if (i % 4 == 0) {
                cases.add(new Case("forged short padding at record " + i, f -> putLong(f, headerBytes + at,
                        MappedQueueDescriptor.padWord(rest - 16))));
            }
        }
        // truncation
        for (long k = 0; k <= chunkCount; k++) {
            long size = headerBytes + k * CHUNK;
            cases.add(new Case("truncated to chunk " + k, f -> setLength(f, size)));
            cases.add(new Case("truncated inside chunk " + k, f -> setLength(f, size + 4096 + 8)));
        }
        // the same with a gone writer (killed) instead of a closed one, for every other case
        List<Case> gone = new ArrayList<>();
        for (int i = 0; i < cases.size(); i += 2) {
            Case c = cases.get(i);
            gone.add(new Case(c.name() + ", writer gone", f -> {
                c.damage().apply(f);
                if (Files.size(f) >= headerBytes) {
                    putInt(f, MappedQueueDescriptor.WRITER_STATE_OFFSET, MappedQueueDescriptor.STATE_ACTIVE);
                    putLong(f, MappedQueueDescriptor.WRITER_PID_OFFSET, DEAD_PID);
                }
            }));
        }
        cases.addAll(gone);
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aDamagedFileIsReadWholeOrReportedNeverShort(Case c) throws IOException {
        Path copy = dir.resolve("bad-" + Long.toHexString(System.nanoTime()));
        Files.copy(valid, copy);
        try {
            c.damage().apply(copy);
            judge(c.name(), copy);
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /** The three views of a damaged file; each is whole and right, or an exception naming the file. */
    static void judge(String name, Path file) {
        long delivered = readFromTheBeginning(name, file, RECORDS);
        try (MappedQueueReader atEnd = MappedQueue.attach(file, MappedQueue.StartAt.END)) {
            assertEquals(end, atEnd.position(), name + ": attaching at the end finds the true end"
                    + " (a read from the beginning delivered " + delivered + ")");
            outcomes.incrementAndGet(END_TRUE);
        } catch (IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
            assertNamesTheDamage(name, file, e);
            outcomes.incrementAndGet(END_REPORTED);
        }
        MappedQueueWriter next;
        try {
            next = MappedQueue.takeOver(file, CONFIG);
        } catch (IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
            assertNamesTheDamage(name, file, e);
            outcomes.incrementAndGet(TAKE_OVER_REFUSED);
            return;
        }
        outcomes.incrementAndGet(TAKE_OVER_RESUMED);
        try (next) {
            assertEquals(end, next.position(), name + ": a take-over resumes at the true end");
            MemorySegment last = next.lastRecord();
            assertNotNull(last, name);
            assertTrue(intact(last, RECORDS - 1), name + ": lastRecord() is the last record");
            next.offer(fill(MemorySegment.ofArray(new byte[MAX_RECORD]), RECORDS));
        }
        readFromTheBeginning(name + ", after a take-over", file, RECORDS + 1);
    }

    /** Reads until empty with the writer not alive: all {@code expected} records intact, or an exception naming the file. */
    static long readFromTheBeginning(String name, Path file, long expected) {
        long s = readOrReport(name, file, expected);
        int first = expected == RECORDS ? READ_WHOLE : AFTER_WHOLE;
        outcomes.incrementAndGet(s == expected ? first : first + 1);
        return s;
    }

    private static long readOrReport(String name, Path file, long expected) {
        long s = 0;
        try (MappedQueueReader reader = MappedQueue.attach(file, MappedQueue.StartAt.BEGINNING)) {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (true) {
                MemorySegment record = reader.peek();
                if (record == null) {
                    if (reader.writerState() == WriterState.ALIVE) {
                        fail(name + ": nobody writes this file, yet the reader sees a live writer");
                    }
                    if (reader.peek() == null) {
                        break;
                    }
                    continue;
                }
                assertTrue(intact(record, s), name + ": record " + s + " at data position " + reader.position()
                        + " is delivered damaged");
                reader.release();
                s++;
                assertTrue(s <= expected, name + ": more records than were written");
                assertTrue(System.nanoTime() < deadline, name + ": the reader does not finish");
            }
        } catch (IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
            assertNamesTheDamage(name, file, e);
            return s;
        }
        assertEquals(expected, s, name + ": the reader delivered " + s + " of " + expected + " records without an error");
        return s;
    }

    static void assertNamesTheDamage(String name, Path file, RuntimeException e) {
        String message = String.valueOf(e.getMessage());
        assertTrue(message.contains(file.toString()), name + ": the error names the file: " + message);
        assertTrue(message.contains("data position") || message.contains("header") || message.contains("truncated"),
                name + ": the error says where: " + message);
    }

    static void putLong(Path path, long offset, long value) throws IOException {
        MappedDamageTest.putLong(path, offset, value);
    }

    static void putInt(Path path, long offset, int value) throws IOException {
        MappedDamageTest.putInt(path, offset, value);
    }

    /** Zeroes {@code bytes} bytes of data from data position {@code at}. */
    static void zero(Path path, long at, long bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate((int) bytes), headerBytes + at);
        }
    }

    static void setLength(Path path, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(size);
        }
    }
}
