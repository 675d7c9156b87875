package org.ringlab.heap;

import java.util.EnumSet;

import org.ringlab.api.Capability;

/** {@code split}: a plain modulo ring; seam-crossing writes in two parts, reads gathered into scratch. */
public final class SplitRingMemory extends PureJavaStrategy {

    public SplitRingMemory() {
        super("split", "plain modulo ring: writes split at the seam, seam-crossing windows copied to scratch",
                EnumSet.of(Capability.CONCURRENT_READ, Capability.NATIVE),
                SplitRing::new);
    }
}
