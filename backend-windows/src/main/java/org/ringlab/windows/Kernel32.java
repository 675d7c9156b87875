package org.ringlab.windows;

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

import org.ringlab.api.NativeCallException;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The module's only bindings, FFM downcalls to Windows x64: VirtualAlloc2 and MapViewOfFile3
 * looked up at run time in {@code kernelbase.dll} (they exist from Windows 10 1803 on, and a
 * missing one makes the class fail to load with that reason), the rest in
 * {@code kernel32.dll}. Every call that can fail captures {@code GetLastError} with
 * {@link Linker.Option#captureCallState(String...)} (the JVM itself may call Win32 between a
 * downcall and a later {@code GetLastError} call, so it must be captured by the downcall), and
 * its text comes from {@code FormatMessageW}.
 *
 * <p>Types on x64: HANDLE and pointers are addresses, DWORD/ULONG/BOOL 32-bit ints, SIZE_T and
 * ULONG64 64-bit longs.
 */
@SuppressWarnings("restricted") // binding native code is this class's job
final class Kernel32 implements Win32 {

    private static final int FORMAT_MESSAGE_IGNORE_INSERTS = 0x0000_0200;
    private static final int FORMAT_MESSAGE_FROM_SYSTEM = 0x0000_1000;
    private static final int MESSAGE_CHARS = 512;
    /** SYSTEM_INFO on x64: 48 bytes, dwAllocationGranularity at offset 40. */
    private static final long SYSTEM_INFO_BYTES = 48;
    private static final long ALLOCATION_GRANULARITY_OFFSET = 40;

    private final StructLayout captureLayout;
    private final VarHandle lastError;
    private final MethodHandle getSystemInfo;
    private final MethodHandle createFileMappingW;
    private final MethodHandle virtualAlloc2;
    private final MethodHandle virtualFree;
    private final MethodHandle mapViewOfFile3;
    private final MethodHandle unmapViewOfFileEx;
    private final MethodHandle closeHandle;
    private final MethodHandle formatMessageW;
    private final long granularity;

    private Kernel32() {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!os.startsWith("Windows") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new UnsupportedOperationException("kernel32 bindings need Windows on x64, this is " + os + " on " + arch);
        }
        Linker linker = Linker.nativeLinker();
        SymbolLookup kernel32 = SymbolLookup.libraryLookup("kernel32.dll", Arena.global());
        SymbolLookup kernelbase = SymbolLookup.libraryLookup("kernelbase.dll", Arena.global());
        Linker.Option capture = Linker.Option.captureCallState("GetLastError");
        captureLayout = Linker.Option.captureStateLayout();
        lastError = captureLayout.varHandle(MemoryLayout.PathElement.groupElement("GetLastError"));

        getSystemInfo = bind(linker, kernel32, "kernel32.dll", "GetSystemInfo", FunctionDescriptor.ofVoid(ADDRESS));
        createFileMappingW = bind(linker, kernel32, "kernel32.dll", "CreateFileMappingW",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), capture);
        virtualAlloc2 = bind(linker, kernelbase, "kernelbase.dll", "VirtualAlloc2",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT), capture);
        virtualFree = bind(linker, kernel32, "kernel32.dll", "VirtualFree",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), capture);
        mapViewOfFile3 = bind(linker, kernelbase, "kernelbase.dll", "MapViewOfFile3",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT,
                        ADDRESS, JAVA_INT), capture);
        unmapViewOfFileEx = bind(linker, kernel32, "kernel32.dll", "UnmapViewOfFileEx",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), capture);
        closeHandle = bind(linker, kernel32, "kernel32.dll", "CloseHandle",
                FunctionDescriptor.of(JAVA_INT, ADDRESS), capture);
        formatMessageW = bind(linker, kernel32, "kernel32.dll", "FormatMessageW",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        granularity = readGranularity();
    }

    private static final class Holder {
        static final Kernel32 INSTANCE = new Kernel32();
    }

    /** The bindings; the first call loads them and throws (wrong OS, Windows older than 1803) if they cannot be. */
    static Kernel32 get() {
        return Holder.INSTANCE;
    }

    @Override
    public long allocationGranularity() {
        return granularity;
    }

    private long readGranularity() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(SYSTEM_INFO_BYTES, 8);
            getSystemInfo.invokeExact(info);
            return Integer.toUnsignedLong(info.get(JAVA_INT, ALLOCATION_GRANULARITY_OFFSET));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("GetSystemInfo: downcall failed: " + t, t);
        }
    }

    @Override
    public long createFileMapping(String call, long file, int protect, int sizeHigh, int sizeLow) {
        return invoke(call, c -> ((MemorySegment) createFileMappingW.invokeExact(c, MemorySegment.ofAddress(file),
                MemorySegment.NULL, protect, sizeHigh, sizeLow, MemorySegment.NULL)).address());
    }

    @Override
    public long virtualAlloc2(String call, long process, long base, long size, int type, int protect) {
        return invoke(call, c -> ((MemorySegment) virtualAlloc2.invokeExact(c, MemorySegment.ofAddress(process),
                MemorySegment.ofAddress(base), size, type, protect, MemorySegment.NULL, 0)).address());
    }

    @Override
    public void virtualFree(String call, long address, long size, int type) {
        invoke(call, c -> (int) virtualFree.invokeExact(c, MemorySegment.ofAddress(address), size, type));
    }

    @Override
    public long mapViewOfFile3(String call, long section, long process, long base, long offset, long size, int type,
                               int protect) {
        return invoke(call, c -> ((MemorySegment) mapViewOfFile3.invokeExact(c, MemorySegment.ofAddress(section),
                MemorySegment.ofAddress(process), MemorySegment.ofAddress(base), offset, size, type, protect,
                MemorySegment.NULL, 0)).address());
    }

    @Override
    public void unmapViewOfFileEx(String call, long address, int flags) {
        invoke(call, c -> (int) unmapViewOfFileEx.invokeExact(c, MemorySegment.ofAddress(address), flags));
    }

    @Override
    public void closeHandle(String call, long handle) {
        invoke(call, c -> (int) closeHandle.invokeExact(c, MemorySegment.ofAddress(handle)));
    }

    /** The system's text for a {@code GetLastError} code; never fails. */
    String message(int code) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(2L * MESSAGE_CHARS, 2);
            int chars = (int) formatMessageW.invokeExact(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                    MemorySegment.NULL, code, 0, buffer, MESSAGE_CHARS, MemorySegment.NULL);
            if (chars <= 0) {
                return "Win32 error " + code;
            }
            return buffer.getString(0, StandardCharsets.UTF_16LE).strip(); // NUL-terminated; ends with CR LF
        } catch (Throwable t) {
            return "Win32 error " + code + " (FormatMessageW failed: " + t + ")";
        }
    }

    /** One downcall returning a handle, an address or a BOOL; 0 (NULL, FALSE) means it failed. */
    @FunctionalInterface
    private interface Downcall {
        long call(MemorySegment capture) throws Throwable;
    }

    private long invoke(String call, Downcall downcall) {
        long result;
        int error;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(captureLayout);
            result = downcall.call(capture);
            error = (int) lastError.get(capture, 0L);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(call + ": downcall failed: " + t, t);
        }
        if (result == 0) {
            throw new NativeCallException(call, error, message(error));
        }
        return result;
    }

    private static MethodHandle bind(Linker linker, SymbolLookup library, String dll, String name,
                                     FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment symbol = library.find(name).orElseThrow(() -> new UnsupportedOperationException(
                dll + " has no " + name + ": mirrored-windows needs Windows 10 1803 or later, this is "
                        + System.getProperty("os.name") + " " + System.getProperty("os.version")));
        return linker.downcallHandle(symbol, descriptor, options);
    }
}
