package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.ringlab.api.support.Cleanup;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.PrefaultPolicy;

import static org.ringlab.linux.Libc.MAP_POPULATE;
import static org.ringlab.linux.Libc.MAP_SHARED;
import static org.ringlab.linux.Libc.O_CLOEXEC;
import static org.ringlab.linux.Libc.O_CREAT;
import static org.ringlab.linux.Libc.O_EXCL;
import static org.ringlab.linux.Libc.O_NONBLOCK;
import static org.ringlab.linux.Libc.O_RDONLY;
import static org.ringlab.linux.Libc.O_RDWR;
import static org.ringlab.linux.Libc.PROT_READ;
import static org.ringlab.linux.Libc.PROT_WRITE;

/**
 * The {@code mapped-file} {@link MappedFile}: one descriptor kept open (to grow the file and
 * check its size), the header page mapped at open, and each chunk mapped on first use in an
 * arena of its own, so one chunk can be unmapped while the others stay valid.
 *
 * <pre>
 *   file   0          H            H + C          H + 2C
 *          | header   | chunk 0    | chunk 1      | ...      grows by ftruncate, one chunk at a time
 *   memory [header]   [chunk 0]    [chunk 1]                 each its own MAP_SHARED mapping and arena
 * </pre>
 *
 * <p>Mapping, growing and unmapping hold one lock; the fast path of {@link #chunk(long)}
 * reads a copy-on-write table with no lock. The background prefaulter populates under the
 * same lock, so a chunk is never unmapped under its {@code madvise}.
 */
final class ChunkedFile implements MappedFile {

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle REPORTED;

    static {
        try {
            REPORTED = MethodHandles.lookup().findVarHandle(ChunkedFile.class, "reported", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The binding of the strategy that opened this file (a fault-injecting one under test). */
    private final Libc libc;
    private final String strategyName;
    private final MappedFileSpec spec;
    private final Path path;
    private final long pageBytes;
    private final long headerBytes;
    private final long chunkBytes;
    private final boolean writable;
    private final int fd;
    private final Mapping header;
    private final Object lock = new Object();
    /** Copy-on-write: replaced (never changed in place) under {@link #lock}. */
    private volatile Mapping[] chunks = new Mapping[0];
    private final BackgroundPrefaulter prefaulter;
    private volatile boolean open = true;
    /** Written by the writer's thread with an opaque store, read by the prefaulter. */
    @SuppressWarnings("unused")
    private long reported;
    /** Read-touches land here so that the JIT cannot drop them. */
    private long touchSink;
    private boolean populateAdviceWorks = true;

    private final AtomicLong foregroundNanos = new AtomicLong();
    private final AtomicLong backgroundNanos = new AtomicLong();
    private final AtomicLong backgroundBytes = new AtomicLong();
    private final AtomicLong chunksMapped = new AtomicLong();
    private final AtomicLong growths = new AtomicLong();

    private ChunkedFile(Libc libc, String strategyName, MappedFileSpec spec, Path path, long pageBytes, int fd,
                        Mapping header) {
        this.libc = libc;
        this.strategyName = strategyName;
        this.spec = spec;
        this.path = path;
        this.pageBytes = pageBytes;
        this.headerBytes = pageBytes;
        this.chunkBytes = spec.chunkBytes();
        this.writable = spec.writable();
        this.fd = fd;
        this.header = header;
        this.prefaulter = spec.policies().contains(PrefaultPolicy.BACKGROUND)
                ? new BackgroundPrefaulter(this, spec.backgroundWindow(), pageBytes) : null;
    }

    /** Opens or creates the file of {@code spec}; on failure nothing stays open, mapped or created. */
    static ChunkedFile open(Libc libc, String strategyName, MappedFileSpec spec) {
        long page = libc.pageSize();
        if (spec.chunkBytes() % page != 0) {
            throw new IllegalArgumentException(strategyName + ": chunk size " + spec.chunkBytes()
                    + " is not a multiple of the page size " + page + " (nearest allowed: "
                    + Math.max(page, spec.chunkBytes() / page * page) + " or " + Math.ceilDiv(spec.chunkBytes(), page) * page + ")");
        }
        if (spec.chunkBytes() > (1L << 40)) {
            throw new IllegalArgumentException(strategyName + ": chunk size " + spec.chunkBytes() + " is above 1 TiB");
        }
        Path path = spec.path().toAbsolutePath();
        Path dir = path.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException(strategyName + ": directory " + dir + " of " + path + " does not exist");
        }
        if (spec.policies().contains(PrefaultPolicy.HUGE)) {
            HugePages.availability(dir).ensureAvailable(strategyName + " policy 'huge' in " + dir);
        }
        if (spec.mode() != MappedFileSpec.Mode.CREATE) {
            checkRegular(strategyName, path, path); // a FIFO would block open() until a writer comes
        }
        String file = path.toString();
        int fd = -1;
        boolean created = false;
        Mapping header = null;
        try {
            switch (spec.mode()) {
                case CREATE -> {
                    fd = libc.open("open(create " + file + ")", file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
                    created = true;
                    libc.ftruncate(fd, page);
                }
                // O_NONBLOCK: should a FIFO replace the file after the check, open() returns at once
                // (and the check of what was opened refuses it); it changes nothing for a regular file.
                case OPEN_WRITE -> fd = libc.open("open(read-write " + file + ")", file,
                        O_RDWR | O_CLOEXEC | O_NONBLOCK, 0);
                case OPEN_READ -> fd = libc.open("open(read-only " + file + ")", file,
                        O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
            }
            checkRegular(strategyName, path, Path.of("/proc/self/fd", Integer.toString(fd))); // fstat of what was opened
            long size = libc.fileSize(fd);
            if (size < page) {
                throw new IllegalArgumentException(strategyName + ": " + file + " has " + size + " bytes, less than its "
                        + page + "-byte header: it is truncated or not a mapped file");
            }
            header = Mapping.map(libc, "mmap(header)", page, spec.writable() ? PROT_READ | PROT_WRITE : PROT_READ,
                    MAP_SHARED, fd, 0);
            ChunkedFile opened = new ChunkedFile(libc, strategyName, spec, path, page, fd, header);
            if (opened.prefaulter != null) {
                opened.prefaulter.start(path.getFileName().toString());
            }
            return opened;
        } catch (Throwable t) {
            int openFd = fd;
            boolean remove = created;
            Mapping mapped = header;
            Cleanup.runAll(t, () -> {
                if (mapped != null) {
                    mapped.close();
                }
            }, () -> {
                if (openFd >= 0) {
                    libc.close(openFd);
                }
            }, () -> {
                if (remove) {
                    libc.unlink(file);
                }
            });
            throw t;
        }
    }

    /**
     * Refuses anything but a regular file at {@code probe} (the path, or the opened descriptor as
     * {@code /proc/self/fd/N}: the same {@code stat}), naming what it is; never blocks.
     */
    private static void checkRegular(String strategyName, Path path, Path probe) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(probe, "unix:mode");
        } catch (java.nio.file.NoSuchFileException e) {
            return; // open() says so, with its errno
        } catch (java.nio.file.AccessDeniedException e) {
            throw new IllegalArgumentException(strategyName + ": cannot look at " + path + ": permission denied", e);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(strategyName + ": cannot look at " + path + ": " + e, e);
        }
        String kind = switch (mode & S_IFMT) {
            case S_IFREG -> null;
            case S_IFDIR -> "a directory";
            case S_IFIFO -> "a FIFO (named pipe)";
            case S_IFCHR -> "a character device";
            case S_IFBLK -> "a block device";
            case S_IFSOCK -> "a socket";
            default -> "a special file (mode 0" + Integer.toOctalString(mode & S_IFMT) + ")";
        };
        if (kind != null) {
            throw new IllegalArgumentException(strategyName + ": " + path + " is " + kind
                    + ", not a regular file; a mapped file must be a regular file");
        }
    }

    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFSOCK = 0140000;

    @Override
    public Path path() {
        return path;
    }

    @Override
    public MappedFileSpec spec() {
        return spec;
    }

    @Override
    public long headerBytes() {
        return headerBytes;
    }

    @Override
    public long chunkBytes() {
        return chunkBytes;
    }

    @Override
    public MemorySegment header() {
        ensureOpen();
        return header.segment();
    }

    @Override
    public long fileSize() {
        ensureOpen();
        return libc.fileSize(fd);
    }

    @Override
    public MemorySegment chunk(long index) {
        Mapping[] table = chunks;
        if (index >= 0 && index < table.length) {
            Mapping m = table[(int) index];
            if (m != null) {
                return m.segment();
            }
        }
        return mapChunk(index, false).segment();
    }

    @Override
    public boolean isMapped(long index) {
        Mapping[] table = chunks;
        return index >= 0 && index < table.length && table[(int) index] != null;
    }

    @Override
    public void unmap(long index) {
        checkIndex(index);
        Mapping m;
        synchronized (lock) {
            Mapping[] table = chunks;
            if (index >= table.length || table[(int) index] == null) {
                return;
            }
            m = table[(int) index];
            Mapping[] copy = table.clone();
            copy[(int) index] = null;
            chunks = copy;
            m.close();
        }
    }

    @Override
    public void reportPosition(long position) {
        // Opaque: the prefaulter needs the value eventually, not ordered with anything else.
        REPORTED.setOpaque(this, position);
    }

    long reportedPosition() {
        return (long) REPORTED.getOpaque(this);
    }

    @Override
    public long backgroundPrefaultedTo() {
        return prefaulter == null ? 0 : prefaulter.prefaultedTo();
    }

    @Override
    public PrefaultStats prefaultStats() {
        return new PrefaultStats(foregroundNanos.get(), backgroundNanos.get(), backgroundBytes.get(), chunksMapped.get(),
                growths.get());
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (!open) {
                return;
            }
            open = false; // the prefaulter sees this at its next step and ends
        }
        Cleanup.runAll(null, () -> {
            if (prefaulter != null) {
                prefaulter.stopAndJoin(); // outside the lock: its last step may be waiting for it
            }
        }, () -> {
            synchronized (lock) {
                Mapping[] table = chunks;
                chunks = new Mapping[0];
                Cleanup.runAll(null, Arrays.stream(table).filter(m -> m != null)
                        .map(m -> (Runnable) m::close).toArray(Runnable[]::new));
            }
        }, header::close, () -> libc.close(fd));
    }

    @Override
    public String toString() {
        return strategyName + " " + path + " (" + spec.mode() + ", " + PrefaultPolicy.describe(spec.policies()) + ")";
    }

    // ---- mapping ----

    /** Maps chunk {@code index}, growing the file first if writable, then runs the prefault steps in order. */
    private Mapping mapChunk(long index, boolean byPrefaulter) {
        checkIndex(index);
        long t0 = System.nanoTime();
        synchronized (lock) {
            ensureOpen();
            Mapping[] table = chunks;
            if (index < table.length && table[(int) index] != null) {
                return table[(int) index];
            }
            long offset = headerBytes + index * chunkBytes;
            long needed = offset + chunkBytes;
            long size = libc.fileSize(fd);
            if (size < needed) {
                if (!writable) {
                    throw new IllegalStateException(strategyName + ": chunk " + index + " needs " + path + " to have "
                            + needed + " bytes but it has " + size + " (not written yet, or truncated)");
                }
                checkSpace(index, needed - size);
                libc.ftruncate(fd, needed); // only ever grows: size < needed was just checked
                growths.incrementAndGet();
            }
            Mapping m = null;
            try {
                for (PrefaultPolicy p : spec.policies()) {
                    if (m == null && p.needsMapping()) {
                        m = mapRange(index, offset, p == PrefaultPolicy.POPULATE);
                    }
                    apply(p, m, offset, index);
                }
                if (m == null) {
                    m = mapRange(index, offset, false);
                }
            } catch (Throwable t) {
                Mapping partial = m;
                Cleanup.runAll(t, () -> {
                    if (partial != null) {
                        partial.close();
                    }
                });
                throw t;
            }
            int length = index < table.length ? table.length
                    : (int) Math.min(Integer.MAX_VALUE - 8, Math.max(index + 1, table.length * 2L));
            Mapping[] copy = Arrays.copyOf(table, length);
            copy[(int) index] = m;
            chunks = copy; // publishes the mapping to the lock-free fast path
            chunksMapped.incrementAndGet();
            (byPrefaulter ? backgroundNanos : foregroundNanos).addAndGet(System.nanoTime() - t0);
            return m;
        }
    }

    private Mapping mapRange(long index, long offset, boolean populate) {
        return Mapping.map(libc, "mmap(chunk " + index + (populate ? ", MAP_POPULATE)" : ")"), chunkBytes,
                writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED | (populate ? MAP_POPULATE : 0), fd, offset);
    }

    /** One prefault step on chunk {@code index} (file range at {@code offset}, mapping {@code m}). */
    private void apply(PrefaultPolicy policy, Mapping m, long offset, long index) {
        switch (policy) {
            case NONE, POPULATE, BACKGROUND -> {
                // POPULATE is the mapping's flag; BACKGROUND is the prefaulter's job.
            }
            case PREALLOC -> {
                try {
                    libc.fallocate(fd, 0, offset, chunkBytes);
                } catch (NativeCallException e) {
                    if (e.errno() == Libc.ENOSPC) {
                        throw new IllegalStateException(strategyName + ": " + path + ": no space left on device: 'prealloc'"
                                + " could not reserve the " + chunkBytes + " bytes of chunk " + index + " (" + e.getMessage()
                                + ")", e);
                    }
                    throw e;
                }
            }
            case MANUAL -> touch(m.segment(), 0, chunkBytes);
            case WILLNEED -> libc.madvise("madvise(MADV_WILLNEED chunk " + index + ")", m.address(), chunkBytes,
                    Libc.MADV_WILLNEED);
            case SEQUENTIAL -> libc.madvise("madvise(MADV_SEQUENTIAL chunk " + index + ")", m.address(),
                    chunkBytes, Libc.MADV_SEQUENTIAL);
            case HUGE -> libc.madvise("madvise(MADV_HUGEPAGE chunk " + index + ")", m.address(), chunkBytes,
                    Libc.MADV_HUGEPAGE);
        }
    }

    /**
     * Refuses to grow the file by {@code bytes} for chunk {@code index} when its file system has
     * less free ({@code statvfs}): the writer would fault on a page nobody can allocate, a
     * {@code SIGBUS} that looks like a truncation. A check, not a reservation ({@code prealloc}
     * reserves): another process may still take the space meanwhile.
     */
    private void checkSpace(long index, long bytes) {
        long usable;
        try {
            java.nio.file.FileStore store = fileStore;
            if (store == null) {
                store = Files.getFileStore(path);
                fileStore = store;
            }
            usable = store.getUsableSpace();
        } catch (java.io.IOException | RuntimeException e) {
            return; // unknown: the fault, if it comes, is still diagnosed by the queue
        }
        if (usable < bytes) {
            throw new IllegalStateException(strategyName + ": " + path + ": no space left on device: chunk " + index
                    + " needs " + bytes + " more bytes but the file system has " + usable + " free");
        }
    }

    /** Found on the first growth (a look-up of the mount table), then asked for free space ({@code statvfs}). */
    private java.nio.file.FileStore fileStore;

    /**
     * Faults every page of {@code [from, from + length)} in: an atomic add of zero where
     * writable (a write fault that changes no byte, so it is safe on pages a writer is
     * filling), a load where read-only.
     */
    private void touch(MemorySegment segment, long from, long length) {
        long sink = 0;
        for (long off = from, end = from + length; off < end; off += pageBytes) {
            if (writable) {
                LONG.getAndAdd(segment, off, 0L);
            } else {
                sink += (long) LONG.get(segment, off);
            }
        }
        touchSink += sink;
    }

    /**
     * For the prefaulter: populates {@code [from, from + length)} of chunk {@code index},
     * mapping (and growing) it first. Returns false when a read-only file has no such chunk
     * yet. Holds the lock while it populates, so the chunk cannot be unmapped meanwhile.
     */
    boolean populateAhead(long index, long from, long length) {
        if (!isMapped(index)) {
            if (!writable && libc.fileSize(fd) < headerBytes + (index + 1) * chunkBytes) {
                return false;
            }
            mapChunk(index, true);
        }
        long t0 = System.nanoTime();
        synchronized (lock) {
            ensureOpen();
            Mapping[] table = chunks;
            Mapping m = index < table.length ? table[(int) index] : null;
            if (m == null) {
                return true; // unmapped meanwhile: the writer is past it
            }
            if (populateAdviceWorks) {
                try {
                    libc.madvise("madvise(MADV_POPULATE chunk " + index + ")", m.address() + from, length,
                            writable ? Libc.MADV_POPULATE_WRITE : Libc.MADV_POPULATE_READ);
                } catch (NativeCallException e) {
                    if (e.errno() != Libc.EINVAL) {
                        throw e;
                    }
                    populateAdviceWorks = false; // kernel before 5.14: touch from user space instead
                    touch(m.segment(), from, length);
                }
            } else {
                touch(m.segment(), from, length);
            }
        }
        backgroundNanos.addAndGet(System.nanoTime() - t0);
        backgroundBytes.addAndGet(length);
        return true;
    }

    long touchSink() {
        return touchSink;
    }

    private void checkIndex(long index) {
        if (index < 0 || index > Integer.MAX_VALUE - 16 || index > (Long.MAX_VALUE - headerBytes) / chunkBytes - 1) {
            throw new IllegalArgumentException("chunk index " + index + " is outside 0.."
                    + Math.min(Integer.MAX_VALUE - 16, (Long.MAX_VALUE - headerBytes) / chunkBytes - 1));
        }
    }

    private void ensureOpen() {
        if (!open) {
            throw new IllegalStateException(strategyName + " " + path + " is closed");
        }
    }

    /** One mapping owned by a shared arena: closing the arena unmaps it, once. */
    @SuppressWarnings("restricted") // wraps a raw mapping address in a bounded, arena-owned segment
    record Mapping(Arena arena, MemorySegment segment, long address, long length) implements AutoCloseable {

        static Mapping map(Libc libc, String call, long length, int prot, int flags, int fd, long offset) {
            long address = libc.mmap(call, 0, length, prot, flags, fd, offset);
            Arena arena = Arena.ofShared();
            Unmap unmap = new Unmap(libc, address, length);
            try {
                MemorySegment segment = MemorySegment.ofAddress(address).reinterpret(length, arena, unmap);
                // A write through a PROT_READ mapping would be a SIGSEGV: make it an exception instead.
                return new Mapping(arena, (prot & PROT_WRITE) == 0 ? segment.asReadOnly() : segment, address, length);
            } catch (Throwable t) {
                Cleanup.runAll(t, arena::close, unmap);
                throw t;
            }
        }

        @Override
        public void close() {
            arena.close();
        }
    }

    /** munmap at most once, whoever asks first (the arena's cleanup or a failure path). */
    private static final class Unmap implements Consumer<MemorySegment>, Runnable {
        private final Libc libc;
        private final long address;
        private final long length;
        private final AtomicBoolean done = new AtomicBoolean();

        Unmap(Libc libc, long address, long length) {
            this.libc = libc;
            this.address = address;
            this.length = length;
        }

        @Override
        public void accept(MemorySegment ignored) {
            run();
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                libc.munmap("munmap(chunk)", address, length);
            }
        }
    }
}
