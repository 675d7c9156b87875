package org.ringlab.heap;

import java.lang.foreign.MemorySegment;

import org.ringlab.growth.AbstractGrowableBuffer;
import org.ringlab.api.GrowthPolicy;

/**
 * A Java {@code byte[]} grown by allocate-new, copy, drop: seed 002's {@code new X[length * 2]}.
 * The JVM zeroes every new array, touching all of its pages, so at a growth the old array, the
 * new one and any dropped arrays the GC has not reclaimed yet are all resident. Copies exactly
 * the live bytes. Segments are views of the array: a stale one keeps the dropped array alive
 * and keeps showing its bytes (memory-safe; it never sees later appends).
 */
final class HeapArrayBuffer extends AbstractGrowableBuffer {

    private byte[] array;
    private MemorySegment memory;

    HeapArrayBuffer(String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(strategyName, initialCapacity, policy);
        use(new byte[(int) initialCapacity]);
    }

    @Override
    protected MemorySegment memory() {
        return memory;
    }

    @Override
    protected long resize(long newCapacity, long liveBytes) {
        byte[] grown = new byte[(int) newCapacity];
        System.arraycopy(array, 0, grown, 0, (int) liveBytes);
        use(grown);
        return liveBytes;
    }

    @Override
    protected void release() {
        // Dropped: the GC reclaims it once no stale segment holds it.
        array = null;
        memory = null;
    }

    private void use(byte[] a) {
        array = a;
        memory = MemorySegment.ofArray(a);
    }
}
