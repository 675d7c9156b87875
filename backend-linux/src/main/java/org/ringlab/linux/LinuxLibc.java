package org.ringlab.linux;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Set;

import org.ringlab.api.FaultHooks;
import org.ringlab.api.NativeCallException;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The module's only bindings to libc (glibc, Linux x86-64 / AArch64): one downcall handle per
 * function, errno captured per call into a per-thread segment, and every failure turned into
 * a {@link NativeCallException} naming the call, the errno and {@code strerror(errno)}.
 *
 * <p>Each wrapper consults {@link LinuxFaults} first (one volatile read when nothing is armed),
 * so tests can make any call fail. The libc functions used here report failure as -1
 * ({@code MAP_FAILED} is {@code (void *) -1}) or, for {@code malloc} and {@code realloc}, as
 * NULL, which {@link #invoke} checks once for all; {@code free} cannot fail.
 */
@SuppressWarnings("restricted") // binding native code is this class's job
final class LinuxLibc {

    // Values from the asm-generic headers, shared by x86-64 and AArch64 (not by e.g. MIPS or PowerPC).
    static final int PROT_NONE = 0;
    static final int PROT_READ = 1;
    static final int PROT_WRITE = 2;
    static final int MAP_SHARED = 0x01;
    static final int MAP_PRIVATE = 0x02;
    static final int MAP_FIXED = 0x10;
    static final int MAP_ANONYMOUS = 0x20;
    static final int MAP_NORESERVE = 0x4000;
    /** Like MAP_FIXED but fails with EEXIST instead of replacing a mapping (Linux 4.17+). */
    static final int MAP_FIXED_NOREPLACE = 0x100000;
    static final int MFD_CLOEXEC = 1;
    static final int O_RDWR = 02;
    static final int O_CREAT = 0100;
    static final int O_EXCL = 0200;
    static final int O_CLOEXEC = 02000000;
    static final int SEEK_END = 2;
    static final int SC_PAGESIZE = 30;
    static final int MREMAP_MAYMOVE = 1;
    static final int MADV_NORMAL = 0;
    static final int MADV_SEQUENTIAL = 2;
    static final int MADV_WILLNEED = 3;
    static final int MADV_DONTNEED = 4;
    static final int ENOENT = 2;
    static final int ENOMEM = 12;
    static final int EEXIST = 17;
    static final int EINVAL = 22;

    private static final Set<String> ARCHITECTURES = Set.of("amd64", "x86_64", "aarch64");

    private static final StructLayout CAPTURE_LAYOUT;
    private static final VarHandle ERRNO;

    private static final MethodHandle MEMFD_CREATE;
    private static final MethodHandle FTRUNCATE;
    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    private static final MethodHandle CLOSE;
    private static final MethodHandle SHM_OPEN;
    private static final MethodHandle SHM_UNLINK;
    private static final MethodHandle MKSTEMP;
    private static final MethodHandle UNLINK;
    private static final MethodHandle OPEN;
    private static final MethodHandle LSEEK;
    private static final MethodHandle SYSCONF;
    private static final MethodHandle STRERROR;
    private static final MethodHandle MREMAP;
    private static final MethodHandle MADVISE;
    private static final MethodHandle FALLOCATE;
    private static final MethodHandle MALLOC;
    private static final MethodHandle REALLOC;
    private static final MethodHandle FREE;
    private static final MethodHandle MPROTECT;

    static {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!os.startsWith("Linux") || !ARCHITECTURES.contains(arch)) {
            throw new UnsupportedOperationException("libc bindings need Linux on x86-64 or AArch64, this is "
                    + os + " on " + arch);
        }
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
        ERRNO = CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        AddressLayout ptr = ADDRESS;

        MEMFD_CREATE = bind(linker, libc, "memfd_create", FunctionDescriptor.of(JAVA_INT, ptr, JAVA_INT), errno);
        FTRUNCATE = bind(linker, libc, "ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), errno);
        MMAP = bind(linker, libc, "mmap",
                FunctionDescriptor.of(ptr, ptr, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG), errno);
        MUNMAP = bind(linker, libc, "munmap", FunctionDescriptor.of(JAVA_INT, ptr, JAVA_LONG), errno);
        CLOSE = bind(linker, libc, "close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
        SHM_OPEN = bind(linker, libc, "shm_open", FunctionDescriptor.of(JAVA_INT, ptr, JAVA_INT, JAVA_INT), errno);
        SHM_UNLINK = bind(linker, libc, "shm_unlink", FunctionDescriptor.of(JAVA_INT, ptr), errno);
        MKSTEMP = bind(linker, libc, "mkstemp", FunctionDescriptor.of(JAVA_INT, ptr), errno);
        UNLINK = bind(linker, libc, "unlink", FunctionDescriptor.of(JAVA_INT, ptr), errno);
        // open(path, flags, ...): the mode is variadic.
        OPEN = bind(linker, libc, "open", FunctionDescriptor.of(JAVA_INT, ptr, JAVA_INT, JAVA_INT),
                errno, Linker.Option.firstVariadicArg(2));
        LSEEK = bind(linker, libc, "lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), errno);
        SYSCONF = bind(linker, libc, "sysconf", FunctionDescriptor.of(JAVA_LONG, JAVA_INT), errno);
        STRERROR = bind(linker, libc, "strerror", FunctionDescriptor.of(ptr, JAVA_INT));
        // mremap(old, old_size, new_size, flags, ...): new_address is variadic.
        MREMAP = bind(linker, libc, "mremap",
                FunctionDescriptor.of(ptr, ptr, JAVA_LONG, JAVA_LONG, JAVA_INT, ptr),
                errno, Linker.Option.firstVariadicArg(4));
        MADVISE = bind(linker, libc, "madvise", FunctionDescriptor.of(JAVA_INT, ptr, JAVA_LONG, JAVA_INT), errno);
        FALLOCATE = bind(linker, libc, "fallocate",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), errno);
        MALLOC = bind(linker, libc, "malloc", FunctionDescriptor.of(ptr, JAVA_LONG), errno);
        REALLOC = bind(linker, libc, "realloc", FunctionDescriptor.of(ptr, ptr, JAVA_LONG), errno);
        FREE = bind(linker, libc, "free", FunctionDescriptor.ofVoid(ptr));
        MPROTECT = bind(linker, libc, "mprotect", FunctionDescriptor.of(JAVA_INT, ptr, JAVA_LONG, JAVA_INT), errno);
    }

    // Read once, after the handles exist; a test fault must not turn into a broken class.
    private static final long PAGE_SIZE = LinuxFaults.withoutFaults(() -> sysconf(SC_PAGESIZE));

    private LinuxLibc() {
    }

    /** A file made by {@code mkstemp}: its descriptor and the name the template became. */
    record TempFile(int fd, String path) {
    }

    /** The page size, from {@code sysconf(_SC_PAGESIZE)}. */
    static long pageSize() {
        return PAGE_SIZE;
    }

    static long sysconf(int name) {
        return invoke("sysconf", "sysconf(" + name + ")", (c, m) -> (long) SYSCONF.invokeExact(c, name));
    }

    static int memfdCreate(String name, int flags) {
        return (int) invoke("memfd_create", "memfd_create", (c, m) -> {
            try (Arena arena = Arena.ofConfined()) {
                return (int) MEMFD_CREATE.invokeExact(c, arena.allocateFrom(name), flags);
            }
        });
    }

    static void ftruncate(int fd, long length) {
        invoke("ftruncate", "ftruncate", (c, m) -> (int) FTRUNCATE.invokeExact(c, fd, length));
    }

    /**
     * {@code mmap}; {@code call} says which of several it is. A test fault may misplace a
     * mapping that asks for an address: the kernel then chooses where it goes.
     */
    static long mmap(String call, long address, long length, int prot, int flags, int fd, long offset) {
        return invoke("mmap", call, (c, misplace) -> {
            boolean moved = misplace && address != 0;
            MemorySegment result = (MemorySegment) MMAP.invokeExact(c,
                    MemorySegment.ofAddress(moved ? 0 : address), length, prot,
                    moved ? flags & ~MAP_FIXED : flags, fd, offset);
            return result.address();
        });
    }

    static void munmap(String call, long address, long length) {
        invoke("munmap", call, (c, m) -> (int) MUNMAP.invokeExact(c, MemorySegment.ofAddress(address), length));
    }

    /** Linux releases the descriptor even when close reports an error: never retry. */
    static void close(int fd) {
        invoke("close", "close", (c, m) -> (int) CLOSE.invokeExact(c, fd));
    }

    static int shmOpen(String name, int flags, int mode) {
        return (int) invoke("shm_open", "shm_open(" + name + ")", (c, m) -> {
            try (Arena arena = Arena.ofConfined()) {
                return (int) SHM_OPEN.invokeExact(c, arena.allocateFrom(name), flags, mode);
            }
        });
    }

    static void shmUnlink(String name) {
        invoke("shm_unlink", "shm_unlink(" + name + ")", (c, m) -> {
            try (Arena arena = Arena.ofConfined()) {
                return (int) SHM_UNLINK.invokeExact(c, arena.allocateFrom(name));
            }
        });
    }

    /** {@code mkstemp(template)}: a new file (mode 0600), its descriptor and its name. */
    static TempFile mkstemp(String template) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocateFrom(template); // mkstemp rewrites the XXXXXX in place
            int fd = (int) invoke("mkstemp", "mkstemp(" + template + ")",
                    (c, m) -> (int) MKSTEMP.invokeExact(c, buffer));
            return new TempFile(fd, buffer.getString(0));
        }
    }

    static void unlink(String path) {
        invoke("unlink", "unlink(" + path + ")", (c, m) -> {
            try (Arena arena = Arena.ofConfined()) {
                return (int) UNLINK.invokeExact(c, arena.allocateFrom(path));
            }
        });
    }

    static int open(String call, String path, int flags, int mode) {
        return (int) invoke("open", call, (c, m) -> {
            try (Arena arena = Arena.ofConfined()) {
                return (int) OPEN.invokeExact(c, arena.allocateFrom(path), flags, mode);
            }
        });
    }

    /** The size of the file behind {@code fd}, by seeking to its end (mappings ignore the offset). */
    static long fileSize(int fd) {
        return invoke("lseek", "lseek(SEEK_END)", (c, m) -> (long) LSEEK.invokeExact(c, fd, 0L, SEEK_END));
    }

    /** {@code mremap}; {@code newAddress} is used only with {@code MREMAP_FIXED}. */
    static long mremap(String call, long oldAddress, long oldSize, long newSize, int flags, long newAddress) {
        return invoke("mremap", call, (c, m) -> ((MemorySegment) MREMAP.invokeExact(c,
                MemorySegment.ofAddress(oldAddress), oldSize, newSize, flags,
                MemorySegment.ofAddress(newAddress))).address());
    }

    static void madvise(String call, long address, long length, int advice) {
        invoke("madvise", call, (c, m) -> (int) MADVISE.invokeExact(c, MemorySegment.ofAddress(address), length,
                advice));
    }

    static void fallocate(int fd, int mode, long offset, long length) {
        invoke("fallocate", "fallocate", (c, m) -> (int) FALLOCATE.invokeExact(c, fd, mode, offset, length));
    }

    /** {@code malloc(size)}; fails (NULL, errno ENOMEM) rather than returning no memory. */
    static long malloc(long size) {
        return invoke("malloc", "malloc(" + size + ")", NULL_ON_FAILURE,
                (c, m) -> ((MemorySegment) MALLOC.invokeExact(c, size)).address());
    }

    /**
     * {@code realloc(address, size)}: the new address, which may differ (the old block is then
     * freed by libc). On failure the old block is untouched and still owned by the caller.
     */
    static long realloc(long address, long size) {
        return invoke("realloc", "realloc(" + size + ")", NULL_ON_FAILURE,
                (c, m) -> ((MemorySegment) REALLOC.invokeExact(c, MemorySegment.ofAddress(address), size)).address());
    }

    /** {@code free(address)}: cannot fail, so it neither captures errno nor consults fault hooks. */
    static void free(long address) {
        try {
            FREE.invokeExact(MemorySegment.ofAddress(address));
        } catch (Throwable t) {
            throw new IllegalStateException("free: downcall failed: " + t, t);
        }
    }

    static void mprotect(String call, long address, long length, int prot) {
        invoke("mprotect", call, (c, m) -> (int) MPROTECT.invokeExact(c, MemorySegment.ofAddress(address), length, prot));
    }

    /** {@code strerror(errno)}; never fails (glibc keeps unknown numbers' text per thread). */
    static String strerror(int errno) {
        try {
            MemorySegment text = (MemorySegment) STRERROR.invokeExact(errno);
            return text.equals(MemorySegment.NULL) ? "errno " + errno : text.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            return "errno " + errno + " (strerror failed: " + t + ")";
        }
    }

    // ---- Mapped-file queue (issue 6): prefault flags, per-thread fault counts, CPU pinning. ----

    static final int MAP_POPULATE = 0x8000;
    static final int O_RDONLY = 0;
    /** Issue 14: open a FIFO without blocking (it is then refused as not a regular file). */
    static final int O_NONBLOCK = 04000;
    static final int ENOSPC = 28;
    static final int MADV_HUGEPAGE = 14;
    /** Linux 5.14+: populate (write-fault) the range without touching it from user space. */
    static final int MADV_POPULATE_WRITE = 23;
    /** Linux 5.14+: populate (read-fault) the range; for read-only mappings. */
    static final int MADV_POPULATE_READ = 22;
    static final int RUSAGE_SELF = 0;
    static final int RUSAGE_THREAD = 1;
    /** {@code struct timeval} of x86-64 Linux. */
    private static final StructLayout TIMEVAL = MemoryLayout.structLayout(JAVA_LONG.withName("tv_sec"),
            JAVA_LONG.withName("tv_usec"));
    /** {@code struct rusage} of x86-64 Linux: two timevals, then fourteen longs (144 bytes). */
    static final StructLayout RUSAGE = MemoryLayout.structLayout(TIMEVAL.withName("ru_utime"),
            TIMEVAL.withName("ru_stime"), JAVA_LONG.withName("ru_maxrss"), JAVA_LONG.withName("ru_ixrss"),
            JAVA_LONG.withName("ru_idrss"), JAVA_LONG.withName("ru_isrss"), JAVA_LONG.withName("ru_minflt"),
            JAVA_LONG.withName("ru_majflt"), JAVA_LONG.withName("ru_nswap"), JAVA_LONG.withName("ru_inblock"),
            JAVA_LONG.withName("ru_oublock"), JAVA_LONG.withName("ru_msgsnd"), JAVA_LONG.withName("ru_msgrcv"),
            JAVA_LONG.withName("ru_nsignals"), JAVA_LONG.withName("ru_nvcsw"), JAVA_LONG.withName("ru_nivcsw"))
            .withName("rusage");
    private static final long RU_MINFLT_OFFSET = RUSAGE.byteOffset(MemoryLayout.PathElement.groupElement("ru_minflt"));
    private static final long RU_MAJFLT_OFFSET = RUSAGE.byteOffset(MemoryLayout.PathElement.groupElement("ru_majflt"));
    /** {@code cpu_set_t} of glibc: 1024 bits, as sixteen longs. */
    static final MemoryLayout CPU_SET = MemoryLayout.sequenceLayout(16, JAVA_LONG).withName("cpu_set_t");
    static final int CPU_SET_BYTES = (int) CPU_SET.byteSize();
    /** Per thread, reused by every getrusage of that thread: no allocation on the paths a benchmark times. */
    private static final ThreadLocal<MemorySegment> RUSAGE_BUFFER =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(RUSAGE));

    private static final MethodHandle GETRUSAGE;
    private static final MethodHandle SCHED_SETAFFINITY;
    private static final MethodHandle SCHED_GETAFFINITY;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        GETRUSAGE = bind(linker, libc, "getrusage", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), errno);
        SCHED_SETAFFINITY = bind(linker, libc, "sched_setaffinity",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
        SCHED_GETAFFINITY = bind(linker, libc, "sched_getaffinity",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
    }

    /** Minor and major page faults of {@code who} ({@link #RUSAGE_THREAD}: the calling thread). */
    record Faults(long minor, long major) {
    }

    static Faults getrusage(int who) {
        MemorySegment usage = RUSAGE_BUFFER.get();
        invoke("getrusage", "getrusage", (c, m) -> (int) GETRUSAGE.invokeExact(c, who, usage));
        return new Faults(usage.get(JAVA_LONG, RU_MINFLT_OFFSET), usage.get(JAVA_LONG, RU_MAJFLT_OFFSET));
    }

    /** Pins thread {@code tid} (0: the calling thread) to the CPUs whose bits are set in {@code mask}. */
    static void schedSetaffinity(int tid, MemorySegment mask) {
        invoke("sched_setaffinity", "sched_setaffinity", (c, m) -> (int) SCHED_SETAFFINITY.invokeExact(c, tid,
                mask.byteSize(), mask));
    }

    /** Fills {@code mask} with the CPUs thread {@code tid} (0: the calling thread) may run on. */
    static void schedGetaffinity(int tid, MemorySegment mask) {
        invoke("sched_getaffinity", "sched_getaffinity", (c, m) -> (int) SCHED_GETAFFINITY.invokeExact(c, tid,
                mask.byteSize(), mask));
    }

    // ---- end of the mapped-file queue bindings. ----

    /** One downcall; {@code misplace} is set when a test fault asks to misplace a mapping. */
    @FunctionalInterface
    private interface Downcall {
        long call(MemorySegment capture, boolean misplace) throws Throwable;
    }

    /**
     * Per thread: the segment errno is captured into, reused by every call of that thread (a
     * downcall never runs another one of this class before errno is read), so a call allocates
     * no arena.
     */
    private static final class PerThread {
        // A holder: initialised on the first call, after CAPTURE_LAYOUT (the class initialiser makes calls).
        static final ThreadLocal<MemorySegment> CAPTURE =
                ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE_LAYOUT));
    }

    /** Failure value of the calls that return -1 ({@code MAP_FAILED} included). */
    private static final long MINUS_ONE_ON_FAILURE = -1;
    /** Failure value of the allocator calls, which return NULL. */
    private static final long NULL_ON_FAILURE = 0;

    private static long invoke(String function, String call, Downcall downcall) {
        return invoke(function, call, MINUS_ONE_ON_FAILURE, downcall);
    }

    private static long invoke(String function, String call, long failureValue, Downcall downcall) {
        FaultHooks.Fault fault = LinuxFaults.consult(function, call);
        boolean fail = fault != null && !fault.misplaces();
        // close releases the descriptor even when it fails, so its injected failure comes after the real call.
        boolean failAfter = fail && function.equals("close");
        if (fail && !failAfter) {
            throw failure(call, fault.errno());
        }
        long result;
        int errno;
        try {
            MemorySegment capture = PerThread.CAPTURE.get();
            result = downcall.call(capture, fault != null && fault.misplaces());
            errno = (int) ERRNO.get(capture, 0L);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(call + ": downcall failed: " + t, t);
        }
        if (result == failureValue) {
            throw failure(call, errno);
        }
        if (failAfter) {
            throw failure(call, fault.errno());
        }
        return result;
    }

    private static NativeCallException failure(String call, int errno) {
        return new NativeCallException(call, errno, strerror(errno));
    }

    private static MethodHandle bind(Linker linker, SymbolLookup libc, String name, FunctionDescriptor descriptor,
                                     Linker.Option... options) {
        MemorySegment symbol = libc.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libc has no symbol " + name));
        return linker.downcallHandle(symbol, descriptor, options);
    }
}
