package org.ringlab.queues.mapped;

import static org.ringlab.queues.mapped.MappedQueueDescriptor.GENERATION_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PAD_MARKER;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.RECORD_HEADER_LENGTH;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.RECORD_MARKER;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.STATE_ACTIVE;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.STATE_CLOSED;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_PID_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_START_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_STATE_OFFSET;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

import org.ringlab.api.MappedFile;
import org.ringlab.api.QueueConsumer;
import org.ringlab.api.RecordQueue;
import org.ringlab.queues.support.QueueChecks;

/**
 * One reader of a mapped queue ({@link MappedQueue#attach}), in any process, at its own pace:
 * its position is its own, nothing is shared with the writer or other readers but the file.
 * It reads a record only after an acquire load of the record's header word shows it
 * published, so the payload it then reads is complete. Chunks are mapped read-only as the
 * reader reaches them (only those the header counts) and unmapped when it leaves them.
 *
 * <p>Empty is {@code null} / {@code 0} / {@link QueueConsumer#EMPTY}; then
 * {@link #writerState()} tells whether more can come. A reader that sees the writer
 * {@link WriterState#CLOSED closed} or {@link WriterState#GONE gone} and then finds the queue
 * empty has every record the writer committed.
 *
 * <p>Every record's length, frame and checksum ({@link RecordChecksum}) are checked before it
 * is returned, and every padding's length and checksum before it is followed: a damaged record
 * is an {@link IllegalStateException} naming the file, the data position and the values, never
 * wrong bytes. Finding nothing before the end the header knows (the sealed end of a closed file,
 * the published end of a live or gone writer) is one too: zeroed or lost data is never read as
 * the end of the queue. A fault of the mapping ({@code SIGBUS}, reported by
 * the JVM as {@link InternalError}) is an {@link IllegalStateException} from every method,
 * naming the file, the position and the cause (truncated by another process, or an I/O error);
 * on a full file system a fault at the end (a page nobody could allocate) reads as empty. One thread.
 */
public final class MappedQueueReader implements QueueConsumer, AutoCloseable {

    private static final long NONE = -1;
    private static final long REPORT_EVERY = 64 * 1024;
    /**
     * While the writer may be alive, every 64th poll that finds nothing also compares the
     * published end (a line the writer stores per record) with the position, not every one.
     */
    private static final int PUBLISHED_END_CHECK_MASK = 63;

    private final QueueFile queue;
    private final MappedFile file;
    private final long chunkBytes;
    private final int maxRecord;

    private long position;
    private long chunkIndex = NONE;
    private MemorySegment chunk;
    private long chunkStart;
    private long chunkEnd;
    private long pendingEnd = NONE;
    private long nextReport;
    private long records;
    /** Length of the record {@link #nextRecord} found, checked. */
    private int nextLength;
    /** Starts one short of a check: the first poll after attaching that finds nothing checks the published end. */
    private int emptyPolls = PUBLISHED_END_CHECK_MASK;
    /** Set when {@link #writerState()} last said the writer is not alive: every empty poll then checks the published end. */
    private boolean writerNotAlive;
    private boolean closed;
    /** Set while drain runs its handler: a call on this reader from there is refused (QueueConsumer's re-entry rule). */
    private boolean draining;

    MappedQueueReader(QueueFile queue, long position) {
        this.queue = queue;
        this.file = queue.file;
        this.chunkBytes = queue.chunkBytes;
        this.maxRecord = queue.maxRecord;
        this.position = position;
        file.reportPosition(position);
        this.nextReport = position + REPORT_EVERY;
    }

    public Path path() {
        return queue.path;
    }

    /** Data position of the next record this reader will read. */
    public long position() {
        return position;
    }

    /** Records consumed by this reader. */
    public long records() {
        return records;
    }

    public MappedFile mappedFile() {
        return file;
    }

    /** Times the file changed owner so far (1 until a take-over). */
    public long generation() {
        ensureOpen();
        try {
            return queue.lvLong(GENERATION_OFFSET);
        } catch (InternalError fault) {
            throw queue.fault(fault, position);
        }
    }

    /** How this queue's records are checksummed (the file's, fixed at creation). */
    public RecordChecksum recordChecksum() {
        return queue.recordChecksum;
    }

    /**
     * Whether the writer is alive, closed the file, or is gone. Reads the header, and for an
     * active writer asks the OS whether its process (pid and start time, so a reused pid is not
     * mistaken for it) still runs: tens of microseconds, for idle moments, not for every poll.
     */
    public WriterState writerState() {
        ensureOpen();
        try {
            int state = queue.lvInt(WRITER_STATE_OFFSET);
            MappedQueueDescriptor.checkWriterState(queue.path, state);
            WriterState result = state == STATE_CLOSED ? WriterState.CLOSED
                    : state == STATE_ACTIVE && QueueFile.alive(queue.lvLong(WRITER_PID_OFFSET),
                    queue.lvLong(WRITER_START_OFFSET)) ? WriterState.ALIVE : WriterState.GONE;
            writerNotAlive = result != WriterState.ALIVE;
            return result;
        } catch (InternalError fault) {
            throw queue.fault(fault, position);
        }
    }

    @Override
    public MemorySegment peek() {
        ensureOpen();
        checkNotDraining("peek");
        try {
            long offset = nextRecord();
            if (offset == NONE) {
                return null;
            }
            int length = nextLength;
            pendingEnd = position + MappedQueueDescriptor.frameLength(length);
            return chunk.asSlice(offset + RECORD_HEADER_LENGTH, length).asReadOnly();
        } catch (InternalError fault) {
            if (queue.holeOnFullFileSystem(position)) {
                return null; // a page no writer could allocate holds no record: empty, not an error
            }
            throw queue.fault(fault, position);
        }
    }

    @Override
    public void release() {
        ensureOpen();
        checkNotDraining("release");
        if (pendingEnd == NONE) {
            throw new IllegalStateException("release() without a record from peek()");
        }
        position = pendingEnd;
        pendingEnd = NONE;
        records++;
        reportProgress();
    }

    @Override
    public int drain(RecordQueue.RecordHandler handler, int limit) {
        ensureOpen();
        checkNotDraining("drain");
        if (limit <= 0) {
            throw new IllegalArgumentException("drain limit must be positive, got " + limit);
        }
        pendingEnd = NONE;
        int n = 0;
        draining = true; // once per drain, not per record
        try {
            while (n < limit) {
                long offset = nextRecord();
                if (offset == NONE) {
                    break;
                }
                int length = nextLength;
                handler.onRecord(chunk.asSlice(offset + RECORD_HEADER_LENGTH, length).asReadOnly());
                position += MappedQueueDescriptor.frameLength(length);
                n++;
            }
        } catch (InternalError fault) {
            if (!queue.holeOnFullFileSystem(position)) {
                records += n;
                throw queue.fault(fault, position);
            }
            // a page no writer could allocate holds no record: the n before it are all there is
        } catch (RuntimeException damage) {
            records += n; // the n delivered before it count
            throw damage;
        } finally {
            draining = false;
        }
        records += n;
        reportProgress();
        return n;
    }

    @Override
    public int poll(MemorySegment dst) {
        ensureOpen();
        checkNotDraining("poll");
        MemorySegment record = peek();
        if (record == null) {
            return EMPTY;
        }
        long length = record.byteSize();
        if (length > dst.byteSize()) {
            pendingEnd = NONE;
            throw new IllegalArgumentException("record of " + length + " bytes does not fit the destination of "
                    + dst.byteSize());
        }
        MemorySegment.copy(record, 0, dst, 0, length);
        release();
        return (int) length;
    }

    /**
     * Offset in the current chunk of the published record at {@link #position}, its length,
     * checksum and frame checked (length left in {@link #nextLength}), following padding (its
     * length and checksum checked) into the next chunk; NONE when nothing is published there
     * yet, as far as the header knows ({@link #stoppedAtTheEnd}).
     */
    private long nextRecord() {
        while (true) {
            if (chunk == null || position >= chunkEnd) {
                if (!enterChunk(position / chunkBytes)) {
                    if (stoppedAtTheEnd()) {
                        return NONE;
                    }
                    continue;
                }
            }
            long offset = position - chunkStart;
            long word = QueueFile.lvWord(chunk, offset);
            int marker = MappedQueueDescriptor.marker(word);
            if (marker == RECORD_MARKER) {
                nextLength = queue.checkedLength(chunk, offset, position, word);
                return offset;
            }
            if (word == 0) {
                if (stoppedAtTheEnd()) {
                    return NONE;
                }
                continue;
            }
            if (marker != PAD_MARKER) {
                throw MappedQueueDescriptor.corruptedFrame(queue.path, position, word, maxRecord);
            }
            queue.checkPadding(chunk, offset, position, word);
            position = chunkEnd; // padding: the writer went on in the next chunk
        }
    }

    /**
     * Nothing at {@link #position}: true when that is the end as far as the header knows (the
     * sealed end of a closed file; the published end, checked on every such poll once
     * {@link #writerState()} said the writer is not alive, else on the first after attaching and
     * every 64th), false when
     * something was published there since; a stop before a known end throws, naming both.
     */
    private boolean stoppedAtTheEnd() {
        return !queue.checkStop(position, writerNotAlive || (++emptyPolls & PUBLISHED_END_CHECK_MASK) == 0);
    }

    /** Maps chunk {@code index} if the writer has counted it; unmaps the one left behind. */
    private boolean enterChunk(long index) {
        if (queue.chunkCount() <= index) {
            return false;
        }
        MemorySegment next = file.chunk(index); // checks the file really is that long
        if (chunkIndex != NONE && chunkIndex != index) {
            file.unmap(chunkIndex);
        }
        chunk = next;
        chunkIndex = index;
        chunkStart = index * chunkBytes;
        chunkEnd = chunkStart + chunkBytes;
        return true;
    }

    private void reportProgress() {
        if (position >= nextReport) {
            file.reportPosition(position);
            nextReport = position + REPORT_EVERY;
        }
    }

    /** Refuses {@code call} from inside this reader's drain handler, before it reads, maps or moves anything. */
    private void checkNotDraining(String call) {
        if (draining) {
            throw QueueChecks.reentered(call, "this reader of " + queue.path);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("this reader of " + queue.path + " is closed");
        }
    }

    public boolean isOpen() {
        return !closed;
    }

    /** Unmaps everything this reader mapped; the file and the writer are untouched. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            file.close();
        }
    }
}
