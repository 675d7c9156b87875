package org.ringlab.heap;

import java.util.EnumSet;

import org.ringlab.api.Capability;

/** {@code doubled}: a 2N array, every byte inserted at i and i+N; zero-copy reads, 2N resident. */
public final class DoubledArrayMemory extends PureJavaStrategy {

    public DoubledArrayMemory() {
        super("doubled", "2N array, each write inserted twice (at i and i+N); zero-copy windows",
                EnumSet.of(Capability.ZERO_COPY_WINDOW, Capability.ZERO_COPY_CLAIM, Capability.CONCURRENT_READ,
                        Capability.NATIVE),
                DoubledArrayRing::new);
    }
}
