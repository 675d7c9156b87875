package org.ringlab.queues.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The deliberately broken twin of {@link SpscFreeList}: the same ring and positions, but the
 * freer publishes its position before it writes the index, so the allocator may read the slot's
 * old index. {@link SpscFreeListStressTest} must catch it.
 */
final class PublishBeforeWriteFreeList implements SpscFreeListStressTest.IndexRing {

    private static final VarHandle POSITION = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int HEAD = 16;
    private static final int TAIL = 32;

    private final int[] slots;
    private final int mask;
    private final long[] board = new long[TAIL + 17];

    PublishBeforeWriteFreeList(int count) {
        slots = new int[FreeList.ringLength(count)];
        mask = slots.length - 1;
        for (int i = 0; i < count; i++) {
            slots[i] = i;
        }
        board[TAIL] = count;
    }

    @Override
    public int poll() {
        long h = board[HEAD];
        if (h >= (long) POSITION.getAcquire(board, TAIL)) {
            return FreeList.NONE;
        }
        int index = slots[(int) h & mask];
        POSITION.setRelease(board, HEAD, h + 1);
        return index;
    }

    @Override
    public void offer(int index) {
        long t = board[TAIL];
        POSITION.setRelease(board, TAIL, t + 1); // BROKEN on purpose: published before the index is written
        slots[(int) t & mask] = index;
    }
}
