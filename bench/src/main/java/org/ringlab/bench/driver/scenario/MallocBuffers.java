package org.ringlab.bench.driver.scenario;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Seed 001's "before": a {@code malloc} per packet on the NIC's side and a {@code free} on the
 * consumer's, through the C library itself (not a pool in disguise: glibc's cross-thread free
 * and its arena lock are part of what is measured). Each {@link #segment} call makes a fresh
 * segment object, the Java side of the same allocation.
 */
@SuppressWarnings("restricted") // binding malloc/free and viewing their memory is this class's job
final class MallocBuffers implements PacketBuffers {

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

    private final int bufferSize;
    /** NIC thread's alone. */
    private long allocated;
    /** Consumer thread's alone. */
    private long freed;
    private volatile boolean closed;

    MallocBuffers(int bufferSize) {
        if (bufferSize < 1) {
            throw new IllegalArgumentException("buffer size must be positive, got " + bufferSize);
        }
        this.bufferSize = bufferSize;
    }

    @Override
    public long allocate() {
        MemorySegment p;
        try {
            p = (MemorySegment) MALLOC.invokeExact((long) bufferSize);
        } catch (Throwable e) {
            throw new IllegalStateException("malloc(" + bufferSize + ") failed: " + e, e);
        }
        if (p.address() == 0) {
            return NONE; // out of memory: the packet is dropped, as a driver would
        }
        allocated++;
        return p.address();
    }

    @Override
    public MemorySegment segment(long handle) {
        return MemorySegment.ofAddress(handle).reinterpret(bufferSize);
    }

    @Override
    public void free(long handle) {
        if (closed) {
            throw new IllegalStateException("malloc buffers are closed");
        }
        try {
            FREE.invokeExact(MemorySegment.ofAddress(handle));
        } catch (Throwable e) {
            throw new IllegalStateException("free failed: " + e, e);
        }
        freed++;
    }

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public long outstanding() {
        return allocated - freed;
    }

    @Override
    public String describe() {
        return "malloc per packet";
    }

    @Override
    public void close() {
        closed = true;
    }
}
