package org.ringlab.queues.mapped;

import static org.ringlab.queues.mapped.MappedQueueDescriptor.CHUNK_COUNT_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.FRAME_CHECKSUM_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WORD_LENGTH;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.GENERATION_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.LAST_RECORD_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PUBLISHED_END_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.RECORD_HEADER_LENGTH;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_PID_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Objects;

import org.ringlab.api.MappedFile;
import org.ringlab.api.QueueProducer;

/**
 * The one writer of a mapped queue ({@link MappedQueue#create} or {@link MappedQueue#takeOver}).
 * Appends length-prefixed records; the file grows a chunk at a time and never fills, so
 * {@link #offer} is {@code false} only never: a record too large is an
 * {@link IllegalArgumentException}.
 *
 * <p>Each record: payload copied with plain stores, then its header word stored with a release
 * store (the publication), then the end hints. A record that does not fit the rest of the
 * chunk is preceded by a padding frame; the next chunk is grown and counted in the header
 * before that padding is published, so a reader that follows the padding finds it. The chunk
 * left behind is unmapped. One thread at a time. A fault of the mapping ({@code SIGBUS}, which
 * the JVM reports as {@link InternalError}) is an {@link IllegalStateException} from every
 * method, naming the file, the data position and the cause: the file truncated by another
 * process, or "no space left on device" (a sparse file's page could not be allocated; growth
 * also refuses a chunk the file system has no room for). HotSpot may deliver a {@code SIGBUS}
 * from compiled code just after the access; the conversion covers each method's whole body.
 */
public final class MappedQueueWriter implements QueueProducer, AutoCloseable {

    /** How often (bytes) the writer tells the background prefaulter where it is. */
    private static final long REPORT_EVERY = 64 * 1024;
    private static final long NO_CLAIM = -1;

    private final QueueFile queue;
    private final MappedFile file;
    private final long chunkBytes;
    private final int maxRecord;
    private final long pid = ProcessHandle.current().pid();
    private final RecordSummer summer;

    private long position;
    private long lastRecord;
    private long chunkIndex = -1;
    private MemorySegment chunk;
    private long chunkStart;
    private long chunkEnd;
    private long nextReport;
    private long claimOffset = NO_CLAIM;
    private int claimLength;
    private long records;
    private long paddingBytes;
    private boolean closed;

    MappedQueueWriter(QueueFile queue, long position, long lastRecord) {
        this.queue = queue;
        this.file = queue.file;
        this.chunkBytes = queue.chunkBytes;
        this.maxRecord = queue.maxRecord;
        this.summer = queue.summer;
        this.position = position;
        this.lastRecord = lastRecord;
        try {
            enterChunk(position / chunkBytes); // grows and prefaults the first chunk now, before the first record
        } catch (InternalError fault) {
            throw queue.fault(fault, position);
        }
    }

    public Path path() {
        return queue.path;
    }

    /** Data position of the next record: bytes of frames written so far. */
    public long position() {
        return position;
    }

    /** Records this writer appended (not counting those before a take-over). */
    public long records() {
        return records;
    }

    public long paddingBytes() {
        return paddingBytes;
    }

    /** Times the file changed owner (1 for the creating writer). */
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

    public MappedFile mappedFile() {
        return file;
    }

    /**
     * The last record committed to the file before this writer's first one (after a take-over:
     * the last one the previous writer finished, found by following the frames, never taken
     * from a hint), as a read-only view, its checksum checked; null when there is none.
     */
    public MemorySegment lastRecord() {
        ensureOpen();
        if (lastRecord < 0) {
            return null;
        }
        try {
            long index = lastRecord / chunkBytes;
            MemorySegment c = file.chunk(index);
            long offset = lastRecord - index * chunkBytes;
            int length = queue.checkedLength(c, offset, lastRecord, QueueFile.lvWord(c, offset));
            MemorySegment view = c.asSlice(offset + RECORD_HEADER_LENGTH, length).asReadOnly();
            if (index != chunkIndex) {
                view = MemorySegment.ofArray(view.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)).asReadOnly();
                file.unmap(index); // not the chunk being written: do not keep it mapped for this
            }
            return view;
        } catch (InternalError fault) {
            throw queue.fault(fault, lastRecord);
        }
    }

    @Override
    public boolean offer(MemorySegment record) {
        ensureOpen();
        long length = record.byteSize();
        checkLength(length);
        try {
            writeAndPublish(record, reserve(MappedQueueDescriptor.frameLength(length)), (int) length);
            return true;
        } catch (InternalError fault) {
            throw queue.fault(fault, position);
        }
    }

    /**
     * The publication order: payload, then the release store of its header word. The stress
     * test's broken twin is generated from this source with the two swapped.
     */
    private void writeAndPublish(MemorySegment record, long offset, int length) {
        writePayload(record, offset, length);
        publish(offset, length);
    }

    /** Copies {@code record} into the frame reserved at {@code offset} of the current chunk (plain stores). */
    private void writePayload(MemorySegment record, long offset, int length) {
        MemorySegment.copy(record, 0, chunk, offset + RECORD_HEADER_LENGTH, length);
    }

    /**
     * Appends each record in turn. Unlike a ring's batch, each record is published as soon as it
     * is written (its own release store): a batch published by one store could not be told apart
     * from garbage by a writer taking over after a kill.
     */
    @Override
    public int offer(MemorySegment[] records, int offset, int count) {
        Objects.checkFromIndexSize(offset, count, records.length);
        for (int i = offset, end = offset + count; i < end; i++) {
            offer(records[i]);
        }
        return count;
    }

    @Override
    public MemorySegment claim(int length) {
        ensureOpen();
        checkLength(length);
        long offset;
        try {
            offset = reserve(MappedQueueDescriptor.frameLength(length));
        } catch (InternalError fault) {
            throw queue.fault(fault, position);
        }
        claimOffset = offset;
        claimLength = length;
        return chunk.asSlice(offset + RECORD_HEADER_LENGTH, length);
    }

    @Override
    public void commit(int length) {
        ensureOpen();
        if (claimOffset == NO_CLAIM) {
            throw new IllegalStateException("commit(" + length + ") without a claim");
        }
        if (length < 0 || length > claimLength) {
            throw new IllegalArgumentException("commit length " + length + " is outside 0.." + claimLength
                    + " (the claimed length)");
        }
        long offset = claimOffset;
        claimOffset = NO_CLAIM;
        try {
            publish(offset, length);
        } catch (InternalError fault) {
            throw queue.fault(fault, position);
        }
    }

    /** Offset in the current chunk where a frame of {@code frame} bytes goes, padding to a new chunk if needed. */
    private long reserve(long frame) {
        if (position + frame > chunkEnd) {
            long padAt = position;
            MemorySegment old = chunk;
            long oldStart = chunkStart;
            long oldEnd = chunkEnd;
            long oldIndex = chunkIndex;
            enterChunk(chunkIndex + 1); // the next chunk exists and is counted before the padding points to it
            if (padAt < oldEnd) {
                long offset = padAt - oldStart;
                long rest = oldEnd - padAt - WORD_LENGTH;
                paddingBytes += oldEnd - padAt;
                if (rest >= WORD_LENGTH) {
                    // Plain store: the release store of the padding word below publishes it.
                    old.set(ValueLayout.JAVA_INT, offset + FRAME_CHECKSUM_OFFSET, queue.paddingChecksum(padAt, (int) rest));
                }
                // Publishes "continue in the next chunk" (already counted in the header).
                QueueFile.soWord(old, offset, MappedQueueDescriptor.padWord(rest));
            }
            file.unmap(oldIndex);
            queue.soLong(PUBLISHED_END_OFFSET, position);
        }
        claimOffset = NO_CLAIM; // a new reservation replaces an uncommitted claim
        return position - chunkStart;
    }

    private void enterChunk(long index) {
        MemorySegment next = file.chunk(index); // grows the file, maps and prefaults the chunk
        if (queue.chunkCount() < index + 1) {
            // Publishes the grown file to readers: they map only counted chunks.
            queue.soLong(CHUNK_COUNT_OFFSET, index + 1);
        }
        chunk = next;
        chunkIndex = index;
        chunkStart = index * chunkBytes;
        chunkEnd = chunkStart + chunkBytes;
        if (position < chunkStart) {
            position = chunkStart;
        }
        file.reportPosition(position);
        nextReport = position + REPORT_EVERY;
    }

    /** Checksums the frame at {@code offset}, release-stores its header word and advances the end. */
    private void publish(long offset, int length) {
        // Plain store: the release store of the word below publishes it with the payload.
        chunk.set(ValueLayout.JAVA_INT, offset + FRAME_CHECKSUM_OFFSET,
                summer.sum(position, chunk, offset + RECORD_HEADER_LENGTH, length));
        // Publishes the payload and checksum stored above: a reader that sees this word sees every byte before it.
        QueueFile.soWord(chunk, offset, MappedQueueDescriptor.recordWord(length));
        lastRecord = position;
        position += MappedQueueDescriptor.frameLength(length);
        records++;
        // Hints for attachers and successors, last-record first: if the process dies between the
        // two, the end hint still points at this record and a scan finds it again.
        queue.soLong(LAST_RECORD_OFFSET, lastRecord);
        queue.soLong(PUBLISHED_END_OFFSET, position);
        if (position >= nextReport) {
            file.reportPosition(position);
            nextReport = position + REPORT_EVERY;
        }
    }

    private void checkLength(long length) {
        if (length < 0 || length > maxRecord) {
            throw new IllegalArgumentException("record of " + length + " bytes: this queue takes 0.." + maxRecord
                    + " bytes per record");
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the writer of " + queue.path + " is closed");
        }
    }

    public boolean isOpen() {
        return !closed;
    }

    /**
     * Marks the file closed (readers see {@link WriterState#CLOSED}), sealing where its data ends
     * (readers report frames that stop before it as damage), and unmaps it; the file stays.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (queue.lvLong(WRITER_PID_OFFSET) == pid) {
                // Seals the end, then publishes it and every record before it: a reader that sees
                // CLOSED and then an empty queue at the sealed end is done.
                queue.closeAt(position);
            }
        } catch (InternalError fault) {
            IllegalStateException e = queue.fault(fault, position); // the header is gone: nobody can read CLOSED
            try {
                file.close();
            } catch (Throwable cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        file.close();
    }
}
