package org.ringlab.heap;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.ringlab.api.CopyCounters;
import org.ringlab.api.DoubledViewMemory;

/**
 * A 2N array holding every byte twice, at {@code i} and {@code i + N} (seed 000's "malloc"
 * ring): a claim at offset {@code i} may run past N into the second copy, and commit copies the
 * claimed bytes to their twin, so any window of up to N bytes is contiguous. Every committed
 * byte is written twice: {@code mirrorBytes} counts the second write. A queue may also write
 * the array in place ({@link DoubledViewMemory}) and make the second write through
 * {@link #twin} and {@link #twinInt}, the same code the commit and the direct writes use.
 */
final class DoubledArrayRing extends ArenaRingMemory implements DoubledViewMemory {

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
        twinUnchecked(memory, at, at, length);
    }

    /** The 2N array itself: the view a queue writes in place (a view of the front arena: it throws after close). */
    @Override
    public MemorySegment doubledView() {
        ensureOpen();
        return memory;
    }

    /** {@link #twin(MemorySegment, long, long, long) twin}'s contract, checked (a queue calls it once per record: two compares). */
    @Override
    public void twin(MemorySegment from, long fromOffset, long at, long length) {
        if (at < 0 || at >= capacity || length < 0 || length > capacity) {
            throw new IllegalArgumentException("twin of " + length + " bytes at view offset " + at + ": the offset must be in [0, "
                    + capacity + ") and the length in [0, " + capacity + "]");
        }
        twinUnchecked(from, fromOffset, at, length);
    }

    @Override
    public void twinInt(long at, int value) {
        if (at < 0 || at > capacity - Integer.BYTES || (at & (Integer.BYTES - 1)) != 0) {
            throw new IllegalArgumentException("twin of an int at view offset " + at + ": it must be 4-aligned in [0, "
                    + (capacity - Integer.BYTES) + "]");
        }
        twinIntAt(at, value);
    }

    /** The twin store of an int whose first copy at {@code at} lies wholly below N: counted as mirror bytes. */
    private void twinIntAt(long at, int value) {
        memory.set(ValueLayout.JAVA_INT_UNALIGNED, at + capacity, value);
        writer.bytes += Integer.BYTES;
    }

    /**
     * The second write of every byte: {@code length} bytes of {@code from} at {@code fromOffset}
     * (the ring itself on commit, the caller's source on write) go to the twins of ring offsets
     * {@code [at, at + length)}: bytes in the first half get their twin in the second, and the
     * part that ran past N (the wrapped bytes) gets its twin at the start. Counted as mirror bytes.
     */
    private void twinUnchecked(MemorySegment from, long fromOffset, long at, long length) {
        if (at + length <= capacity) {
            MemorySegment.copy(from, fromOffset, memory, at + capacity, length);
        } else {
            twinAcrossSeam(from, fromOffset, at, length);
        }
        writer.bytes += length;
    }

    /**
     * The twins of bytes that ran past N, in two parts; a method of its own (once a lap) so that
     * the compiled hot path holds one inlined copy, not three (see ArenaRingMemory.copyIn).
     */
    private void twinAcrossSeam(MemorySegment from, long fromOffset, long at, long length) {
        long inFirstHalf = capacity - at;
        MemorySegment.copy(from, fromOffset, memory, at + capacity, inFirstHalf);
        MemorySegment.copy(from, fromOffset + inFirstHalf, memory, 0, length - inFirstHalf);
    }

    /**
     * Both writes straight from the source: the first into the array (no slice object), the
     * second into the twins. Copying the twin from the source rather than from the bytes just
     * written moves the same bytes and does not wait on the first copy's stores.
     */
    @Override
    protected void writeDirect(long position, MemorySegment src) {
        long length = src.byteSize();
        long at = ringOffset(position);
        MemorySegment.copy(src, 0, memory, at, length);
        twinUnchecked(src, 0, at, length);
    }

    /** The int and its twin as two stores (a 4-byte segment copy costs a bulk-copy call with its checks). */
    @Override
    protected void writeIntDirect(long position, int value) {
        writeIntAt(ringOffset(position), value);
    }

    /** {@link #writeIntDirect} at ring offset {@code at}. */
    private void writeIntAt(long at, int value) {
        memory.set(ValueLayout.JAVA_INT_UNALIGNED, at, value);
        if (at + Integer.BYTES <= capacity) {
            twinIntAt(at, value);
        } else {
            twinUnchecked(memory, at, at, Integer.BYTES); // cold: the int runs past N (never with frames aligned to 8)
        }
    }

    /**
     * The frame flat, one offset computed: the word and the payload into the array, then the
     * mechanism itself, the second write of the whole frame, as one copy of it from the first
     * (three checked accesses per frame instead of four: the word's twin is no store of its own),
     * counted as mirror bytes exactly as {@code writeIntDirect} then {@code writeDirect} count them.
     */
    @Override
    protected void writeFrameDirect(long position, int value, MemorySegment payload) {
        long length = payload.byteSize();
        long at = ringOffset(position);
        memory.set(ValueLayout.JAVA_INT_UNALIGNED, at, value);
        MemorySegment.copy(payload, 0, memory, at + Integer.BYTES, length);
        twinUnchecked(memory, at, at, Integer.BYTES + length);
    }

    /**
     * The payload and its twin straight from the source, then the zero word and its twin as
     * {@code writeIntDirect} stores them, one ring offset computed for both.
     * Counted as mirror bytes exactly as {@code writeDirect} then {@code writeIntDirect} count them.
     */
    @Override
    protected void writeThenZeroIntDirect(long position, MemorySegment payload, long zeroPosition) {
        long length = payload.byteSize();
        long at = ringOffset(position);
        MemorySegment.copy(payload, 0, memory, at, length);
        twinUnchecked(payload, 0, at, length);
        long zeroAt = at + (zeroPosition - position); // below 2N: the span is at most N
        writeIntAt(zeroAt < capacity ? zeroAt : zeroAt - capacity, 0);
    }

    /**
     * The twin first, plain, then the word in the first half with a release store: a reader
     * acquires the word where {@link #readIntAcquireDirect} loads it (the first half), and a
     * window that runs past N shows the twins of bytes written before that store. Counted as
     * {@code writeIntDirect} counts the twin.
     */
    @Override
    protected void writeIntReleaseDirect(long position, int value) {
        long at = ringOffset(position);
        if ((at & (Integer.BYTES - 1)) == 0 && at + Integer.BYTES <= capacity) {
            memory.set(ValueLayout.JAVA_INT, at + capacity, value);
            writer.bytes += Integer.BYTES;
            // Publishes every byte written before (both copies of each) and the twin just stored.
            WORD.setRelease(memory, at, value);
        } else {
            super.writeIntReleaseDirect(position, value); // never with 4-aligned words: at + 4 <= N then
        }
    }

    /** The word in the first half, where {@link #writeIntReleaseDirect} release-stores it (4 aligned bytes fit before 2N). */
    @Override
    protected int readIntAcquireDirect(long position) {
        return readIntAcquireAt(memory, ringOffset(position), true, position);
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
        return readView.asSlice(ringOffset(position), length);
    }

    @Override
    public CopyCounters copyCounters() {
        ensureOpen();
        return new CopyCounters(writer.bytes, 0, 0, 0, 0);
    }
}
