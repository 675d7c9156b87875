package org.ringlab.linux;

import org.ringlab.api.GrowthStrategy;

import org.ringlab.api.GrowthTrait;

/**
 * {@code reserve-commit}: one {@code PROT_NONE} reservation of the maximum capacity, made
 * accessible with {@code mprotect} as the buffer fills. Never moves, never copies; growth past
 * the reservation (the maximum) is refused.
 */
public final class ReserveCommitGrowth extends LinuxGrowthStrategy {

    public ReserveCommitGrowth() {
        this(Libc.ffm());
    }

    ReserveCommitGrowth(Libc libc) {
        super("reserve-commit", "one PROT_NONE reservation of the maximum, mprotect'ed as it fills:"
                + " never moves, never copies", libc, ReserveCommitBuffer::new, GrowthTrait.NO_COPY,
                GrowthTrait.NEVER_MOVES);
    }

    @Override
    public GrowthStrategy over(Libc other) {
        return new ReserveCommitGrowth(other);
    }
}
