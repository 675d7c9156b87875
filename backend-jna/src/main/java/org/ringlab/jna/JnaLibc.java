package org.ringlab.jna;

import java.util.Set;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import org.ringlab.api.FaultHooks;
import org.ringlab.api.NativeCallException;

/**
 * The module's only bindings to libc, through JNA's direct mapping ({@link Native#register}):
 * static native methods bound once, the fastest path JNA has. errno is read with
 * {@link Native#getLastError()} right after each call (JNA saves it per thread before any
 * other code can run), and every failure becomes a {@link NativeCallException} naming the
 * call, the errno and {@code strerror(errno)}: the same contract as backend-linux's FFM
 * {@code LinuxLibc}.
 *
 * <p>Pointers, {@code size_t} and {@code off_t} are passed as {@code long}: this class only
 * loads on 64-bit Linux (x86-64, AArch64), where all three are 64 bits and the flag values
 * below (asm-generic) hold. Each wrapper consults {@link JnaFaults} first, so tests can make
 * any call fail.
 */
final class JnaLibc {

    static final int PROT_NONE = 0;
    static final int PROT_READ = 1;
    static final int PROT_WRITE = 2;
    static final int MAP_SHARED = 0x01;
    static final int MAP_PRIVATE = 0x02;
    static final int MAP_FIXED = 0x10;
    static final int MAP_ANONYMOUS = 0x20;
    static final int MAP_NORESERVE = 0x4000;
    static final int MFD_CLOEXEC = 1;
    static final int SC_PAGESIZE = 30;
    static final int MREMAP_MAYMOVE = 1;
    static final int ENOMEM = 12;

    private static final Set<String> ARCHITECTURES = Set.of("amd64", "x86_64", "aarch64");

    /** The natives, apart from the checked wrappers that share their names. */
    private static final class C {
        static {
            String os = System.getProperty("os.name", "");
            String arch = System.getProperty("os.arch", "");
            if (!os.startsWith("Linux") || !ARCHITECTURES.contains(arch)) {
                throw new UnsupportedOperationException("JNA libc bindings need Linux on x86-64 or AArch64, this is "
                        + os + " on " + arch);
            }
            Native.register(C.class, NativeLibrary.getInstance("c"));
        }

        static native int memfd_create(String name, int flags);

        static native int ftruncate(int fd, long length);

        static native long mmap(long address, long length, int prot, int flags, int fd, long offset);

        static native int munmap(long address, long length);

        // mremap(old, old_size, new_size, flags, ...): the new address is variadic, unused without MREMAP_FIXED.
        static native long mremap(long address, long oldLength, long newLength, int flags, long newAddress);

        static native int close(int fd);

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

    // Read once; a test fault must not turn into a broken class.
    private static final long PAGE_SIZE = JnaFaults.withoutFaults(() -> sysconf(SC_PAGESIZE));

    private JnaLibc() {
    }

    /** The page size, from {@code sysconf(_SC_PAGESIZE)}. */
    static long pageSize() {
        return PAGE_SIZE;
    }

    static long sysconf(int name) {
        return invoke("sysconf", "sysconf(" + name + ")", misplace -> C.sysconf(name));
    }

    /** Never fails; the cheapest call there is, for measuring the binding's own cost. */
    static int getpid() {
        return C.getpid();
    }

    /** {@code getpid()} through the interface mapping ({@link Proxied}). */
    static int getpidProxied() {
        return ProxiedHolder.INSTANCE.getpid();
    }

    static int memfdCreate(String name, int flags) {
        return (int) invoke("memfd_create", "memfd_create", misplace -> C.memfd_create(name, flags));
    }

    static void ftruncate(int fd, long length) {
        invoke("ftruncate", "ftruncate", misplace -> C.ftruncate(fd, length));
    }

    /**
     * {@code mmap}; {@code call} says which of several it is. A test fault may misplace a
     * mapping that asks for an address: the kernel then chooses where it goes.
     */
    static long mmap(String call, long address, long length, int prot, int flags, int fd, long offset) {
        return invoke("mmap", call, misplace -> {
            boolean moved = misplace && address != 0;
            return C.mmap(moved ? 0 : address, length, prot, moved ? flags & ~MAP_FIXED : flags, fd, offset);
        });
    }

    static void munmap(String call, long address, long length) {
        invoke("munmap", call, misplace -> C.munmap(address, length));
    }

    /** {@code mremap} without a new address; {@code call} says which attempt it is. */
    static long mremap(String call, long address, long oldLength, long newLength, int flags) {
        return invoke("mremap", call, misplace -> C.mremap(address, oldLength, newLength, flags, 0));
    }

    /** Linux releases the descriptor even when close reports an error: never retry. */
    static void close(int fd) {
        invoke("close", "close", misplace -> C.close(fd));
    }

    /** {@code strerror(errno)}; never fails. */
    static String strerror(int errno) {
        try {
            Pointer text = C.strerror(errno);
            return text == null ? "errno " + errno : text.getString(0);
        } catch (RuntimeException | LinkageError e) {
            return "errno " + errno + " (strerror failed: " + e + ")";
        }
    }

    @FunctionalInterface
    private interface Downcall {
        long call(boolean misplace);
    }

    /** Runs one call; every function used here reports failure as -1 ({@code MAP_FAILED} too). */
    private static long invoke(String function, String call, Downcall downcall) {
        FaultHooks.Fault fault = JnaFaults.consult(function, call);
        boolean fail = fault != null && !fault.misplaces();
        // close releases the descriptor even when it fails, so its injected failure comes after the real call.
        boolean failAfter = fail && function.equals("close");
        if (fail && !failAfter) {
            throw failure(call, fault.errno());
        }
        long result = downcall.call(fault != null && fault.misplaces());
        if (result == -1) {
            throw failure(call, Native.getLastError());
        }
        if (failAfter) {
            throw failure(call, fault.errno());
        }
        return result;
    }

    private static NativeCallException failure(String call, int errno) {
        return new NativeCallException(call, errno, strerror(errno));
    }
}
