package org.ringlab.queues.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread allocates ({@link #poll}, the consumer of free indices), another frees
 * ({@link #offer}, the producer): seed 001's {@code rx_ring} of ints, Lamport's SPSC ring with
 * acquire/release on the two positions, the opposite position cached, a power-of-two mask.
 *
 * <p>The positions and caches live in one {@code long[]}, each side's pair 128 bytes away from
 * the other's, so the allocator's and the freer's stores never share a cache line.
 */
final class SpscFreeList implements FreeList {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int HEAD = 16;        // allocator: published
    private static final int TAIL_CACHE = 17;  // allocator: private copy of TAIL
    private static final int TAIL = 32;        // freer: published
    private static final int HEAD_CACHE = 33;  // freer: private copy of HEAD
    private static final int BOARD_LENGTH = HEAD_CACHE + 17;

    private final int[] slots;
    private final int mask;
    private final long[] board = new long[BOARD_LENGTH];

    SpscFreeList(int count) {
        this.slots = new int[FreeList.ringLength(count)];
        this.mask = slots.length - 1;
        for (int i = 0; i < count; i++) {
            slots[i] = i;
        }
        // Plain stores: the pool's final fields publish the filled ring with the pool itself.
        board[TAIL] = count;
        board[TAIL_CACHE] = count;
    }

    @Override
    public int poll() {
        long[] b = board;
        long h = b[HEAD];
        if (h >= b[TAIL_CACHE]) {
            b[TAIL_CACHE] = (long) SLOT.getAcquire(b, TAIL);
            if (h >= b[TAIL_CACHE]) {
                return NONE;
            }
        }
        int index = slots[(int) h & mask];
        // Hands the slot back to the freer: it may overwrite it after this store.
        SLOT.setRelease(b, HEAD, h + 1);
        return index;
    }

    @Override
    public void offer(int index) {
        long[] b = board;
        long t = b[TAIL];
        if (t - b[HEAD_CACHE] >= slots.length) {
            b[HEAD_CACHE] = (long) SLOT.getAcquire(b, HEAD);
            if (t - b[HEAD_CACHE] >= slots.length) {
                throw new IllegalStateException("free list overflow: more frees than allocations");
            }
        }
        slots[(int) t & mask] = index;
        // Publishes the index written above (and the buffer's contents before it) to the allocator.
        SLOT.setRelease(b, TAIL, t + 1);
    }

    @Override
    public int size() {
        return (int) ((long) SLOT.getAcquire(board, TAIL) - (long) SLOT.getAcquire(board, HEAD));
    }
}
