package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import org.ringlab.api.NativeCallException;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * {@link Libc} through FFM downcalls: one handle per function, made on the first call (a
 * refused native access then surfaces in the strategy's probe, not in a constructor). errno is
 * captured into a per-thread segment and C strings are copied into a per-thread buffer, so a
 * call allocates no arena; the description of a failed call is built only when it failed.
 * The libc functions used here report failure as -1 ({@code MAP_FAILED} is {@code (void *) -1})
 * or, for {@code malloc} and {@code realloc}, as NULL.
 */
@SuppressWarnings("restricted") // binding native code is this class's job
final class FfmLibc implements Libc {

    static final FfmLibc INSTANCE = new FfmLibc();

    private FfmLibc() {
    }

    /** The handles, made when the first call needs them. */
    private static final class C {
        static final StructLayout CAPTURE_LAYOUT;
        static final VarHandle ERRNO;
        static final MethodHandle MEMFD_CREATE;
        static final MethodHandle FTRUNCATE;
        static final MethodHandle MMAP;
        static final MethodHandle MUNMAP;
        static final MethodHandle CLOSE;
        static final MethodHandle SHM_OPEN;
        static final MethodHandle SHM_UNLINK;
        static final MethodHandle MKSTEMP;
        static final MethodHandle UNLINK;
        static final MethodHandle OPEN;
        static final MethodHandle LSEEK;
        static final MethodHandle SYSCONF;
        static final MethodHandle STRERROR;
        static final MethodHandle MREMAP;
        static final MethodHandle MADVISE;
        static final MethodHandle FALLOCATE;
        static final MethodHandle MALLOC;
        static final MethodHandle REALLOC;
        static final MethodHandle FREE;
        static final MethodHandle MPROTECT;
        static final MethodHandle GETRUSAGE;
        static final MethodHandle SCHED_SETAFFINITY;
        static final MethodHandle SCHED_GETAFFINITY;

        static {
            Libc.requireSupportedPlatform("the FFM libc binding");
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            Linker.Option errno = Linker.Option.captureCallState("errno");
            CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
            ERRNO = CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
            MEMFD_CREATE = bind(linker, libc, "memfd_create", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), errno);
            FTRUNCATE = bind(linker, libc, "ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), errno);
            MMAP = bind(linker, libc, "mmap",
                    FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG), errno);
            MUNMAP = bind(linker, libc, "munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG), errno);
            CLOSE = bind(linker, libc, "close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
            SHM_OPEN = bind(linker, libc, "shm_open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                    errno);
            SHM_UNLINK = bind(linker, libc, "shm_unlink", FunctionDescriptor.of(JAVA_INT, ADDRESS), errno);
            MKSTEMP = bind(linker, libc, "mkstemp", FunctionDescriptor.of(JAVA_INT, ADDRESS), errno);
            UNLINK = bind(linker, libc, "unlink", FunctionDescriptor.of(JAVA_INT, ADDRESS), errno);
            // open(path, flags, ...): the mode is variadic.
            OPEN = bind(linker, libc, "open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                    errno, Linker.Option.firstVariadicArg(2));
            LSEEK = bind(linker, libc, "lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT),
                    errno);
            SYSCONF = bind(linker, libc, "sysconf", FunctionDescriptor.of(JAVA_LONG, JAVA_INT), errno);
            STRERROR = bind(linker, libc, "strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
            // mremap(old, old_size, new_size, flags, ...): new_address is variadic.
            MREMAP = bind(linker, libc, "mremap",
                    FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS),
                    errno, Linker.Option.firstVariadicArg(4));
            MADVISE = bind(linker, libc, "madvise", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
                    errno);
            FALLOCATE = bind(linker, libc, "fallocate",
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), errno);
            MALLOC = bind(linker, libc, "malloc", FunctionDescriptor.of(ADDRESS, JAVA_LONG), errno);
            REALLOC = bind(linker, libc, "realloc", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG), errno);
            FREE = bind(linker, libc, "free", FunctionDescriptor.ofVoid(ADDRESS));
            MPROTECT = bind(linker, libc, "mprotect", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
                    errno);
            GETRUSAGE = bind(linker, libc, "getrusage", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), errno);
            SCHED_SETAFFINITY = bind(linker, libc, "sched_setaffinity",
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
            SCHED_GETAFFINITY = bind(linker, libc, "sched_getaffinity",
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
        }

        private static MethodHandle bind(Linker linker, SymbolLookup libc, String name, FunctionDescriptor descriptor,
                                         Linker.Option... options) {
            MemorySegment symbol = libc.find(name)
                    .orElseThrow(() -> new UnsatisfiedLinkError("libc has no symbol " + name));
            return linker.downcallHandle(symbol, descriptor, options);
        }

        static final long PAGE_SIZE = pageSizeOnce();

        private static long pageSizeOnce() {
            try {
                long size = (long) SYSCONF.invokeExact(Arena.ofAuto().allocate(CAPTURE_LAYOUT), SC_PAGESIZE);
                if (size <= 0) {
                    throw new IllegalStateException("sysconf(_SC_PAGESIZE) returned " + size);
                }
                return size;
            } catch (Throwable t) {
                throw new ExceptionInInitializerError(t);
            }
        }
    }

    /** Bytes of the per-thread C string buffer: PATH_MAX; a longer string gets an arena of its own. */
    private static final int STRING_BYTES = 4096;

    /**
     * Per thread and reused by every call of that thread (a call never runs another before it
     * has read its results): the errno capture segment, the C string buffer, the rusage struct.
     */
    private static final class PerThread {
        final MemorySegment capture;
        final MemorySegment string;
        final MemorySegment rusage;

        PerThread() {
            Arena arena = Arena.ofAuto();
            capture = arena.allocate(C.CAPTURE_LAYOUT);
            string = arena.allocate(STRING_BYTES);
            rusage = arena.allocate(RUSAGE);
        }

        static final ThreadLocal<PerThread> CURRENT = ThreadLocal.withInitial(PerThread::new);
    }

    private static MemorySegment capture() {
        return PerThread.CURRENT.get().capture;
    }

    private static int errno(MemorySegment capture) {
        return (int) C.ERRNO.get(capture, 0L);
    }

    /** {@code s} as a NUL-terminated string in this thread's buffer, or in {@code spill} when longer. */
    private static MemorySegment cString(String s, Arena spill) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        MemorySegment buffer = bytes.length < STRING_BYTES ? PerThread.CURRENT.get().string
                : spill.allocate(bytes.length + 1L);
        MemorySegment.copy(bytes, 0, buffer, JAVA_BYTE, 0, bytes.length);
        buffer.set(JAVA_BYTE, bytes.length, (byte) 0);
        return buffer;
    }

    @Override
    public long pageSize() {
        return C.PAGE_SIZE;
    }

    @Override
    public long sysconf(int name) {
        MemorySegment c = capture();
        long r;
        try {
            r = (long) C.SYSCONF.invokeExact(c, name);
        } catch (Throwable t) {
            throw downcallFailed("sysconf", t);
        }
        return r != -1 ? r : fail("sysconf(" + name + ")", c);
    }

    @Override
    public int memfdCreate(String name, int flags) {
        MemorySegment c = capture();
        int r;
        try (Arena spill = Arena.ofConfined()) {
            r = (int) C.MEMFD_CREATE.invokeExact(c, cString(name, spill), flags);
        } catch (Throwable t) {
            throw downcallFailed("memfd_create", t);
        }
        return r != -1 ? r : (int) fail("memfd_create", c);
    }

    @Override
    public void ftruncate(int fd, long length) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.FTRUNCATE.invokeExact(c, fd, length);
        } catch (Throwable t) {
            throw downcallFailed("ftruncate", t);
        }
        check(r, "ftruncate", c);
    }

    @Override
    public long mmap(String call, long address, long length, int prot, int flags, int fd, long offset) {
        MemorySegment c = capture();
        long r;
        try {
            r = ((MemorySegment) C.MMAP.invokeExact(c, MemorySegment.ofAddress(address), length, prot, flags, fd,
                    offset)).address();
        } catch (Throwable t) {
            throw downcallFailed(call, t);
        }
        return r != -1 ? r : fail(call, c);
    }

    @Override
    public void munmap(String call, long address, long length) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.MUNMAP.invokeExact(c, MemorySegment.ofAddress(address), length);
        } catch (Throwable t) {
            throw downcallFailed(call, t);
        }
        check(r, call, c);
    }

    @Override
    public long mremap(String call, long oldAddress, long oldSize, long newSize, int flags, long newAddress) {
        MemorySegment c = capture();
        long r;
        try {
            r = ((MemorySegment) C.MREMAP.invokeExact(c, MemorySegment.ofAddress(oldAddress), oldSize, newSize, flags,
                    MemorySegment.ofAddress(newAddress))).address();
        } catch (Throwable t) {
            throw downcallFailed(call, t);
        }
        return r != -1 ? r : fail(call, c);
    }

    @Override
    public void madvise(String call, long address, long length, int advice) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.MADVISE.invokeExact(c, MemorySegment.ofAddress(address), length, advice);
        } catch (Throwable t) {
            throw downcallFailed(call, t);
        }
        check(r, call, c);
    }

    @Override
    public void mprotect(String call, long address, long length, int prot) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.MPROTECT.invokeExact(c, MemorySegment.ofAddress(address), length, prot);
        } catch (Throwable t) {
            throw downcallFailed(call, t);
        }
        check(r, call, c);
    }

    @Override
    public void fallocate(int fd, int mode, long offset, long length) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.FALLOCATE.invokeExact(c, fd, mode, offset, length);
        } catch (Throwable t) {
            throw downcallFailed("fallocate", t);
        }
        check(r, "fallocate", c);
    }

    @Override
    public void close(int fd) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.CLOSE.invokeExact(c, fd);
        } catch (Throwable t) {
            throw downcallFailed("close", t);
        }
        check(r, "close", c);
    }

    @Override
    public int shmOpen(String name, int flags, int mode) {
        MemorySegment c = capture();
        int r;
        try (Arena spill = Arena.ofConfined()) {
            r = (int) C.SHM_OPEN.invokeExact(c, cString(name, spill), flags, mode);
        } catch (Throwable t) {
            throw downcallFailed("shm_open", t);
        }
        return r != -1 ? r : (int) fail("shm_open(" + name + ")", c);
    }

    @Override
    public void shmUnlink(String name) {
        MemorySegment c = capture();
        int r;
        try (Arena spill = Arena.ofConfined()) {
            r = (int) C.SHM_UNLINK.invokeExact(c, cString(name, spill));
        } catch (Throwable t) {
            throw downcallFailed("shm_unlink", t);
        }
        check(r, "shm_unlink(" + name + ")", c);
    }

    @Override
    public TempFile mkstemp(String template) {
        MemorySegment c = capture();
        try (Arena spill = Arena.ofConfined()) {
            MemorySegment buffer = cString(template, spill); // mkstemp rewrites the XXXXXX in place
            int fd;
            try {
                fd = (int) C.MKSTEMP.invokeExact(c, buffer);
            } catch (Throwable t) {
                throw downcallFailed("mkstemp", t);
            }
            if (fd == -1) {
                fail("mkstemp(" + template + ")", c);
            }
            return new TempFile(fd, buffer.getString(0));
        }
    }

    @Override
    public void unlink(String path) {
        MemorySegment c = capture();
        int r;
        try (Arena spill = Arena.ofConfined()) {
            r = (int) C.UNLINK.invokeExact(c, cString(path, spill));
        } catch (Throwable t) {
            throw downcallFailed("unlink", t);
        }
        check(r, "unlink(" + path + ")", c);
    }

    @Override
    public int open(String call, String path, int flags, int mode) {
        MemorySegment c = capture();
        int r;
        try (Arena spill = Arena.ofConfined()) {
            r = (int) C.OPEN.invokeExact(c, cString(path, spill), flags, mode);
        } catch (Throwable t) {
            throw downcallFailed(call, t);
        }
        return r != -1 ? r : (int) fail(call, c);
    }

    @Override
    public long fileSize(int fd) {
        MemorySegment c = capture();
        long r;
        try {
            r = (long) C.LSEEK.invokeExact(c, fd, 0L, SEEK_END);
        } catch (Throwable t) {
            throw downcallFailed("lseek", t);
        }
        return r != -1 ? r : fail("lseek(SEEK_END)", c);
    }

    @Override
    public long malloc(long size) {
        MemorySegment c = capture();
        long r;
        try {
            r = ((MemorySegment) C.MALLOC.invokeExact(c, size)).address();
        } catch (Throwable t) {
            throw downcallFailed("malloc", t);
        }
        return r != 0 ? r : fail("malloc(" + size + ")", c);
    }

    @Override
    public long realloc(long address, long size) {
        MemorySegment c = capture();
        long r;
        try {
            r = ((MemorySegment) C.REALLOC.invokeExact(c, MemorySegment.ofAddress(address), size)).address();
        } catch (Throwable t) {
            throw downcallFailed("realloc", t);
        }
        return r != 0 ? r : fail("realloc(" + size + ")", c);
    }

    @Override
    public void free(long address) {
        try {
            C.FREE.invokeExact(MemorySegment.ofAddress(address));
        } catch (Throwable t) {
            throw downcallFailed("free", t);
        }
    }

    @Override
    public PageFaults getrusage(int who) {
        PerThread thread = PerThread.CURRENT.get();
        int r;
        try {
            r = (int) C.GETRUSAGE.invokeExact(thread.capture, who, thread.rusage);
        } catch (Throwable t) {
            throw downcallFailed("getrusage", t);
        }
        check(r, "getrusage", thread.capture);
        return new PageFaults(thread.rusage.get(JAVA_LONG, RU_MINFLT_OFFSET),
                thread.rusage.get(JAVA_LONG, RU_MAJFLT_OFFSET));
    }

    @Override
    public void schedSetaffinity(int tid, MemorySegment mask) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.SCHED_SETAFFINITY.invokeExact(c, tid, mask.byteSize(), mask);
        } catch (Throwable t) {
            throw downcallFailed("sched_setaffinity", t);
        }
        check(r, "sched_setaffinity", c);
    }

    @Override
    public void schedGetaffinity(int tid, MemorySegment mask) {
        MemorySegment c = capture();
        int r;
        try {
            r = (int) C.SCHED_GETAFFINITY.invokeExact(c, tid, mask.byteSize(), mask);
        } catch (Throwable t) {
            throw downcallFailed("sched_getaffinity", t);
        }
        check(r, "sched_getaffinity", c);
    }

    /** glibc keeps unknown numbers' text per thread, so the string is read at once. */
    @Override
    public String strerror(int errno) {
        try {
            MemorySegment text = (MemorySegment) C.STRERROR.invokeExact(errno);
            return text.equals(MemorySegment.NULL) ? "errno " + errno : text.reinterpret(Long.MAX_VALUE).getString(0);
        } catch (Throwable t) {
            return "errno " + errno + " (strerror failed: " + t + ")";
        }
    }

    @Override
    public MemorySegment segment(long address, long size, Arena arena, Consumer<MemorySegment> cleanup) {
        return MemorySegment.ofAddress(address).reinterpret(size, arena, cleanup);
    }

    private void check(int result, String call, MemorySegment capture) {
        if (result == -1) {
            fail(call, capture);
        }
    }

    /** Throws the failure of {@code call} with the errno in {@code capture}; typed to end an expression. */
    private long fail(String call, MemorySegment capture) {
        int errno = errno(capture);
        throw new NativeCallException(call, errno, strerror(errno));
    }

    /** A downcall that threw: a refused native access or a broken class passes through, the rest is wrapped. */
    private static RuntimeException downcallFailed(String call, Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(call + ": downcall failed: " + t, t);
    }
}
