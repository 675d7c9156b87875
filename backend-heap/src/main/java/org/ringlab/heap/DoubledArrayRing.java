package org.ringlab.heap;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.CopyCounters;

/**
 * A 2N array holding every byte twice, at {@code i} and {@code i + N} (seed 000's "malloc"
 * ring): a claim at offset {@code i} may run past N into the second copy, and commit copies the
 * claimed bytes to their twin, so any window of up to N bytes is contiguous. Every committed
 * byte is written twice: {@code mirrorBytes} counts the second write.
 */
final class DoubledArrayRing extends ArenaRingMemory {

    private final ThreadSide writer = new ThreadSide(); // mirrorBytes, off the reader's lines

    DoubledArrayRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities) {
        super(strategyName, capacity, 2 * capacity, capabilities);
    }

    /** Over {@code arena} (tests: a twin that frees at close). */
    DoubledArrayRing(String strategyName, long capacity, java.util.Set<org.ringlab.api.Capability> capabilities,
            java.lang.foreign.Arena arena) {
        super(strategyName, capacity, 2 * capacity, capabilities, arena);
    }

    @Override
    protected MemorySegment claimSegment(long position, long length) {
        return memory.asSlice(ringOffset(position), length);
    }

    @Override
    protected void commitClaim(long position, long length) {
        long at = ringOffset(position);
        long inFirstHalf = Math.min(length, capacity - at);
        // Bytes written in the first half get their twin in the second, and the part that ran
        // past N (the wrapped bytes) gets its twin at the start.
        MemorySegment.copy(memory, at, memory, at + capacity, inFirstHalf);
        if (inFirstHalf < length) {
            MemorySegment.copy(memory, capacity, memory, 0, length - inFirstHalf);
        }
        writer.bytes += length;
    }

    @Override
    protected void writeDirect(long position, MemorySegment src) {
        // The first copy goes straight into the array (no slice object), then the mirror copy.
        long length = src.byteSize();
        MemorySegment.copy(src, 0, memory, ringOffset(position), length);
        commitClaim(position, length);
    }

    @Override
    protected void writeIntDirect(long position, int value) {
        memory.set(ValueLayout.JAVA_INT_UNALIGNED, ringOffset(position), value);
        commitClaim(position, Integer.BYTES); // its twin
    }

    @Override
    protected int readIntDirect(long position) {
        return memory.get(ValueLayout.JAVA_INT_UNALIGNED, ringOffset(position));
    }

    @Override
    protected void readDirect(long position, MemorySegment dst, long dstOffset, long length) {
        MemorySegment.copy(memory, ringOffset(position), dst, dstOffset, length);
    }

    @Override
    protected MemorySegment windowSegment(long position, long length) {
        return memory.asSlice(ringOffset(position), length);
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(writer.bytes, 0, 0, 0, 0);
    }
}
