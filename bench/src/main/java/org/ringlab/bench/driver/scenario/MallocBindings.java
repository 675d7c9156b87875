package org.ringlab.bench.driver.scenario;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** The C library's {@code malloc} and {@code free}, for {@link MallocBuffers}: the scenario's one native binding. */
@SuppressWarnings("restricted") // binding malloc/free is this class's job
final class MallocBindings {

    private static final MethodHandle MALLOC;
    private static final MethodHandle FREE;

    static {
        Linker linker = Linker.nativeLinker();
        MALLOC = linker.downcallHandle(linker.defaultLookup().find("malloc").orElseThrow(
                        () -> new UnsupportedOperationException("no malloc in the C library's default lookup")),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), Linker.Option.critical(false));
        FREE = linker.downcallHandle(linker.defaultLookup().find("free").orElseThrow(
                        () -> new UnsupportedOperationException("no free in the C library's default lookup")),
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS), Linker.Option.critical(false));
    }

    private MallocBindings() {
    }

    /** {@code malloc(size)}: the address, 0 when out of memory. */
    static long malloc(long size) {
        try {
            return ((MemorySegment) MALLOC.invokeExact(size)).address();
        } catch (Throwable e) {
            throw new IllegalStateException("malloc(" + size + ") failed: " + e, e);
        }
    }

    static void free(long address) {
        try {
            FREE.invokeExact(MemorySegment.ofAddress(address));
        } catch (Throwable e) {
            throw new IllegalStateException("free(0x" + Long.toHexString(address) + ") failed: " + e, e);
        }
    }
}
