package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * A buffer of unknown final length, appended to and read back as one contiguous segment
 * (seed 002): what a {@link GrowthStrategy} allocates. Single-threaded: one thread appends;
 * segments from {@link #contents()} may be read by other threads while it does not grow.
 *
 * <h2>Growth</h2>
 * An {@link #append} that does not fit grows the buffer to the next capacity of its
 * {@link #policy()}; growing past {@link GrowthPolicy#maxCapacity()} throws
 * {@link IllegalArgumentException} naming the sizes, and leaves the buffer as it was. A native
 * call that fails throws {@link NativeCallException} and leaves the buffer as it was, too.
 *
 * <h2>Stale segments</h2>
 * A segment from {@link #contents()} is a view, not a copy. When the memory moves, a native
 * buffer frees the old memory and every earlier segment throws {@link IllegalStateException}
 * (strategies that cannot know in advance whether a growth moves, such as {@code realloc},
 * invalidate at every growth); a buffer that {@linkplain GrowthTrait#NEVER_MOVES never moves}
 * keeps them valid; a Java array keeps showing the dropped array's bytes (see
 * {@link GrowthTrait#NATIVE}). After {@link #close()} every method but {@code close},
 * {@code isOpen}, {@code strategyName}, {@code policy} and {@code counters} throws {@link IllegalStateException}, and so does
 * every native segment: never a JVM crash.
 */
public interface GrowableBuffer extends AutoCloseable {

    /** Name of the strategy that allocated this buffer. */
    String strategyName();

    /**
     * Appends the bytes of {@code src}, growing when they do not fit. {@code src} must not be a
     * segment of this buffer: a growth may free it before it is read.
     */
    void append(MemorySegment src);

    /** Bytes appended so far. */
    long size();

    /** Bytes the buffer holds before it grows again. */
    long capacity();

    /** How the buffer grows and its maximum capacity. */
    GrowthPolicy policy();

    /** The appended bytes {@code [0, size())} as one contiguous read-only segment. */
    MemorySegment contents();

    /** Grows, moves and bytes moved and copied since allocation. */
    GrowthCounters counters();

    boolean isOpen();

    /** Frees the memory; closing twice is harmless. */
    @Override
    void close();
}
