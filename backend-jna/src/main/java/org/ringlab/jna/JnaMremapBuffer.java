package org.ringlab.jna;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ringlab.api.AbstractGrowableBuffer;
import org.ringlab.api.GrowthPolicy;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingChecks;

/**
 * {@code mremap-jna}: an anonymous mapping grown with {@code mremap} through JNA, in place
 * first, then with {@code MREMAP_MAYMOVE} (page-table entries move, bytes are not copied). The
 * memory is held one generation at a time, each in an {@link Arena} of its own: a move closes
 * the old generation, so its segments throw instead of reading unmapped memory.
 */
@SuppressWarnings("restricted") // wraps the raw mapping address in a bounded, arena-owned segment
final class JnaMremapBuffer extends AbstractGrowableBuffer {

    static final String MAP = "mmap(anonymous buffer)";
    static final String GROW_IN_PLACE = "mremap(in place)";
    static final String GROW_MOVING = "mremap(MREMAP_MAYMOVE)";

    private Arena arena;
    private MemorySegment memory;
    private long address;

    JnaMremapBuffer(String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(strategyName, initialCapacity, policy);
        long length = pages(initialCapacity);
        adopt(JnaLibc.mmap(MAP, 0, length, JnaLibc.PROT_READ | JnaLibc.PROT_WRITE,
                JnaLibc.MAP_PRIVATE | JnaLibc.MAP_ANONYMOUS, -1, 0), length);
    }

    private static long pages(long bytes) {
        return RingChecks.ceilTo(bytes, JnaLibc.pageSize());
    }

    private void adopt(long at, long length) {
        Arena a = Arena.ofShared();
        memory = MemorySegment.ofAddress(at).reinterpret(length, a, null);
        arena = a;
        address = at;
    }

    @Override
    protected MemorySegment memory() {
        return memory;
    }

    @Override
    protected long resize(long newCapacity, long liveBytes) {
        long oldLength = memory.byteSize();
        long newLength = pages(newCapacity);
        if (newLength == oldLength) {
            return 0; // still inside the last mapped page
        }
        try {
            JnaLibc.mremap(GROW_IN_PLACE, address, oldLength, newLength, 0);
            memory = MemorySegment.ofAddress(address).reinterpret(newLength, arena, null); // same generation
            return 0;
        } catch (NativeCallException e) {
            if (e.errno() != JnaLibc.ENOMEM) { // ENOMEM: the pages after ours are taken; anything else is real
                throw e;
            }
        }
        arena.close(); // the pages are about to change address: old segments must throw from now on
        long moved;
        try {
            moved = JnaLibc.mremap(GROW_MOVING, address, oldLength, newLength, JnaLibc.MREMAP_MAYMOVE);
        } catch (RuntimeException e) {
            adopt(address, oldLength); // a failed mremap leaves the old mapping as it was
            throw e;
        }
        adopt(moved, newLength);
        return 0;
    }

    @Override
    protected void release() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        JnaLibc.munmap("munmap(buffer)", address, memory.byteSize());
    }
}
