package org.ringlab.queues.mapped;

import static org.ringlab.queues.mapped.MappedQueueDescriptor.CHUNK_COUNT_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.FRAME_CHECKSUM_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.GENERATION_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PUBLISHED_END_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.RECORD_HEADER_LENGTH;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.LAST_RECORD_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PAD_MARKER;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.RECORD_MARKER;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.SEAL_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.STATE_CLOSED;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WORD_LENGTH;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_STATE_OFFSET;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.zip.CRC32C;

import org.ringlab.api.MappedFile;

/**
 * What a writer and a reader share: the mapped file, its validated header fields, the
 * ordered accessors on the header and on record words, and the forward scan over frames.
 */
final class QueueFile {

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    final MappedFile file;
    final MemorySegment header;
    final Path path;
    final long chunkBytes;
    final int maxRecord;
    final RecordChecksum recordChecksum;
    /** For scans and checks by the one thread that uses this writer or reader. */
    final RecordSummer summer;
    /** The padding checksum and the close seal (a few bytes each, off the per-record path); same thread. */
    private final CRC32C crc = new CRC32C();
    /** The last close seal checked, so a reader polling a closed file hashes it once. */
    private long sealCheckedEnd = UNKNOWN;
    private long sealCheckedCount;
    private int sealChecked;

    QueueFile(MappedFile file, MappedQueueDescriptor.Fields fields) {
        this.file = file;
        this.header = file.header();
        this.path = file.path();
        this.chunkBytes = fields.chunkBytes();
        this.maxRecord = fields.maxRecord();
        this.recordChecksum = fields.recordChecksum();
        this.summer = recordChecksum.newSummer();
    }

    // Memory ordering, named: lv = load with acquire, so = store with release, cas = volatile CAS.

    long lvLong(long offset) {
        return (long) LONG.getAcquire(header, offset);
    }

    void soLong(long offset, long value) {
        LONG.setRelease(header, offset, value);
    }

    int lvInt(long offset) {
        return (int) INT.getAcquire(header, offset);
    }

    void soInt(long offset, int value) {
        INT.setRelease(header, offset, value);
    }

    boolean casLong(long offset, long expected, long value) {
        return LONG.compareAndSet(header, offset, expected, value);
    }

    /** The record word at {@code offset} of {@code chunk}; acquire: pairs with the writer's release of it. */
    static long lvWord(MemorySegment chunk, long offset) {
        return (long) LONG.getAcquire(chunk, offset);
    }

    static void soWord(MemorySegment chunk, long offset, long word) {
        LONG.setRelease(chunk, offset, word);
    }

    long chunkCount() {
        return lvLong(CHUNK_COUNT_OFFSET);
    }

    /** No end known: the writer has not closed the file, or a take-over is rewriting its header. */
    static final long UNKNOWN = Long.MIN_VALUE;

    /** The checksum a padding frame of {@code length} bytes after its word at data {@code position} carries. */
    int paddingChecksum(long position, int length) {
        return MappedQueueDescriptor.paddingChecksum(crc, position, length);
    }

    /** Checks the padding word {@code word} at {@code offset} of {@code chunk} (data {@code position}): its length and checksum. */
    void checkPadding(MemorySegment chunk, long offset, long position, long word) {
        long rest = chunkBytes - offset - WORD_LENGTH;
        int stored = 0;
        int computed = 0;
        if (MappedQueueDescriptor.length(word) == rest && rest >= WORD_LENGTH) {
            stored = chunk.get(ValueLayout.JAVA_INT, offset + FRAME_CHECKSUM_OFFSET);
            computed = paddingChecksum(position, (int) rest);
        }
        MappedQueueDescriptor.checkPadding(path, position, word, chunkBytes, stored, computed);
    }

    /**
     * Closes the file at data position {@code end}: the published end, then the close seal over it
     * and the chunk count, then the state CLOSED with a release store, which publishes both (and
     * every record before them) to a reader that loads the state with acquire.
     */
    void closeAt(long end) {
        soLong(PUBLISHED_END_OFFSET, end);
        header.set(ValueLayout.JAVA_INT, SEAL_OFFSET, MappedQueueDescriptor.seal(crc, end, chunkCount()));
        soInt(WRITER_STATE_OFFSET, STATE_CLOSED);
    }

    /**
     * Where the data of a closed file ends, its close seal checked (a seal that does not match is
     * an {@link IllegalStateException}); {@link #UNKNOWN} when the writer has not closed it, or a
     * take-over rewrites the header meanwhile (it bumps the generation, then sets the state
     * active, before it or its writer changes a sealed field). A mismatch is read twice before it
     * is reported, so a take-over, its writing and its close between two loads are not taken for damage.
     */
    long sealedEnd() {
        for (int attempt = 0; ; attempt++) {
            if (lvInt(WRITER_STATE_OFFSET) != STATE_CLOSED) {
                return UNKNOWN; // the one load a poll of a live queue that finds nothing pays here
            }
            long generation = lvLong(GENERATION_OFFSET);
            long end = lvLong(PUBLISHED_END_OFFSET);
            long count = chunkCount();
            int stored = lvInt(SEAL_OFFSET);
            if (lvInt(WRITER_STATE_OFFSET) != STATE_CLOSED || lvLong(GENERATION_OFFSET) != generation) {
                return UNKNOWN;
            }
            if (end == sealCheckedEnd && count == sealCheckedCount && stored == sealChecked) {
                return end;
            }
            int computed = MappedQueueDescriptor.seal(crc, end, count);
            if (stored != computed && attempt == 0) {
                continue;
            }
            MappedQueueDescriptor.checkSeal(path, end, count, stored, computed, chunkBytes);
            sealCheckedEnd = end;
            sealCheckedCount = count;
            sealChecked = stored;
            return end;
        }
    }

    /**
     * Called where the frames stop, at data {@code position} (a zero word, or a chunk not
     * counted): throws, naming the position and the end, when the header knows the data goes on
     * and the stop is still there: the sealed end of a closed file (also when records ran past
     * it), and with {@code published} the published end, which a live or gone writer stores
     * after each frame. Returns whether something was published at the stop since (look again).
     */
    boolean checkStop(long position, boolean published) {
        long end = sealedEnd();
        boolean closed = end != UNKNOWN;
        if (!closed) {
            if (!published) {
                return false;
            }
            end = lvLong(PUBLISHED_END_OFFSET);
        }
        if (position >= end) {
            if (closed && position > end) {
                throw MappedQueueDescriptor.pastTheEnd(path, position, end);
            }
            return false;
        }
        // The end was loaded with acquire after the stop was seen: what the writer published before it is visible now.
        long index = position / chunkBytes;
        long count = chunkCount();
        if (index >= count) {
            throw MappedQueueDescriptor.stopBeforeEnd(path, position, "the header counts " + count
                    + " chunks, which end there", end, closed);
        }
        if (lvWord(file.chunk(index), position - index * chunkBytes) != 0) {
            return true;
        }
        throw MappedQueueDescriptor.stopBeforeEnd(path, position, "nothing is published there (a zero record header)",
                end, closed);
    }

    /**
     * Checks the end a take-over's scan found (over every chunk the file has, {@code chunksInFile})
     * against the header, before anything is rewritten: a closed file whose seal matches must end
     * exactly at its sealed end; otherwise (a writer gone, or a seal damaged, so the count may be
     * too) the frames must reach the published end, which a writer stores only after each frame.
     */
    void checkRecoveredEnd(long position, int priorState, long chunksInFile) {
        long published = lvLong(PUBLISHED_END_OFFSET);
        long count = chunkCount();
        int stored = lvInt(SEAL_OFFSET);
        boolean sealed = priorState == STATE_CLOSED && stored == MappedQueueDescriptor.seal(crc, published, count);
        if (sealed) {
            MappedQueueDescriptor.checkSeal(path, published, count, stored, stored, chunkBytes);
            if (position > published) {
                throw MappedQueueDescriptor.pastTheEnd(path, position, published);
            }
        }
        if (position < published) {
            long index = position / chunkBytes;
            throw MappedQueueDescriptor.stopBeforeEnd(path, position, index >= chunksInFile
                    ? "the file ends there" : "nothing is published there (a zero record header)", published, sealed);
        }
    }

    /** Where the frames end and where the last record starts (-1: none), found by {@link #scan}. */
    record End(long position, long lastRecord) {
    }

    /**
     * The length of the published record whose word {@code word} is at {@code offset} of
     * {@code chunk} (data {@code position}), after checking its length, that its frame stays in
     * the chunk, and its checksum; each failure names the file, the position and the values.
     */
    int checkedLength(MemorySegment chunk, long offset, long position, long word) {
        int length = MappedQueueDescriptor.length(word);
        if (length < 0 || length > maxRecord) {
            throw MappedQueueDescriptor.corruptedFrame(path, position, word, maxRecord);
        }
        if (!MappedQueueDescriptor.fitsChunk(offset, length, chunkBytes)) {
            throw MappedQueueDescriptor.frameOutsideChunk(path, position, length, chunkBytes);
        }
        int stored = chunk.get(ValueLayout.JAVA_INT, offset + FRAME_CHECKSUM_OFFSET);
        int computed = summer.sum(position, chunk, offset + RECORD_HEADER_LENGTH, length);
        if (stored != computed) {
            throw MappedQueueDescriptor.checksumMismatch(path, position, length, stored, computed);
        }
        return length;
    }

    /**
     * Where a scan for the end may start: just after the record the last-record hint names, when
     * that record proves itself (marker, length, frame inside its chunk, and a checksum that
     * covers its position); else the start of the data. The published-end hint is never used:
     * nothing in the data can prove a position is the end.
     */
    End provenStart(long chunkLimit) {
        long hint = lvLong(LAST_RECORD_OFFSET);
        if (!summer.proves() || hint < 0 || hint % MappedQueueDescriptor.FRAME_ALIGNMENT != 0
                || hint / chunkBytes >= chunkLimit) {
            return new End(0, -1);
        }
        long index = hint / chunkBytes;
        long offset = hint - index * chunkBytes;
        MemorySegment chunk = file.chunk(index);
        long word = lvWord(chunk, offset);
        int length = MappedQueueDescriptor.length(word);
        if (MappedQueueDescriptor.marker(word) != RECORD_MARKER || length < 0 || length > maxRecord
                || !MappedQueueDescriptor.fitsChunk(offset, length, chunkBytes)
                || chunk.get(ValueLayout.JAVA_INT, offset + FRAME_CHECKSUM_OFFSET)
                != summer.sum(hint, chunk, offset + RECORD_HEADER_LENGTH, length)) {
            file.unmap(index);
            return new End(0, -1); // a damaged hint: it costs a scan from the start, never a wrong end
        }
        return new End(hint + MappedQueueDescriptor.frameLength(length), hint);
    }

    /**
     * Follows frames from {@link #provenStart} to the first unpublished word, checking every
     * record and padding on the way (the caller checks the stop with {@link #checkStop}). Looks at chunks below {@code chunkLimit} only, mapping
     * each as it passes and unmapping those it leaves.
     */
    End scan(long chunkLimit) {
        End start = provenStart(chunkLimit);
        long position = start.position();
        long last = start.lastRecord();
        long mapped = -1;
        while (true) {
            long index = position / chunkBytes;
            if (index >= chunkLimit) {
                return new End(position, last);
            }
            if (mapped != index) {
                if (mapped >= 0) {
                    file.unmap(mapped);
                }
                mapped = index;
            }
            long offset = position - index * chunkBytes;
            MemorySegment chunk = file.chunk(index);
            long word = lvWord(chunk, offset);
            int marker = MappedQueueDescriptor.marker(word);
            if (word == 0) {
                return new End(position, last);
            } else if (marker == RECORD_MARKER) {
                int length = checkedLength(chunk, offset, position, word);
                last = position;
                position += MappedQueueDescriptor.frameLength(length);
            } else if (marker == PAD_MARKER) {
                checkPadding(chunk, offset, position, word);
                position = (index + 1) * chunkBytes;
            } else {
                throw MappedQueueDescriptor.corruptedFrame(path, position, word, maxRecord);
            }
        }
    }

    /**
     * A SIGBUS seen as {@link InternalError}, said as what caused it: the file truncated under
     * this mapping, the file system out of space (a page of a sparse file could not be
     * allocated), or else an I/O error. Never throws itself.
     */
    IllegalStateException fault(InternalError fault, long position) {
        long size = -1;
        String sizeText;
        try {
            size = file.fileSize();
            sizeText = size + " bytes";
        } catch (RuntimeException e) {
            sizeText = "an unknown size (" + e.getMessage() + ")";
        }
        long needed = file.headerBytes() + (position / chunkBytes + 1) * chunkBytes;
        long counted = -1;
        try {
            counted = file.headerBytes() + chunkCount() * chunkBytes;
        } catch (InternalError | RuntimeException e) {
            // the header page itself is gone: the size below says so
        }
        if (size >= 0 && size < Math.max(needed, counted)) {
            return new IllegalStateException(path + " shrank under this process: it now has " + sizeText
                    + " but data position " + position + " needs " + Math.max(needed, counted)
                    + " (another process truncated the queue file)", fault);
        }
        long usable = usableSpace();
        if (size >= 0 && usable >= 0 && usable < chunkBytes) {
            return new IllegalStateException(path + ": no space left on device: the file system has " + usable
                    + " bytes free, so a page near data position " + position + " could not be allocated (the file is"
                    + " intact: " + sizeText + "; free space, or use the 'prealloc' policy to fail at growth)", fault);
        }
        return new IllegalStateException(path + ": a fault occurred accessing data position " + position
                + " though the file is not truncated (" + sizeText + ", " + (usable < 0 ? "free space unknown"
                : usable + " bytes free") + "): an I/O error of the device under it?", fault);
    }

    /**
     * Whether a reader's fault at {@code position} means "nothing there yet": the file is intact
     * and its file system is full, so the page is an unallocated hole no writer has written.
     */
    boolean holeOnFullFileSystem(long position) {
        try {
            long needed = file.headerBytes() + (position / chunkBytes + 1) * chunkBytes;
            if (file.fileSize() < needed) {
                return false;
            }
        } catch (RuntimeException e) {
            return false;
        }
        long usable = usableSpace();
        return usable >= 0 && usable < chunkBytes;
    }

    /** Free bytes of the file system under the file ({@code statvfs}), or -1 when unknown. */
    private long usableSpace() {
        try {
            return Files.getFileStore(path).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** This process's start, to tell a live writer from a reused pid. */
    static long currentStartMillis() {
        return ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** Whether process {@code pid} that started at {@code startMillis} (0: unknown) is still running. */
    static boolean alive(long pid, long startMillis) {
        if (pid <= 0 || zombie(pid)) {
            return false;
        }
        return ProcessHandle.of(pid).map(ph -> ph.isAlive() && (startMillis == 0
                || ph.info().startInstant().map(i -> i.toEpochMilli() == startMillis).orElse(true))).orElse(false);
    }

    /**
     * Whether process {@code pid} has ended but is not reaped yet (state Z or X in
     * {@code /proc/PID/stat}): it writes nothing more, so it counts as gone. False when unknown.
     */
    static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int end = stat.lastIndexOf(')'); // the command name may hold spaces and parentheses
            if (end < 0 || end + 2 >= stat.length()) {
                return false;
            }
            char state = stat.charAt(end + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
