package org.ringlab.heap;

import java.util.EnumSet;

import org.ringlab.api.Capability;

/** {@code linearize}: an N array rotated in place when a read crosses the seam (boost-style). */
public final class LinearizeOnReadMemory extends PureJavaStrategy {

    public LinearizeOnReadMemory() {
        super("linearize", "N array rotated in place when a window crosses the seam (boost linearize())",
                // A window may rotate the ring (it copies), so neither zero-copy nor concurrent reads.
                EnumSet.of(Capability.NATIVE),
                LinearizingRing::new);
    }
}
