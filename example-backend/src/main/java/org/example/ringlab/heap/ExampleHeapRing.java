package org.example.ringlab.heap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ringlab.api.AbstractRingMemory;
import org.ringlab.api.CopyCounters;
import org.ringlab.api.RingMemory;

/**
 * 2N bytes; byte p lives at p mod N and again at p mod N + N. The api's
 * {@link AbstractRingMemory} does the argument checks, the claim/commit state and close; this
 * class only maps positions to memory. Everything comes from one arena, closed on close, so a
 * segment kept after close throws instead of reading freed memory.
 */
final class ExampleHeapRing extends AbstractRingMemory {

    private final Arena arena = Arena.ofShared();
    private final MemorySegment memory;
    private final MemorySegment header;
    private long mirrorBytes;

    ExampleHeapRing(String name, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities) {
        super(name, capacity, capabilities, 1);
        this.memory = arena.allocate(2 * capacity, 64);
        this.header = arena.allocate(RingMemory.MIN_HEADER_BYTES, 64);
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return memory.asSlice(ringOffset(position), length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        long at = ringOffset(position);
        long inFirstHalf = Math.min(length, capacity - at);
        // The bytes in the first half get their twin in the second; those that ran past N
        // (already in the second half) get theirs at the start.
        MemorySegment.copy(memory, at, memory, at + capacity, inFirstHalf);
        MemorySegment.copy(memory, capacity, memory, 0, length - inFirstHalf);
        mirrorBytes += length;
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        return memory.asSlice(ringOffset(position), length);
    }

    @Override
    protected MemorySegment headerSegment() {
        return header;
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(mirrorBytes, 0, 0, 0, 0);
    }

    @Override
    protected void release() {
        arena.close();
    }
}
