package org.ringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * A buffer appended to and read back as one contiguous segment. Growth that moves the memory
 * invalidates earlier segments: using one throws {@link IllegalStateException}.
 */
public interface GrowableBuffer extends AutoCloseable {

    /** Appends {@code src}, growing when needed. */
    void append(MemorySegment src);

    /** Bytes appended so far. */
    long size();

    /** Bytes the buffer can hold before it grows again. */
    long capacity();

    /** The appended bytes {@code [0, size())} as one contiguous read-only segment. */
    MemorySegment contents();

    /** Times the buffer's address changed. */
    long moves();

    /** Bytes copied by growth (0 for strategies that remap instead of copying). */
    long bytesCopied();

    @Override
    void close();
}
