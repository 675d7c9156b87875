package org.ringlab.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ringlab.api.GrowthPolicy;

/**
 * {@code copy-doubling-native}: the textbook growth in C. {@code malloc} a larger block, copy
 * the live bytes, {@code free} the old one: always moves, copies exactly the live bytes. The
 * new block is not zeroed, so only the pages the copy and the appends touch become resident;
 * at the copy both blocks are (≈2× the live bytes).
 */
final class CopyDoublingNativeBuffer extends NativeGrowableBuffer {

    CopyDoublingNativeBuffer(Libc libc, String strategyName, long initialCapacity, GrowthPolicy policy) {
        super(libc, strategyName, initialCapacity, policy);
        adopt(libc.malloc(initialCapacity), initialCapacity);
    }

    @Override
    protected long resize(long newCapacity, long liveBytes) {
        long fresh = libc.malloc(newCapacity); // a failure leaves the old block in use
        // Even a transient segment over native memory belongs to an arena (docs/native-access.md).
        try (Arena copy = Arena.ofConfined()) {
            MemorySegment.copy(memory(), 0, libc.segment(fresh, newCapacity, copy, null), 0,
                    liveBytes);
        }
        long old = address();
        retire();
        adopt(fresh, newCapacity);
        libc.free(old);
        return liveBytes;
    }

    @Override
    void free() {
        libc.free(address());
    }
}
