package org.ringlab.jna;

/**
 * Single libc calls through this module's JNA bindings, public so that benchmarks (bench's
 * binding-cost JMH benchmark) can measure JNA's per-call cost beside FFM's without touching
 * JNA themselves. Not part of the ring API.
 */
public final class JnaCalls {

    private JnaCalls() {
    }

    /** {@code getpid()} through JNA's direct mapping: the smallest call there is. */
    public static int getpid() {
        return JnaLibc.getpid();
    }

    /** {@code getpid()} through a JNA {@code Library} interface (a proxy): JNA's slower, more common mapping. */
    public static int getpidThroughInterface() {
        return JnaLibc.getpidProxied();
    }

    /** {@code sysconf(name)} through the checked wrapper (errno read, fault hook consulted). */
    public static long sysconf(int name) {
        return JnaLibc.sysconf(name);
    }
}
