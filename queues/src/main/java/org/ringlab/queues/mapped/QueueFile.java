package org.ringlab.queues.mapped;

import static org.ringlab.queues.mapped.MappedQueueDescriptor.CHUNK_COUNT_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.LAST_RECORD_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PAD_MARKER;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PUBLISHED_END_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.RECORD_MARKER;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.time.Instant;

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

    QueueFile(MappedFile file, MappedQueueDescriptor.Fields fields) {
        this.file = file;
        this.header = file.header();
        this.path = file.path();
        this.chunkBytes = fields.chunkBytes();
        this.maxRecord = fields.maxRecord();
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

    /** Where the frames end and where the last record starts, found by {@link #scan}. */
    record End(long position, long lastRecord) {
    }

    /**
     * Follows frames from the hints to the first unpublished word: the true end. Maps the
     * chunks it passes (readers only those the header counts).
     */
    End scan() {
        long position = lvLong(PUBLISHED_END_OFFSET);
        long last = lvLong(LAST_RECORD_OFFSET);
        long chunks = chunkCount();
        while (true) {
            long index = position / chunkBytes;
            if (index >= chunks) {
                return new End(position, last);
            }
            long offset = position - index * chunkBytes;
            MemorySegment chunk = file.chunk(index);
            long word = lvWord(chunk, offset);
            int marker = MappedQueueDescriptor.marker(word);
            if (marker == 0) {
                return new End(position, last);
            } else if (marker == RECORD_MARKER) {
                int length = MappedQueueDescriptor.length(word);
                if (length < 0 || length > maxRecord) {
                    throw MappedQueueDescriptor.corruptedFrame(path, position, word, maxRecord);
                }
                last = position;
                position += MappedQueueDescriptor.frameLength(length);
            } else if (marker == PAD_MARKER && MappedQueueDescriptor.length(word)
                    == chunkBytes - offset - MappedQueueDescriptor.RECORD_HEADER_LENGTH) {
                position = (index + 1) * chunkBytes;
            } else {
                throw MappedQueueDescriptor.corruptedFrame(path, position, word, maxRecord);
            }
        }
    }

    /** A SIGBUS seen as InternalError: the file was truncated under this mapping. */
    IllegalStateException shrank(InternalError fault, long position) {
        String size;
        try {
            size = file.fileSize() + " bytes";
        } catch (RuntimeException e) {
            size = "an unknown size (" + e.getMessage() + ")";
        }
        IllegalStateException e = new IllegalStateException(path + " shrank under this process: it now has " + size
                + " but data position " + position + " needs " + (file.headerBytes() + (position / chunkBytes + 1)
                * chunkBytes) + " (another process truncated the queue file)", fault);
        return e;
    }

    /** This process's start, to tell a live writer from a reused pid. */
    static long currentStartMillis() {
        return ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** Whether process {@code pid} that started at {@code startMillis} (0: unknown) is still running. */
    static boolean alive(long pid, long startMillis) {
        if (pid <= 0) {
            return false;
        }
        return ProcessHandle.of(pid).map(ph -> ph.isAlive() && (startMillis == 0
                || ph.info().startInstant().map(i -> i.toEpochMilli() == startMillis).orElse(true))).orElse(false);
    }
}
