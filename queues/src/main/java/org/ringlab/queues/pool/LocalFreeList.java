package org.ringlab.queues.pool;

/** One thread allocates and frees: a plain ring of ints, power-of-two mask, no fences. */
final class LocalFreeList implements FreeList {

    private final int[] slots;
    private final int mask;
    private int head; // next index to hand out (wraps: only differences and masks are used)
    private int tail; // next slot to fill

    LocalFreeList(int count) {
        this.slots = new int[FreeList.ringLength(count)];
        this.mask = slots.length - 1;
        for (int i = 0; i < count; i++) {
            slots[i] = i;
        }
        this.tail = count;
    }

    @Override
    public int poll() {
        int h = head;
        if (h == tail) {
            return NONE;
        }
        head = h + 1;
        return slots[h & mask];
    }

    @Override
    public void offer(int index) {
        int t = tail;
        if (t - head == slots.length) {
            throw new IllegalStateException("free list overflow: more frees than allocations");
        }
        slots[t & mask] = index;
        tail = t + 1;
    }

    @Override
    public int size() {
        return tail - head;
    }
}
