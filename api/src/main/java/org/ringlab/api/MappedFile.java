package org.ringlab.api;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A file mapped in fixed-size chunks, shareable between processes by path (seed 004's
 * growing queue file): a header region at offset 0, then chunk {@code i} at
 * {@code headerBytes() + i * chunkBytes()}. A writable file grows by a chunk when a chunk
 * past its end is asked for; each chunk is mapped ({@code MAP_SHARED}) when first asked for
 * and prefaulted by the spec's {@link PrefaultPolicy policies}, in order.
 *
 * <p>Segments belong to arenas this object closes: after {@link #unmap(long)} or
 * {@link #close()} an access through an old segment throws {@link IllegalStateException},
 * never crashes. If another process truncates the file under a mapping, an access past the
 * new end throws {@link InternalError} (the JVM's report of {@code SIGBUS}); callers turn it
 * into a clear message with {@link #fileSize()}.
 *
 * <p>Threads: {@link #chunk(long)} and {@link #unmap(long)} may be called from any thread
 * (mapping is serialized); {@link #reportPosition(long)} is meant for the writer's thread.
 */
public interface MappedFile extends AutoCloseable {

    /** What it cost to prefault, so that cost moved off the writer is not mistaken for cost removed. */
    record PrefaultStats(long foregroundNanos, long backgroundNanos, long backgroundBytes, long chunksMapped,
                         long growths) {
    }

    Path path();

    MappedFileSpec spec();

    /** Bytes before chunk 0 (the page size of the process that created the file). */
    long headerBytes();

    long chunkBytes();

    /** The header region, writable unless the file is open read-only. */
    MemorySegment header();

    /** The file's current size in bytes (a system call: not for the hot path). */
    long fileSize();

    /** How many whole chunks the file holds now ({@link #fileSize()} based). */
    default long chunksInFile() {
        return Math.max(0, (fileSize() - headerBytes()) / chunkBytes());
    }

    /**
     * Chunk {@code index}, mapped (and prefaulted) on first use. A writable file grows first
     * when the chunk lies past its end; a read-only one throws {@link IllegalStateException}
     * naming the file size and the size the chunk needs.
     */
    MemorySegment chunk(long index);

    /** Whether chunk {@code index} is mapped in this process now. */
    boolean isMapped(long index);

    /** Unmaps chunk {@code index} if it is mapped (its segments then throw on access). */
    void unmap(long index);

    /**
     * The writer's (or reader's) data position, for the {@link PrefaultPolicy#BACKGROUND}
     * prefaulter: one ordered store, no system call, no wake-up; call it every few pages.
     */
    void reportPosition(long position);

    /** The data position up to which the background prefaulter has populated (0 without one). */
    long backgroundPrefaultedTo();

    PrefaultStats prefaultStats();

    boolean isOpen();

    /** Stops and joins the prefaulter, unmaps everything, closes the descriptor; keeps the file. */
    @Override
    void close();
}
