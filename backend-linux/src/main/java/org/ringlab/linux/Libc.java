package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.Set;
import java.util.function.Consumer;

import org.ringlab.api.NativeCallException;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The libc calls ringlab makes (glibc, Linux x86-64 / AArch64), as one binding interface with
 * several implementations, the shape of Elasticsearch's native access: {@link #ffm()} (FFM
 * downcalls, this module) and backend-jna's JNA binding; the mirror mapping, the mirrored and
 * growth strategies and the mapped file are written once against it. Fault injection is a
 * decorator of it ({@link FaultInjectingLibc}), so a production call pays nothing for it.
 *
 * <p>Every call that fails throws {@link NativeCallException} naming the call (with the detail
 * that tells which of several it was, {@code "mmap(MAP_FIXED view 2 of 2)"}), the errno
 * captured right after it and {@code strerror(errno)}. Pointers, {@code size_t} and
 * {@code off_t} are {@code long}s. Implementations are stateless and thread-safe, and load
 * nothing native before their first call, so a strategy can hold one from its constructor.
 */
public interface Libc {

    // Values from the asm-generic headers, shared by x86-64 and AArch64 (not by e.g. MIPS or PowerPC).
    int PROT_NONE = 0;
    int PROT_READ = 1;
    int PROT_WRITE = 2;
    int MAP_SHARED = 0x01;
    int MAP_PRIVATE = 0x02;
    int MAP_FIXED = 0x10;
    int MAP_ANONYMOUS = 0x20;
    int MAP_NORESERVE = 0x4000;
    int MAP_POPULATE = 0x8000;
    /** Like MAP_FIXED but fails with EEXIST instead of replacing a mapping (Linux 4.17+). */
    int MAP_FIXED_NOREPLACE = 0x100000;
    int MFD_CLOEXEC = 1;
    int O_RDONLY = 0;
    int O_RDWR = 02;
    int O_CREAT = 0100;
    int O_EXCL = 0200;
    /** Open a FIFO without blocking (it is then refused as not a regular file). */
    int O_NONBLOCK = 04000;
    int O_CLOEXEC = 02000000;
    int SEEK_END = 2;
    int SC_PAGESIZE = 30;
    int MREMAP_MAYMOVE = 1;
    int MADV_NORMAL = 0;
    int MADV_SEQUENTIAL = 2;
    int MADV_WILLNEED = 3;
    int MADV_DONTNEED = 4;
    int MADV_HUGEPAGE = 14;
    /** Linux 5.14+: populate (read-fault) the range; for read-only mappings. */
    int MADV_POPULATE_READ = 22;
    /** Linux 5.14+: populate (write-fault) the range without touching it from user space. */
    int MADV_POPULATE_WRITE = 23;
    int RUSAGE_SELF = 0;
    int RUSAGE_THREAD = 1;
    int ENOENT = 2;
    int ENOMEM = 12;
    int EEXIST = 17;
    int EINVAL = 22;
    int ENOSPC = 28;

    /** {@code struct timeval} of 64-bit Linux. */
    StructLayout TIMEVAL = MemoryLayout.structLayout(JAVA_LONG.withName("tv_sec"), JAVA_LONG.withName("tv_usec"));
    /** {@code struct rusage} of 64-bit Linux: two timevals, then fourteen longs (144 bytes). */
    StructLayout RUSAGE = MemoryLayout.structLayout(TIMEVAL.withName("ru_utime"),
            TIMEVAL.withName("ru_stime"), JAVA_LONG.withName("ru_maxrss"), JAVA_LONG.withName("ru_ixrss"),
            JAVA_LONG.withName("ru_idrss"), JAVA_LONG.withName("ru_isrss"), JAVA_LONG.withName("ru_minflt"),
            JAVA_LONG.withName("ru_majflt"), JAVA_LONG.withName("ru_nswap"), JAVA_LONG.withName("ru_inblock"),
            JAVA_LONG.withName("ru_oublock"), JAVA_LONG.withName("ru_msgsnd"), JAVA_LONG.withName("ru_msgrcv"),
            JAVA_LONG.withName("ru_nsignals"), JAVA_LONG.withName("ru_nvcsw"), JAVA_LONG.withName("ru_nivcsw"))
            .withName("rusage");
    long RU_MINFLT_OFFSET = RUSAGE.byteOffset(MemoryLayout.PathElement.groupElement("ru_minflt"));
    long RU_MAJFLT_OFFSET = RUSAGE.byteOffset(MemoryLayout.PathElement.groupElement("ru_majflt"));
    /** {@code cpu_set_t} of glibc: 1024 bits, as sixteen longs. */
    MemoryLayout CPU_SET = MemoryLayout.sequenceLayout(16, JAVA_LONG).withName("cpu_set_t");
    int CPU_SET_BYTES = (int) CPU_SET.byteSize();

    /**
     * Throws unless this is 64-bit Linux on x86-64 or AArch64, where the flag values above and
     * 64-bit pointers, {@code size_t} and {@code off_t} hold; a binding checks before loading.
     */
    static void requireSupportedPlatform(String binding) {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!os.startsWith("Linux") || !Set.of("amd64", "x86_64", "aarch64").contains(arch)) {
            throw new UnsupportedOperationException(binding + " needs Linux on x86-64 or AArch64, this is "
                    + os + " on " + arch);
        }
    }

    /** The FFM binding (this module); cheap: the downcall handles are made on its first call. */
    static Libc ffm() {
        return FfmLibc.INSTANCE;
    }

    /** A file made by {@code mkstemp}: its descriptor and the name the template became. */
    record TempFile(int fd, String path) {
    }

    /** Minor and major page faults, from {@code getrusage}. */
    record PageFaults(long minor, long major) {
    }

    /** The page size, from {@code sysconf(_SC_PAGESIZE)}, read once. */
    long pageSize();

    long sysconf(int name);

    int memfdCreate(String name, int flags);

    void ftruncate(int fd, long length);

    /** {@code mmap}; {@code call} says which of several it is ({@code "mmap(reserve H+2N)"}). */
    long mmap(String call, long address, long length, int prot, int flags, int fd, long offset);

    void munmap(String call, long address, long length);

    /** {@code mremap}; {@code newAddress} is used only with {@code MREMAP_FIXED}. */
    long mremap(String call, long oldAddress, long oldSize, long newSize, int flags, long newAddress);

    void madvise(String call, long address, long length, int advice);

    void mprotect(String call, long address, long length, int prot);

    void fallocate(int fd, int mode, long offset, long length);

    /** Linux releases the descriptor even when close reports an error: never retry. */
    void close(int fd);

    int shmOpen(String name, int flags, int mode);

    void shmUnlink(String name);

    /** {@code mkstemp(template)}: a new file (mode 0600), its descriptor and its name. */
    TempFile mkstemp(String template);

    void unlink(String path);

    int open(String call, String path, int flags, int mode);

    /** The size of the file behind {@code fd}, by {@code lseek(fd, 0, SEEK_END)} (mappings ignore the offset). */
    long fileSize(int fd);

    /** {@code malloc(size)}; fails (NULL, errno ENOMEM) rather than returning no memory. */
    long malloc(long size);

    /**
     * {@code realloc(address, size)}: the new address, which may differ (the old block is then
     * freed by libc). On failure the old block is untouched and still owned by the caller.
     */
    long realloc(long address, long size);

    /** {@code free(address)}: cannot fail. */
    void free(long address);

    /** Page faults of {@code who} ({@link #RUSAGE_THREAD}: the calling thread). */
    PageFaults getrusage(int who);

    /** Pins thread {@code tid} (0: the calling thread) to the CPUs set in {@code mask}, a native {@link #CPU_SET}. */
    void schedSetaffinity(int tid, MemorySegment mask);

    /** Fills {@code mask} (a native {@link #CPU_SET}) with the CPUs thread {@code tid} (0: the caller) may run on. */
    void schedGetaffinity(int tid, MemorySegment mask);

    /** {@code strerror(errno)}; never fails. */
    String strerror(int errno);

    /**
     * {@code size} bytes of native memory at {@code address} as a segment owned by
     * {@code arena}, {@code cleanup} (may be null) run when the arena closes. FFM's restricted
     * {@code MemorySegment.reinterpret}: made by the binding, whose module is the one that
     * must be granted native access (a refusal names the flag).
     */
    MemorySegment segment(long address, long size, Arena arena, Consumer<MemorySegment> cleanup);
}
