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

    /**
     * What every handle shares: the linker, libc's symbols and the errno capture. The handles
     * themselves are made one by one, each in its own holder class below, on the first call of
     * that function: making all 23 at once took about 220 ms, and most processes call a few
     * (a bench child that only probes the platform and maps a ring, about 8), once each.
     */
    private static final class C {
        static final Linker LINKER;
        static final SymbolLookup LIBC;
        static final Linker.Option ERRNO_CAPTURE;
        static final StructLayout CAPTURE_LAYOUT;
        static final VarHandle ERRNO;

        static {
            Libc.requireSupportedPlatform("the FFM libc binding");
            LINKER = Linker.nativeLinker();
            LIBC = LINKER.defaultLookup();
            ERRNO_CAPTURE = Linker.Option.captureCallState("errno");
            CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
            ERRNO = CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        }

        static MethodHandle bind(String name, FunctionDescriptor descriptor, Linker.Option... options) {
            MemorySegment symbol = LIBC.find(name)
                    .orElseThrow(() -> new UnsatisfiedLinkError("libc has no symbol " + name));
            return LINKER.downcallHandle(symbol, descriptor, options);
        }
    }

    private static final class MemfdCreate {
        static final MethodHandle H = C.bind("memfd_create",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class Ftruncate {
        static final MethodHandle H = C.bind("ftruncate",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), C.ERRNO_CAPTURE);
    }

    private static final class Mmap {
        static final MethodHandle H = C.bind("mmap",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG),
                C.ERRNO_CAPTURE);
    }

    private static final class Munmap {
        static final MethodHandle H = C.bind("munmap",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG), C.ERRNO_CAPTURE);
    }

    private static final class Close {
        static final MethodHandle H = C.bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class ShmOpen {
        static final MethodHandle H = C.bind("shm_open",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class ShmUnlink {
        static final MethodHandle H = C.bind("shm_unlink", FunctionDescriptor.of(JAVA_INT, ADDRESS), C.ERRNO_CAPTURE);
    }

    private static final class Mkstemp {
        static final MethodHandle H = C.bind("mkstemp", FunctionDescriptor.of(JAVA_INT, ADDRESS), C.ERRNO_CAPTURE);
    }

    private static final class Unlink {
        static final MethodHandle H = C.bind("unlink", FunctionDescriptor.of(JAVA_INT, ADDRESS), C.ERRNO_CAPTURE);
    }

    // open(path, flags, ...): the mode is variadic.
    private static final class Open {
        static final MethodHandle H = C.bind("open",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                C.ERRNO_CAPTURE, Linker.Option.firstVariadicArg(2));
    }

    private static final class Lseek {
        static final MethodHandle H = C.bind("lseek",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class Sysconf {
        static final MethodHandle H = C.bind("sysconf", FunctionDescriptor.of(JAVA_LONG, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class Strerror {
        static final MethodHandle H = C.bind("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    // mremap(old, old_size, new_size, flags, ...): new_address is variadic.
    private static final class Mremap {
        static final MethodHandle H = C.bind("mremap",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS),
                C.ERRNO_CAPTURE, Linker.Option.firstVariadicArg(4));
    }

    private static final class Madvise {
        static final MethodHandle H = C.bind("madvise",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class Fallocate {
        static final MethodHandle H = C.bind("fallocate",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), C.ERRNO_CAPTURE);
    }

    private static final class Malloc {
        static final MethodHandle H = C.bind("malloc", FunctionDescriptor.of(ADDRESS, JAVA_LONG), C.ERRNO_CAPTURE);
    }

    private static final class Realloc {
        static final MethodHandle H = C.bind("realloc",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG), C.ERRNO_CAPTURE);
    }

    private static final class Free {
        static final MethodHandle H = C.bind("free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    private static final class Mprotect {
        static final MethodHandle H = C.bind("mprotect",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), C.ERRNO_CAPTURE);
    }

    private static final class Getrusage {
        static final MethodHandle H = C.bind("getrusage",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), C.ERRNO_CAPTURE);
    }

    private static final class SchedSetaffinity {
        static final MethodHandle H = C.bind("sched_setaffinity",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), C.ERRNO_CAPTURE);
    }

    private static final class SchedGetaffinity {
        static final MethodHandle H = C.bind("sched_getaffinity",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), C.ERRNO_CAPTURE);
    }

    private static final class PageSize {
        static final long BYTES = pageSizeOnce();

        private static long pageSizeOnce() {
            try {
                long size = (long) Sysconf.H.invokeExact(Arena.ofAuto().allocate(C.CAPTURE_LAYOUT), SC_PAGESIZE);
                if (size <= 0) {
                    throw new IllegalStateException("sysconf(_SC_PAGESIZE) returned " + size);
                }
                return size;
            } catch (Throwable t) {
                // Sysconf's own failure, unwrapped: a refused native access (IllegalCallerException)
                // stays what a later NoClassDefFoundError of this class names.
                Throwable cause = t instanceof ExceptionInInitializerError e && e.getCause() != null ? e.getCause() : t;
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                throw new ExceptionInInitializerError(cause);
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
        return PageSize.BYTES;
    }

    @Override
    public long sysconf(int name) {
        MemorySegment c = capture();
        long r;
        try {
            r = (long) Sysconf.H.invokeExact(c, name);
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
            r = (int) MemfdCreate.H.invokeExact(c, cString(name, spill), flags);
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
            r = (int) Ftruncate.H.invokeExact(c, fd, length);
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
            r = ((MemorySegment) Mmap.H.invokeExact(c, MemorySegment.ofAddress(address), length, prot, flags, fd,
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
            r = (int) Munmap.H.invokeExact(c, MemorySegment.ofAddress(address), length);
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
            r = ((MemorySegment) Mremap.H.invokeExact(c, MemorySegment.ofAddress(oldAddress), oldSize, newSize, flags,
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
            r = (int) Madvise.H.invokeExact(c, MemorySegment.ofAddress(address), length, advice);
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
            r = (int) Mprotect.H.invokeExact(c, MemorySegment.ofAddress(address), length, prot);
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
            r = (int) Fallocate.H.invokeExact(c, fd, mode, offset, length);
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
            r = (int) Close.H.invokeExact(c, fd);
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
            r = (int) ShmOpen.H.invokeExact(c, cString(name, spill), flags, mode);
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
            r = (int) ShmUnlink.H.invokeExact(c, cString(name, spill));
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
                fd = (int) Mkstemp.H.invokeExact(c, buffer);
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
            r = (int) Unlink.H.invokeExact(c, cString(path, spill));
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
            r = (int) Open.H.invokeExact(c, cString(path, spill), flags, mode);
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
            r = (long) Lseek.H.invokeExact(c, fd, 0L, SEEK_END);
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
            r = ((MemorySegment) Malloc.H.invokeExact(c, size)).address();
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
            r = ((MemorySegment) Realloc.H.invokeExact(c, MemorySegment.ofAddress(address), size)).address();
        } catch (Throwable t) {
            throw downcallFailed("realloc", t);
        }
        return r != 0 ? r : fail("realloc(" + size + ")", c);
    }

    @Override
    public void free(long address) {
        try {
            Free.H.invokeExact(MemorySegment.ofAddress(address));
        } catch (Throwable t) {
            throw downcallFailed("free", t);
        }
    }

    @Override
    public PageFaults getrusage(int who) {
        PerThread thread = PerThread.CURRENT.get();
        int r;
        try {
            r = (int) Getrusage.H.invokeExact(thread.capture, who, thread.rusage);
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
            r = (int) SchedSetaffinity.H.invokeExact(c, tid, mask.byteSize(), mask);
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
            r = (int) SchedGetaffinity.H.invokeExact(c, tid, mask.byteSize(), mask);
        } catch (Throwable t) {
            throw downcallFailed("sched_getaffinity", t);
        }
        check(r, "sched_getaffinity", c);
    }

    /** glibc keeps unknown numbers' text per thread, so the string is read at once. */
    @Override
    public String strerror(int errno) {
        try {
            MemorySegment text = (MemorySegment) Strerror.H.invokeExact(errno);
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
