package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import org.ringlab.api.NativeCallException;
import org.ringlab.linux.Libc;

/**
 * {@link Libc} through JNA's direct mapping ({@link Native#register}): static native methods
 * bound once, the fastest path JNA has, loaded on the first call. errno is read with
 * {@link Native#getLastError()} right after each call (JNA saves it per thread before any
 * other code can run); the description of a failed call is built only when it failed.
 *
 * <p>Pointers, {@code size_t} and {@code off_t} are passed as {@code long}: this class only
 * loads its natives on 64-bit Linux (x86-64, AArch64), where all three are 64 bits.
 */
@SuppressWarnings("restricted") // segment(): reinterpret, the only FFM restricted method this module uses
final class JnaLibc implements Libc {

    static final JnaLibc INSTANCE = new JnaLibc();

    private JnaLibc() {
    }

    /** The natives, bound when the first call needs them. */
    private static final class C {
        static {
            Libc.requireSupportedPlatform("the JNA libc binding");
            Native.register(C.class, NativeLibrary.getInstance("c"));
        }

        static final long PAGE_SIZE = sysconf(SC_PAGESIZE);

        static native int memfd_create(String name, int flags);

        static native int ftruncate(int fd, long length);

        static native long mmap(long address, long length, int prot, int flags, int fd, long offset);

        static native int munmap(long address, long length);

        // mremap(old, old_size, new_size, flags, ...): the new address is variadic, used only with MREMAP_FIXED.
        static native long mremap(long address, long oldLength, long newLength, int flags, long newAddress);

        static native int madvise(long address, long length, int advice);

        static native int mprotect(long address, long length, int prot);

        static native int fallocate(int fd, int mode, long offset, long length);

        static native int close(int fd);

        static native int shm_open(String name, int flags, int mode);

        static native int shm_unlink(String name);

        static native int mkstemp(byte[] template);

        static native int unlink(String path);

        // open(path, flags, ...): the mode is variadic (an int passes the same way on x86-64 and AArch64).
        static native int open(String path, int flags, int mode);

        static native long lseek(int fd, long offset, int whence);

        static native long malloc(long size);

        static native long realloc(long address, long size);

        static native void free(long address);

        static native int getrusage(int who, long[] usage);

        static native int sched_setaffinity(int pid, long size, long mask);

        static native int sched_getaffinity(int pid, long size, long mask);

        static native long sysconf(int name);

        static native int getpid();

        static native Pointer strerror(int errno);
    }

    /**
     * JNA's other mapping, a {@link Library} interface behind a proxy: not used by the ring,
     * only so the benchmark can show what direct mapping saves per call.
     */
    interface Proxied extends Library {
        int getpid();
    }

    private static final class ProxiedHolder {
        static final Proxied INSTANCE = Native.load("c", Proxied.class);
    }

    /** Per thread, reused by every getrusage of that thread: {@code struct rusage} as longs. */
    private static final ThreadLocal<long[]> RUSAGE =
            ThreadLocal.withInitial(() -> new long[(int) (Libc.RUSAGE.byteSize() / Long.BYTES)]);

    /** Never fails; the cheapest call there is, for measuring the binding's own cost. */
    static int getpid() {
        return C.getpid();
    }

    /** {@code getpid()} through the interface mapping ({@link Proxied}). */
    static int getpidProxied() {
        return ProxiedHolder.INSTANCE.getpid();
    }

    @Override
    public long pageSize() {
        return C.PAGE_SIZE;
    }

    @Override
    public long sysconf(int name) {
        long r = C.sysconf(name);
        return r != -1 ? r : fail("sysconf(" + name + ")");
    }

    @Override
    public int memfdCreate(String name, int flags) {
        int r = C.memfd_create(name, flags);
        return r != -1 ? r : (int) fail("memfd_create");
    }

    @Override
    public void ftruncate(int fd, long length) {
        check(C.ftruncate(fd, length), "ftruncate");
    }

    @Override
    public long mmap(String call, long address, long length, int prot, int flags, int fd, long offset) {
        long r = C.mmap(address, length, prot, flags, fd, offset);
        return r != -1 ? r : fail(call);
    }

    @Override
    public void munmap(String call, long address, long length) {
        check(C.munmap(address, length), call);
    }

    @Override
    public long mremap(String call, long oldAddress, long oldSize, long newSize, int flags, long newAddress) {
        long r = C.mremap(oldAddress, oldSize, newSize, flags, newAddress);
        return r != -1 ? r : fail(call);
    }

    @Override
    public void madvise(String call, long address, long length, int advice) {
        check(C.madvise(address, length, advice), call);
    }

    @Override
    public void mprotect(String call, long address, long length, int prot) {
        check(C.mprotect(address, length, prot), call);
    }

    @Override
    public void fallocate(int fd, int mode, long offset, long length) {
        check(C.fallocate(fd, mode, offset, length), "fallocate");
    }

    @Override
    public void close(int fd) {
        check(C.close(fd), "close");
    }

    @Override
    public int shmOpen(String name, int flags, int mode) {
        int r = C.shm_open(name, flags, mode);
        return r != -1 ? r : (int) fail("shm_open(" + name + ")");
    }

    @Override
    public void shmUnlink(String name) {
        check(C.shm_unlink(name), "shm_unlink(" + name + ")");
    }

    @Override
    public TempFile mkstemp(String template) {
        byte[] bytes = template.getBytes(StandardCharsets.UTF_8);
        byte[] buffer = Arrays.copyOf(bytes, bytes.length + 1); // NUL-terminated; mkstemp rewrites the XXXXXX
        int fd = C.mkstemp(buffer);
        if (fd == -1) {
            fail("mkstemp(" + template + ")");
        }
        return new TempFile(fd, new String(buffer, 0, bytes.length, StandardCharsets.UTF_8));
    }

    @Override
    public void unlink(String path) {
        check(C.unlink(path), "unlink(" + path + ")");
    }

    @Override
    public int open(String call, String path, int flags, int mode) {
        int r = C.open(path, flags, mode);
        return r != -1 ? r : (int) fail(call);
    }

    @Override
    public long fileSize(int fd) {
        long r = C.lseek(fd, 0, SEEK_END);
        return r != -1 ? r : fail("lseek(SEEK_END)");
    }

    @Override
    public long malloc(long size) {
        long r = C.malloc(size);
        return r != 0 ? r : fail("malloc(" + size + ")");
    }

    @Override
    public long realloc(long address, long size) {
        long r = C.realloc(address, size);
        return r != 0 ? r : fail("realloc(" + size + ")");
    }

    @Override
    public void free(long address) {
        C.free(address);
    }

    @Override
    public PageFaults getrusage(int who) {
        long[] usage = RUSAGE.get();
        check(C.getrusage(who, usage), "getrusage");
        return new PageFaults(usage[(int) (RU_MINFLT_OFFSET / Long.BYTES)], usage[(int) (RU_MAJFLT_OFFSET / Long.BYTES)]);
    }

    @Override
    public void schedSetaffinity(int tid, MemorySegment mask) {
        check(C.sched_setaffinity(tid, mask.byteSize(), nativeAddress(mask)), "sched_setaffinity");
    }

    @Override
    public void schedGetaffinity(int tid, MemorySegment mask) {
        check(C.sched_getaffinity(tid, mask.byteSize(), nativeAddress(mask)), "sched_getaffinity");
    }

    private static long nativeAddress(MemorySegment mask) {
        if (!mask.isNative()) {
            throw new IllegalArgumentException("a CPU mask must be native memory, got " + mask);
        }
        return mask.address();
    }

    @Override
    public String strerror(int errno) {
        try {
            Pointer text = C.strerror(errno);
            return text == null ? "errno " + errno : text.getString(0);
        } catch (RuntimeException | LinkageError e) {
            return "errno " + errno + " (strerror failed: " + e + ")";
        }
    }

    /**
     * JNA gives only a raw address; binding it to an arena is the one restricted FFM call of
     * this module, so its refusal says which flag grants it.
     */
    @Override
    public MemorySegment segment(long address, long size, Arena arena, Consumer<MemorySegment> cleanup) {
        try {
            return MemorySegment.ofAddress(address).reinterpret(size, arena, cleanup);
        } catch (IllegalCallerException e) {
            throw new IllegalCallerException(e.getMessage()
                    + ": MemorySegment.reinterpret is refused, which mirrored-jna needs to give the mapped address"
                    + " a bounded segment (libc itself is called through JNA); grant it with"
                    + " --enable-native-access=org.ringlab.jna (module path) or ALL-UNNAMED (class path)", e);
        }
    }

    private static void check(int result, String call) {
        if (result == -1) {
            fail(call);
        }
    }

    /** Throws the failure of {@code call} with this thread's last errno; typed to end an expression. */
    private static long fail(String call) {
        int errno = Native.getLastError();
        throw new NativeCallException(call, errno, INSTANCE.strerror(errno));
    }

    @Override
    public String toString() {
        return "libc (JNA direct mapping)";
    }
}
