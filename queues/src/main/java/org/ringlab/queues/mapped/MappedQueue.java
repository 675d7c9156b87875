package org.ringlab.queues.mapped;

import static org.ringlab.queues.mapped.MappedQueueDescriptor.CHUNK_COUNT_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.GENERATION_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.HEADER_LENGTH;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.LAST_RECORD_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.MAGIC;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.MAGIC_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.PUBLISHED_END_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.STATE_ACTIVE;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_PID_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_START_OFFSET;
import static org.ringlab.queues.mapped.MappedQueueDescriptor.WRITER_STATE_OFFSET;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.api.Registries;

/**
 * Seed 004's inter-process queue: one writer, any number of readers in other processes, on a
 * file that grows a chunk at a time as the writer fills it ({@link MappedQueueDescriptor} has
 * the format). Readers attach by path, from the start or from the current end, each at its own
 * pace, and never see a torn record: the writer stores each record's header word with a
 * release store after its payload. A writer killed mid-record leaves every committed record
 * readable and the partial one invisible; {@link #takeOver} lets a new writer continue.
 *
 * <pre>{@code
 * try (MappedQueueWriter w = MappedQueue.create(path, MappedQueue.Config.defaults())) { w.offer(record); }
 * // another process:
 * try (MappedQueueReader r = MappedQueue.attach(path, StartAt.BEGINNING)) { r.drain(handler, 64); r.writerState(); }
 * }</pre>
 *
 * <p>The memory comes from a {@link MappedFileStrategy} ({@code mapped-file} by default, found
 * through {@link Registries#mappedFiles()}).
 */
public final class MappedQueue {

    /** Where a new reader starts. */
    public enum StartAt {
        /** The first record ever written. */
        BEGINNING,
        /** After the last record published when it attaches. */
        END
    }

    /**
     * How a writer maps the file.
     *
     * @param chunkBytes       growth step and mapping unit (a page multiple); fixed at creation
     * @param maxRecordBytes   largest payload; fixed at creation; its frame must fit a chunk
     * @param policies         prefault steps for each chunk this process maps
     * @param backgroundWindow bytes the {@code background} prefaulter keeps ahead
     * @param recordChecksum   how records are checksummed; fixed at creation (a take-over uses the file's)
     */
    public record Config(long chunkBytes, int maxRecordBytes, List<PrefaultPolicy> policies, long backgroundWindow,
                         RecordChecksum recordChecksum) {

        public Config {
            policies = PrefaultPolicy.checkList(policies);
            MappedQueueDescriptor.checkConfig(chunkBytes, maxRecordBytes);
            if (recordChecksum == null) {
                throw new IllegalArgumentException("a record checksum kind is required: " + List.of(RecordChecksum.values()));
            }
        }

        /** With {@link RecordChecksum#CRC32C} records. */
        public Config(long chunkBytes, int maxRecordBytes, List<PrefaultPolicy> policies, long backgroundWindow) {
            this(chunkBytes, maxRecordBytes, policies, backgroundWindow, RecordChecksum.CRC32C);
        }

        /**
         * 1 MiB chunks, records up to 64 KiB less their 16-byte header (so 64 KiB chunks work too),
         * no prefault, CRC32C record checksums.
         */
        public static Config defaults() {
            return new Config(MappedFileSpec.DEFAULT_CHUNK_BYTES, 64 * 1024 - MappedQueueDescriptor.RECORD_HEADER_LENGTH,
                    List.of(PrefaultPolicy.NONE), MappedFileSpec.DEFAULT_BACKGROUND_WINDOW, RecordChecksum.CRC32C);
        }

        public Config withChunkBytes(long bytes) {
            return new Config(bytes, maxRecordBytes, policies, backgroundWindow, recordChecksum);
        }

        public Config withMaxRecordBytes(int bytes) {
            return new Config(chunkBytes, bytes, policies, backgroundWindow, recordChecksum);
        }

        public Config withPolicies(List<PrefaultPolicy> list) {
            return new Config(chunkBytes, maxRecordBytes, list, backgroundWindow, recordChecksum);
        }

        public Config withBackgroundWindow(long bytes) {
            return new Config(chunkBytes, maxRecordBytes, policies, bytes, recordChecksum);
        }

        public Config withRecordChecksum(RecordChecksum kind) {
            return new Config(chunkBytes, maxRecordBytes, policies, backgroundWindow, kind);
        }
    }

    private MappedQueue() {
    }

    /** The {@code mapped-file} strategy, or why it is unavailable. */
    public static MappedFileStrategy defaultStrategy() {
        return Registries.mappedFiles().require("mapped-file");
    }

    /** Creates a new queue file (an existing one is refused) and returns its writer. */
    public static MappedQueueWriter create(Path path, Config config) {
        return create(defaultStrategy(), path, config);
    }

    public static MappedQueueWriter create(MappedFileStrategy strategy, Path path, Config config) {
        return create(strategy, path, config, MappedQueueWriter::new);
    }

    /** How {@link #create} makes its writer: the writer's constructor, or the stress test's generated twin. */
    @FunctionalInterface
    interface WriterConstructor<W> {
        W make(QueueFile queue, long position, long lastRecord);
    }

    static <W> W create(MappedFileStrategy strategy, Path path, Config config,
                                                  WriterConstructor<W> constructor) {
        MappedFile file = strategy.open(new MappedFileSpec(path, MappedFileSpec.Mode.CREATE, config.chunkBytes(),
                config.policies(), config.backgroundWindow()));
        try {
            MemorySegment header = file.header();
            if (config.chunkBytes() % file.headerBytes() != 0) {
                throw new IllegalArgumentException("chunk size " + config.chunkBytes() + " is not a multiple of the page size "
                        + file.headerBytes());
            }
            MappedQueueDescriptor.writeFields(header, file.headerBytes(), config.chunkBytes(), config.maxRecordBytes(),
                    config.recordChecksum(), System.currentTimeMillis());
            QueueFile queue = new QueueFile(file, new MappedQueueDescriptor.Fields(file.headerBytes(),
                    config.chunkBytes(), config.maxRecordBytes(), config.recordChecksum(), 0));
            queue.soLong(LAST_RECORD_OFFSET, -1);
            queue.header.set(java.lang.foreign.ValueLayout.JAVA_LONG, WRITER_PID_OFFSET, ProcessHandle.current().pid());
            queue.header.set(java.lang.foreign.ValueLayout.JAVA_LONG, WRITER_START_OFFSET, QueueFile.currentStartMillis());
            queue.header.set(java.lang.foreign.ValueLayout.JAVA_LONG, GENERATION_OFFSET, 1);
            queue.soInt(WRITER_STATE_OFFSET, STATE_ACTIVE);
            // Publishes every field above to attaching processes: they check the magic first.
            queue.soLong(MAGIC_OFFSET, MAGIC);
            return constructor.make(queue, 0, -1);
        } catch (InternalError fault) {
            IllegalStateException e = new QueueFile(file, new MappedQueueDescriptor.Fields(file.headerBytes(),
                    config.chunkBytes(), config.maxRecordBytes(), config.recordChecksum(), 0)).fault(fault, 0);
            closeQuietly(file, e);
            deleteQuietly(path, e);
            throw e;
        } catch (Throwable t) {
            try {
                file.close();
                Files.deleteIfExists(path);
            } catch (Throwable cleanup) {
                t.addSuppressed(cleanup);
            }
            throw t;
        }
    }

    /**
     * Takes over an existing queue file whose writer closed it or is gone: validates the
     * header, claims ownership (a compare-and-set of the writer pid, so two candidates cannot
     * both win), recovers the end by following frames from the hints (into chunks the file has
     * but the count lacks), checks it against what the header knows (the sealed end of a cleanly
     * closed file; else the published end, a lower bound), and clears what a killed writer may
     * have left past it. A damaged file is refused, naming the damage. Refused while the recorded writer is alive. The
     * {@code config}'s policies and window apply; its sizes are the file's.
     */
    public static MappedQueueWriter takeOver(Path path, Config config) {
        return takeOver(defaultStrategy(), path, config);
    }

    public static MappedQueueWriter takeOver(MappedFileStrategy strategy, Path path, Config config) {
        MappedQueueDescriptor.Fields fields = readHeader(path);
        MappedFile file = strategy.open(new MappedFileSpec(path, MappedFileSpec.Mode.OPEN_WRITE, fields.chunkBytes(),
                config.policies(), config.backgroundWindow()));
        QueueFile claimed = null;
        int priorState = MappedQueueDescriptor.STATE_NONE;
        long recovered = -1;
        try {
            QueueFile queue = validated(file, fields);
            long me = ProcessHandle.current().pid();
            int state = queue.lvInt(WRITER_STATE_OFFSET);
            long pid = queue.lvLong(WRITER_PID_OFFSET);
            long start = queue.lvLong(WRITER_START_OFFSET);
            if (state == STATE_ACTIVE && QueueFile.alive(pid, start)) {
                throw new IllegalStateException(path + " already has a live writer: pid " + pid
                        + (pid == me ? " (this process)" : "") + "; close it or wait for it to end");
            }
            if (!queue.casLong(WRITER_PID_OFFSET, pid, me)) {
                throw new IllegalStateException("another process (pid " + queue.lvLong(WRITER_PID_OFFSET)
                        + ") took " + path + " over first");
            }
            claimed = queue;
            priorState = state;
            queue.soLong(WRITER_START_OFFSET, QueueFile.currentStartMillis());
            // Before any hint changes: a reader that checks a close seal sees the rewrite coming.
            queue.soLong(GENERATION_OFFSET, queue.lvLong(GENERATION_OFFSET) + 1);
            long chunksInFile = file.chunksInFile();
            QueueFile.End end = queue.scan(Math.max(queue.chunkCount(), chunksInFile));
            queue.checkRecoveredEnd(end.position(), state, chunksInFile);
            long index = end.position() / queue.chunkBytes;
            if (index < file.chunksInFile()) {
                // A killed writer may have left payload bytes of its unpublished record past the
                // end: clear the rest of the chunk so no later frame can read them as a header.
                long offset = end.position() - index * queue.chunkBytes;
                file.chunk(index).asSlice(offset).fill((byte) 0);
            }
            queue.soLong(LAST_RECORD_OFFSET, end.lastRecord());
            queue.soLong(PUBLISHED_END_OFFSET, end.position());
            recovered = end.position();
            // Publishes the recovered hints and the cleared bytes with the new owner.
            queue.soInt(WRITER_STATE_OFFSET, STATE_ACTIVE);
            return new MappedQueueWriter(queue, end.position(), end.lastRecord());
        } catch (Throwable thrown) {
            IllegalStateException converted = converted(thrown, file, fields);
            Throwable t = converted != null ? converted : thrown;
            try {
                if (claimed != null) {
                    // Owned by this live process but never usable: do not make others wait for it.
                    // Closed and sealed when its end was recovered; else as it was if it was closed
                    // (the seal, right or damaged, untouched), or "no writer".
                    if (recovered >= 0) {
                        claimed.closeAt(recovered);
                    } else {
                        claimed.soInt(WRITER_STATE_OFFSET, priorState == MappedQueueDescriptor.STATE_CLOSED
                                ? MappedQueueDescriptor.STATE_CLOSED : MappedQueueDescriptor.STATE_NONE);
                    }
                }
                file.close();
            } catch (Throwable cleanup) {
                t.addSuppressed(cleanup);
            }
            if (converted != null) {
                throw converted;
            }
            throw thrown;
        }
    }

    /** A mapping fault said as its cause (null for anything else); the file is still open. */
    private static IllegalStateException converted(Throwable thrown, MappedFile file, MappedQueueDescriptor.Fields fields) {
        return thrown instanceof InternalError fault ? new QueueFile(file, fields).fault(fault, 0) : null;
    }

    /** Attaches a reader with no prefault policy. */
    public static MappedQueueReader attach(Path path, StartAt from) {
        return attach(defaultStrategy(), path, from, List.of(PrefaultPolicy.NONE));
    }

    public static MappedQueueReader attach(Path path, StartAt from, List<PrefaultPolicy> policies) {
        return attach(defaultStrategy(), path, from, policies);
    }

    /**
     * Attaches a reader: the header is validated (a foreign, truncated or corrupted file is
     * refused, naming what is wrong; so is anything but a regular file, before any call that
     * could block on it), the file is mapped read-only, chunk by chunk as the reader reaches it,
     * with {@code policies} applied to each. {@link StartAt#END} starts after the last record the
     * data proves, found by following the frames from the last-record hint; where they stop must
     * be the sealed end of a closed file and not before the published end (else the data or the
     * header is damaged, and it throws naming both positions).
     */
    public static MappedQueueReader attach(MappedFileStrategy strategy, Path path, StartAt from,
                                           List<PrefaultPolicy> policies) {
        MappedQueueDescriptor.Fields fields = readHeader(path);
        MappedFile file = strategy.open(new MappedFileSpec(path, MappedFileSpec.Mode.OPEN_READ, fields.chunkBytes(),
                policies, MappedFileSpec.DEFAULT_BACKGROUND_WINDOW));
        try {
            QueueFile queue = validated(file, fields);
            long position = 0;
            if (from == StartAt.END) {
                position = queue.scan(queue.chunkCount()).position();
                // where the scan stopped must be the end the header knows of (or records came since)
                queue.checkStop(position, true);
            }
            return new MappedQueueReader(queue, position);
        } catch (Throwable thrown) {
            IllegalStateException converted = converted(thrown, file, fields);
            Throwable t = converted != null ? converted : thrown;
            try {
                file.close();
            } catch (Throwable cleanup) {
                t.addSuppressed(cleanup);
            }
            if (converted != null) {
                throw converted;
            }
            throw thrown;
        }
    }

    /**
     * Reads and checks the header with plain file I/O, before anything is mapped. A FIFO,
     * device, directory or socket is refused first, from its attributes (opening a FIFO would
     * block until a writer comes).
     */
    static MappedQueueDescriptor.Fields readHeader(Path path) {
        checkRegularFile(path);
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer buffer = ByteBuffer.allocate((int) HEADER_LENGTH);
            while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
                // read until the header is in or the file ends
            }
            // A long[] copy: the checks read aligned longs, which a byte[] segment does not allow.
            MemorySegment header = MemorySegment.ofArray(new long[(int) HEADER_LENGTH / 8]).asSlice(0, buffer.position());
            MemorySegment.copy(MemorySegment.ofArray(buffer.array()), 0, header, 0, buffer.position());
            return MappedQueueDescriptor.check(path, header, size);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no mapped queue file at " + path, e);
        } catch (AccessDeniedException e) {
            throw new UncheckedIOException("cannot read the header of " + path + ": permission denied", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the header of " + path + ": " + e.getMessage(), e);
        }
    }

    /** Refuses anything but a regular file (symbolic links are followed), naming what it is. */
    static void checkRegularFile(Path path) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no mapped queue file at " + path, e);
        } catch (AccessDeniedException e) {
            throw new UncheckedIOException("cannot look at " + path + ": permission denied", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look at " + path + ": " + e, e);
        }
        if (!attributes.isRegularFile()) {
            throw new IllegalArgumentException(path + " is " + kind(path, attributes)
                    + ", not a regular file: a mapped queue is a regular file");
        }
    }

    private static String kind(Path path, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> "a FIFO (named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file (mode 0" + Integer.toOctalString(type) + ")";
            };
        } catch (IOException | RuntimeException e) {
            return "a special file";
        }
    }

    private static void closeQuietly(MappedFile file, Throwable t) {
        try {
            file.close();
        } catch (Throwable cleanup) {
            t.addSuppressed(cleanup);
        }
    }

    private static void deleteQuietly(Path path, Throwable t) {
        try {
            Files.deleteIfExists(path);
        } catch (Throwable cleanup) {
            t.addSuppressed(cleanup);
        }
    }

    /** The mapped header must say what the file read said, and fit this process and the file's size. */
    private static QueueFile validated(MappedFile file, MappedQueueDescriptor.Fields read) {
        QueueFile early = new QueueFile(file, read);
        // The count before the size: a live writer grows the file before it counts the chunk.
        long chunkCount = early.lvLong(CHUNK_COUNT_OFFSET);
        int writerState = early.lvInt(WRITER_STATE_OFFSET);
        long size = file.fileSize();
        MappedQueueDescriptor.Fields mapped = MappedQueueDescriptor.check(file.path(), file.header(), size);
        if (!mapped.equals(read)) {
            throw new IllegalStateException(file.path() + " changed while it was being opened: " + read + " then " + mapped);
        }
        if (mapped.headerBytes() != file.headerBytes()) {
            throw new IllegalArgumentException(file.path() + " was made with a " + mapped.headerBytes()
                    + "-byte header page; this process's page is " + file.headerBytes());
        }
        MappedQueueDescriptor.checkPositions(file.path(), mapped, chunkCount, writerState, size);
        return early;
    }
}
