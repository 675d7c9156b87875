package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ringlab.growth.AbstractGrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.RingChecks;

/**
 * The layer the native growth strategies share: the memory is held one generation at a time,
 * each generation's segments owned by an {@link Arena} of its own. Ending a generation
 * ({@link #retire()}) closes that arena, so every segment handed out from it throws
 * {@link IllegalStateException} afterwards: a strategy retires its generation before the
 * memory can move or be freed, and never lets a stale segment read freed memory. Growth that
 * keeps the address ({@link #extend}) keeps the generation and its segments.
 */
abstract class NativeGrowableBuffer extends AbstractGrowableBuffer {

    /** The binding every native call of the buffer goes through. */
    final Libc libc;
    private Arena arena;
    private MemorySegment memory;
    private long address;

    NativeGrowableBuffer(Libc libc, String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(strategyName, initialCapacity, policy);
        this.libc = libc;
    }

    /** {@code bytes} rounded up to whole pages: mapped memory comes in pages. */
    final long pages(long bytes) {
        return RingChecks.ceilTo(bytes, libc.pageSize());
    }

    /** Starts a generation: {@code length} bytes at {@code address}, valid until {@link #retire()}. */
    final void adopt(long address, long length) {
        Arena a = Arena.ofShared();
        this.memory = libc.segment(address, length, a, null);
        this.arena = a;
        this.address = address;
    }

    /** The same generation, now {@code length} bytes: the address did not change, earlier segments stay valid. */
    final void extend(long length) {
        memory = libc.segment(address, length, arena, null);
    }

    /** Ends the generation: its segments throw from now on. Call before the memory may move or be freed. */
    final void retire() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    /** Address of the current generation (still known after {@link #retire()}). */
    final long address() {
        return address;
    }

    /** Length of the current generation's memory: the capacity, or more (page rounding). */
    final long length() {
        return memory.byteSize();
    }

    @Override
    protected final MemorySegment memory() {
        return memory;
    }

    @Override
    protected final void release() {
        retire();
        free();
    }

    /** Frees the current generation's memory ({@link #address()}); its segments are already dead. */
    abstract void free();
}
