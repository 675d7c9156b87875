package org.ringlab.linux;

import org.ringlab.api.GrowthTrait;

/**
 * {@code reserve-commit}: one {@code PROT_NONE} reservation of the maximum capacity, made
 * accessible with {@code mprotect} as the buffer fills. Never moves, never copies; growth past
 * the reservation (the maximum) is refused.
 */
public final class ReserveCommitGrowth extends LinuxGrowthStrategy {

    public ReserveCommitGrowth() {
        super("reserve-commit", "one PROT_NONE reservation of the maximum, mprotect'ed as it fills:"
                + " never moves, never copies", ReserveCommitBuffer::new, GrowthTrait.NO_COPY, GrowthTrait.NEVER_MOVES);
    }
}
