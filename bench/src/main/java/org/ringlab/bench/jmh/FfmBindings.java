package org.ringlab.bench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The FFM side of the binding-cost benchmark: {@code getpid} as a bare downcall, and
 * {@code sysconf} with errno captured the way backend-linux's bindings capture it, so the
 * per-call figures compare like with like against JNA. Linux only.
 */
@SuppressWarnings("restricted") // binding native code is this class's job
final class FfmBindings {

    private static final MethodHandle GETPID;
    private static final MethodHandle SYSCONF;
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    static {
        Linker linker = Linker.nativeLinker();
        GETPID = linker.downcallHandle(linker.defaultLookup().find("getpid").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT));
        SYSCONF = linker.downcallHandle(linker.defaultLookup().find("sysconf").orElseThrow(),
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT), Linker.Option.captureCallState("errno"));
    }

    private FfmBindings() {
    }

    static int getpid() {
        try {
            return (int) GETPID.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** {@code sysconf(name)} with errno captured into {@code capture} (a segment of {@link #captureLayout()}). */
    static long sysconf(MemorySegment capture, int name) {
        try {
            long result = (long) SYSCONF.invokeExact(capture, name);
            if (result == -1) {
                throw new IllegalStateException("sysconf(" + name + ") failed: errno " + (int) ERRNO.get(capture, 0L));
            }
            return result;
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** A capture segment per call, as the project's bindings do (confined arena, freed at once). */
    static long sysconfFreshCapture(int name) {
        try (Arena arena = Arena.ofConfined()) {
            return sysconf(arena.allocate(CAPTURE), name);
        }
    }

    static StructLayout captureLayout() {
        return CAPTURE;
    }
}
