package org.ringlab.jna;

import org.ringlab.linux.Libc;
import org.ringlab.linux.MremapGrowth;

/**
 * {@code mremap-jna}: backend-linux's {@code mremap} growth, the same code, over the JNA
 * {@link Libc}: for runtimes where the FFM backends are refused native access, and to measure
 * what the binding costs.
 */
public final class JnaMremapGrowth extends MremapGrowth {

    static final String NAME = "mremap-jna";

    public JnaMremapGrowth() {
        this(JnaLibc.INSTANCE);
    }

    JnaMremapGrowth(Libc libc) {
        super(NAME, "anonymous mmap grown with mremap through JNA, in place or MREMAP_MAYMOVE: never copied", libc);
    }
}
