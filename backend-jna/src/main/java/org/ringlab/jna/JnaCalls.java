package org.ringlab.jna;

import org.ringlab.linux.Libc;

/**
 * This module's JNA binding and two raw JNA calls, public so that benchmarks (bench's
 * binding-cost JMH benchmark) can measure JNA per call beside FFM, through the same
 * {@link Libc} interface, without touching JNA themselves. Not part of the ring API.
 */
public final class JnaCalls {

    private JnaCalls() {
    }

    /** The JNA {@link Libc}, what {@code mirrored-jna} and {@code mremap-jna} call. */
    public static Libc libc() {
        return JnaLibc.INSTANCE;
    }

    /** {@code getpid()} through JNA's direct mapping: the smallest call there is. */
    public static int getpid() {
        return JnaLibc.getpid();
    }

    /** {@code getpid()} through a JNA {@code Library} interface (a proxy): JNA's slower, more common mapping. */
    public static int getpidThroughInterface() {
        return JnaLibc.getpidProxied();
    }
}
