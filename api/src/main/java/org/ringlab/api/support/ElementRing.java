package org.ringlab.api.support;

import java.lang.foreign.MemorySegment;
import org.ringlab.api.RingMemory;

/**
 * Seed 000's ring of equal-sized elements (a history of the last {@code slots} matrices) on
 * top of any {@link RingMemory}: {@link #put} copies an element in, {@link #seek} hands out the
 * next slot to fill in place, {@link #element(long)} is the i-th oldest element and
 * {@link #history()} all of them, oldest first, as one contiguous segment.
 *
 * <p>Single-threaded, like the seed's. It does not own the memory.
 */
public final class ElementRing {

    private final RingMemory memory;
    private final long elementSize;
    private final long slots;
    private long head;          // elements written so far; the next one goes to slot head % slots
    private long size;          // elements held, at most slots
    private boolean seekPending; // the slot handed out by seek() is claimed but not yet committed

    public ElementRing(RingMemory memory, long elementSize) {
        if (elementSize <= 0) {
            throw new IllegalArgumentException("element size must be positive, got " + elementSize);
        }
        if (memory.capacity() % elementSize != 0) {
            throw new IllegalArgumentException("ring capacity " + memory.capacity()
                    + " is not a whole number of elements of " + elementSize + " bytes");
        }
        this.memory = memory;
        this.elementSize = elementSize;
        this.slots = memory.capacity() / elementSize;
    }

    /** Copies one element in, overwriting the oldest when full. */
    public void put(MemorySegment src) {
        if (src.byteSize() != elementSize) {
            throw new IllegalArgumentException("element has " + src.byteSize() + " bytes, ring elements have "
                    + elementSize);
        }
        flush();
        memory.write(head * elementSize, src);
        advance();
    }

    /**
     * The next slot, writable in place (the seed's {@code seek()}); it counts as written at
     * once and is published to readers by the next {@code put}, {@code seek} or read.
     */
    public MemorySegment seek() {
        flush();
        MemorySegment slot = memory.claim(head * elementSize, elementSize);
        seekPending = true;
        advance();
        return slot;
    }

    /** The i-th oldest element, {@code 0 <= i < size()}. */
    public MemorySegment element(long i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("element " + i + " is outside 0.." + (size - 1)
                    + " (the ring holds " + size + ")");
        }
        flush();
        return memory.window((head - size + i) * elementSize, elementSize);
    }

    /** Every element held, oldest first, as one contiguous segment. */
    public MemorySegment history() {
        flush();
        return memory.window((head - size) * elementSize, size * elementSize);
    }

    public long size() {
        return size;
    }

    public long slots() {
        return slots;
    }

    public long elementSize() {
        return elementSize;
    }

    public RingMemory memory() {
        return memory;
    }

    private void advance() {
        head++;
        if (size < slots) {
            size++;
        }
    }

    private void flush() {
        if (seekPending) {
            seekPending = false;
            memory.commit((head - 1) * elementSize, elementSize);
        }
    }
}
