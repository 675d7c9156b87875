package org.ringlab.bench.anchors;

import org.jctools.queues.SpscArrayQueue;

/**
 * JCTools' {@link SpscArrayQueue} of preallocated slots. The queue moves references, not bytes:
 * the producer takes a free {@link Slot}, copies the record into its array and offers the
 * reference; the consumer copies the bytes out and hands the slot back through a second
 * {@code SpscArrayQueue} running the other way. So each record costs two queue hand-offs and
 * the same two copies as the byte rings, and nothing is allocated per record.
 */
final class JctoolsSpscArrayAnchor extends ThirdPartyAnchor {

    static final String NAME = "jctools-spsc-array";

    private final SpscArrayQueue<Slot> full;
    private final SpscArrayQueue<Slot> free;

    JctoolsSpscArrayAnchor(int recordSize, int slots) {
        super(NAME, recordSize);
        if (slots < 2) {
            throw new IllegalArgumentException("jctools anchor needs at least 2 slots, got " + slots);
        }
        this.full = new SpscArrayQueue<>(slots);
        this.free = new SpscArrayQueue<>(slots);
        for (int i = 0; i < slots; i++) {
            if (!free.offer(new Slot(recordSize))) {
                throw new IllegalStateException("the free-slot queue took only " + i + " of " + slots + " slots");
            }
        }
    }

    @Override
    public boolean offer(byte[] src) {
        Slot slot = free.poll();
        if (slot == null) {
            return false;
        }
        System.arraycopy(src, 0, slot.bytes, 0, recordSize);
        // Never full: there are no more slots than the queue holds.
        full.offer(slot);
        return true;
    }

    @Override
    public int poll(byte[] dst) {
        Slot slot = full.poll();
        if (slot == null) {
            return EMPTY;
        }
        int length = slot.bytes.length;
        checkFits(length, dst);
        System.arraycopy(slot.bytes, 0, dst, 0, length);
        free.offer(slot);
        return length;
    }

    /** One preallocated record buffer; owned by whichever side last took it from a queue. */
    private static final class Slot {
        final byte[] bytes;

        Slot(int size) {
            bytes = new byte[size];
        }
    }
}
