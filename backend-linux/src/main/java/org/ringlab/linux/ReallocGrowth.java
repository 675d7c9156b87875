package org.ringlab.linux;

import org.ringlab.api.GrowthStrategy;

/**
 * {@code realloc}: libc's {@code realloc} (seed 002). glibc extends in place when it can, grows
 * {@code mmap}ped blocks with {@code mremap} and copies small ones; moves are seen as address
 * changes, bytes copied is unknown ({@link org.ringlab.api.GrowthCounters#UNKNOWN}), and every
 * growth invalidates earlier segments since a move cannot be predicted.
 */
public final class ReallocGrowth extends LinuxGrowthStrategy {

    public ReallocGrowth() {
        this(Libc.ffm());
    }

    ReallocGrowth(Libc libc) {
        super("realloc", "libc realloc: in place, mremap for large blocks, or malloc-copy-free", libc,
                ReallocBuffer::new);
    }

    @Override
    public GrowthStrategy over(Libc other) {
        return new ReallocGrowth(other);
    }
}
