package org.ringlab.bench.history;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Pins glibc's mmap threshold at its start-up value, as a fresh C process has it. glibc raises
 * the threshold to the size of the largest mmap'ed block freed (up to 32 MiB), after which a
 * block that size comes from the heap, often on pages already resident: a doubled array of
 * 22.5 MiB allocated after an earlier one was freed then added no Pss and took no faults. Seed
 * 000's malloc test allocated once, in a fresh process, so its 2N came from mmap, fresh.
 * Setting the threshold explicitly ({@code mallopt(M_MMAP_THRESHOLD, 128 KiB)}) turns the
 * raising off.
 */
@SuppressWarnings("restricted") // binding mallopt is this class's job
final class MallocThreshold {

    /** glibc's {@code M_MMAP_THRESHOLD} parameter number. */
    private static final int M_MMAP_THRESHOLD = -3;
    /** glibc's default threshold, before any raising. */
    static final int DEFAULT_BYTES = 128 * 1024;

    private MallocThreshold() {
    }

    /**
     * Pins the threshold at {@link #DEFAULT_BYTES}; empty when done, else why not (no glibc
     * {@code mallopt} here, or it refused).
     */
    static Optional<String> pinAtDefault() {
        Linker linker = Linker.nativeLinker();
        Optional<MemorySegment> f = linker.defaultLookup().find("mallopt");
        if (f.isEmpty()) {
            return Optional.of("no mallopt in the C library (not glibc): malloc's mmap threshold may follow the"
                    + " blocks freed");
        }
        MethodHandle mallopt = linker.downcallHandle(f.get(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        int ok;
        try {
            ok = (int) mallopt.invokeExact(M_MMAP_THRESHOLD, DEFAULT_BYTES);
        } catch (Throwable e) {
            throw new IllegalStateException("mallopt(M_MMAP_THRESHOLD, " + DEFAULT_BYTES + ") failed: " + e, e);
        }
        return ok == 1 ? Optional.empty()
                : Optional.of("mallopt(M_MMAP_THRESHOLD, " + DEFAULT_BYTES + ") returned " + ok);
    }
}
