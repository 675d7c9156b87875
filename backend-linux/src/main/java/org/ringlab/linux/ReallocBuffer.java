package org.ringlab.linux;

import org.ringlab.api.GrowthCounters;
import org.ringlab.api.GrowthPolicy;

/**
 * {@code realloc}: libc's {@code realloc}, seed 002's answer. glibc extends a block in place
 * when it can, grows a large ({@code mmap}ped) block with {@code mremap} (no copy, pages
 * remapped), and copies only small heap blocks it cannot extend. Which one happened is not
 * visible: a move is detected by the address changing, and bytes copied is reported as
 * {@link GrowthCounters#UNKNOWN} (bounded by the bytes moved). Because a move cannot be
 * predicted, every growth ends the current generation of segments.
 */
final class ReallocBuffer extends NativeGrowableBuffer {

    ReallocBuffer(Libc libc, String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(libc, strategyName, initialCapacity, policy);
        adopt(libc.malloc(initialCapacity), initialCapacity);
    }

    @Override
    protected long resize(long newCapacity, long liveBytes) {
        long old = address();
        long oldLength = length();
        retire(); // realloc may free the old block: no segment of it may survive the call
        long fresh;
        try {
            fresh = libc.realloc(old, newCapacity);
        } catch (RuntimeException e) {
            adopt(old, oldLength); // a failed realloc leaves the old block valid and ours
            throw e;
        }
        adopt(fresh, newCapacity);
        return GrowthCounters.UNKNOWN;
    }

    @Override
    void free() {
        libc.free(address());
    }
}
