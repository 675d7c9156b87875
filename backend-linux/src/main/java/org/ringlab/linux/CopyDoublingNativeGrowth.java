package org.ringlab.linux;

import org.ringlab.api.GrowthStrategy;

/**
 * {@code copy-doubling-native}: {@code malloc} a larger block, copy the live bytes,
 * {@code free} the old one. Moves at every growth and copies exactly the live bytes; the new
 * block is not zeroed, so the peak is the old block plus the copied part of the new one.
 */
public final class CopyDoublingNativeGrowth extends LinuxGrowthStrategy {

    public CopyDoublingNativeGrowth() {
        this(Libc.ffm());
    }

    CopyDoublingNativeGrowth(Libc libc) {
        super("copy-doubling-native", "malloc a larger block, copy the live bytes, free the old one", libc,
                CopyDoublingNativeBuffer::new);
    }

    @Override
    public GrowthStrategy over(Libc other) {
        return new CopyDoublingNativeGrowth(other);
    }
}
