package org.ringlab.growth;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.ringlab.api.GrowableBuffer;
import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthPolicy;

/**
 * The {@link GrowableBuffer} protocol, once: argument checks, the growth decision (by the
 * policy), the counters (a move is detected by comparing the memory's address, or its array
 * for heap memory, before and after a growth), the use-after-close guard and idempotent close.
 * A strategy supplies only its memory ({@link #memory()}), how it grows ({@link #resize}) and
 * how it is freed ({@link #release()}).
 */
public abstract class AbstractGrowableBuffer implements GrowableBuffer {

    private final String strategyName;
    private final GrowthPolicy policy;
    private long capacity;
    private long size;

    private long grows;
    private long moves;
    private long bytesMoved;
    private long bytesCopied;
    private boolean copiesUnknown;
    private long growthNanos;

    // Volatile so that a reader thread sees a close by the appending thread.
    private volatile boolean open = true;

    /**
     * Checks the arguments; the subclass allocates {@code initialCapacity} bytes after this.
     *
     * @throws IllegalArgumentException when {@code initialCapacity} is not positive or past the maximum
     */
    protected AbstractGrowableBuffer(String strategyName, long initialCapacity, GrowthPolicy policy) {
        this.strategyName = Objects.requireNonNull(strategyName, "strategyName");
        this.policy = Objects.requireNonNull(policy, "policy");
        if (initialCapacity <= 0) {
            throw new IllegalArgumentException(strategyName + ": initial capacity must be positive, got " + initialCapacity);
        }
        if (initialCapacity > policy.maxCapacity()) {
            throw new IllegalArgumentException(strategyName + ": initial capacity " + initialCapacity
                    + " is past the maximum capacity " + policy.maxCapacity());
        }
        this.capacity = initialCapacity;
    }

    @Override
    public final String strategyName() {
        return strategyName;
    }

    @Override
    public final GrowthPolicy policy() {
        return policy;
    }

    @Override
    public final long size() {
        ensureOpen();
        return size;
    }

    @Override
    public final long capacity() {
        ensureOpen();
        return capacity;
    }

    @Override
    public final boolean isOpen() {
        return open;
    }

    @Override
    public final void append(MemorySegment src) {
        ensureOpen();
        long length = src.byteSize();
        if (length > capacity - size) {
            grow(length);
        }
        MemorySegment.copy(src, 0, memory(), size, length);
        size += length;
    }

    @Override
    public final MemorySegment contents() {
        ensureOpen();
        return memory().asSlice(0, size).asReadOnly();
    }

    @Override
    public final GrowthCounters counters() {
        return new GrowthCounters(grows, moves, bytesMoved, copiesUnknown ? GrowthCounters.UNKNOWN : bytesCopied,
                growthNanos);
    }

    @Override
    public final void close() {
        synchronized (this) {
            if (!open) {
                return;
            }
            open = false;
        }
        release();
    }

    @Override
    public String toString() {
        return strategyName + " buffer, " + size + " of " + capacity + " bytes" + (open ? "" : " (closed)");
    }

    protected final void ensureOpen() {
        if (!open) {
            throw new IllegalStateException(strategyName + " buffer is closed");
        }
    }

    private void grow(long length) {
        long max = policy.maxCapacity();
        if (length > max - size) {
            throw new IllegalArgumentException(strategyName + ": appending " + length + " bytes to " + size
                    + " would need " + (size + length < 0 ? "more than " + Long.MAX_VALUE : size + length)
                    + " bytes, past the maximum capacity " + max);
        }
        long next = policy.nextCapacity(capacity, size + length, 1);
        MemorySegment before = memory();
        long addressBefore = before.address();
        Object arrayBefore = before.heapBase().orElse(null);
        long start = System.nanoTime();
        long copied = resize(next, size);
        growthNanos += System.nanoTime() - start;
        capacity = next;
        grows++;
        MemorySegment after = memory();
        if (after.address() != addressBefore || after.heapBase().orElse(null) != arrayBefore) {
            moves++;
            bytesMoved += size;
        }
        if (copied == GrowthCounters.UNKNOWN) {
            copiesUnknown = true;
        } else {
            bytesCopied += copied;
        }
    }

    /**
     * The current memory, writable, at least {@link #capacity()} bytes; {@link #contents()}
     * hands out read-only slices of it.
     */
    protected abstract MemorySegment memory();

    /**
     * Grows the memory to at least {@code newCapacity} bytes keeping its first {@code liveBytes},
     * and returns the bytes it copied doing so ({@link GrowthCounters#UNKNOWN} when it cannot
     * know). Segments of memory that moved or was freed must throw from now on. On failure the
     * buffer must be left as it was, {@link #memory()} still holding the live bytes.
     */
    protected abstract long resize(long newCapacity, long liveBytes);

    /** Frees the memory; called once. Segments of it must throw from now on. */
    protected abstract void release();
}
