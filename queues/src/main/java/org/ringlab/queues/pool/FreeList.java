package org.ringlab.queues.pool;

/**
 * The ring of free buffer indices behind a {@link BufferPool} (seed 001's {@code free_list}).
 * It never holds more than the pool's buffer count, so {@link #offer} never meets a full ring
 * unless the pool's own double-free check has been bypassed.
 */
sealed interface FreeList permits LocalFreeList, SpscFreeList {

    int NONE = -1;

    /** A free index, or {@link #NONE}. */
    int poll();

    /** Returns an index to the ring. */
    void offer(int index);

    /** Indices in the ring now (a recent value when another thread works on it). */
    int size();

    /** The smallest power of two holding {@code count} indices. */
    static int ringLength(int count) {
        return Integer.highestOneBit(Math.max(1, count - 1)) << 1;
    }
}
