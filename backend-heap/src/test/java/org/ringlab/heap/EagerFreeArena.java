package org.ringlab.heap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ringlab.api.support.DeferredUnmap;

/**
 * BROKEN ON PURPOSE, the twin {@link DeferredFreeTest} must catch: the shape of
 * {@link DeferredFreeArena} (bytes in a backing arena, views of them in a front arena), but the
 * front's cleanup frees the bytes right after the close handshake, ignoring the queue handles
 * in flight: the old free-at-close of the heap strategies, with a backing scope to look at.
 */
@SuppressWarnings("restricted")
final class EagerFreeArena implements Arena {

    private final Arena front = Arena.ofShared();
    private final Arena backing = Arena.ofShared();

    EagerFreeArena() {
        MemorySegment.NULL.reinterpret(front, ignored -> backing.close()); // the bug: no DeferredUnmap
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        return backing.allocate(byteSize, byteAlignment).reinterpret(front, null);
    }

    @Override
    public MemorySegment.Scope scope() {
        return front.scope();
    }

    @Override
    public void close() {
        front.close();
    }

    MemorySegment.Scope backingScope() {
        return backing.scope();
    }
}
