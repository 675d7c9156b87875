package org.ringlab.linux;

import java.util.function.Supplier;

import org.ringlab.api.testing.FaultHooks;

/**
 * <b>Test-only</b> fault injection for the {@link Libc} bindings (FFM and JNA alike): one
 * {@link FaultHooks} (see there for how calls are named and counted), consulted by the
 * {@link FaultInjectingLibc} decorators this class makes. Production strategies hold the
 * undecorated binding, so nothing is consulted on their calls; a test makes its strategy over
 * {@link #inject(Libc)}, or {@link #instrument} rebuilds a discovered one (the conformance kit).
 *
 * <pre>{@code
 * MemoryStrategy memfd = LinuxFaults.instrument(new MemfdMirroredMemory());
 * try (FaultHooks.Fault fault = LinuxFaults.failNth("mmap", 3, 12)) {
 *     memfd.allocate(spec);   // throws NativeCallException for mmap(MAP_FIXED view 2 of 2), errno 12
 * }
 * }</pre>
 */
public final class LinuxFaults {

    private static final FaultHooks HOOKS = new FaultHooks("libc");

    private LinuxFaults() {
    }

    /** {@code binding} decorated with this class's hook. */
    public static Libc inject(Libc binding) {
        return new FaultInjectingLibc(binding, HOOKS);
    }

    /** Whether {@link #instrument} can rebuild {@code strategy} over a fault-injecting binding. */
    public static boolean covers(Object strategy) {
        return strategy instanceof BoundToLibc<?>;
    }

    /**
     * {@code strategy} made again over its binding decorated with this class's hook (a strategy
     * already decorated is returned as is); a strategy not {@link #covers covered} is returned unchanged.
     */
    @SuppressWarnings("unchecked")
    public static <S> S instrument(S strategy) {
        if (strategy instanceof BoundToLibc<?> bound && !(bound.libc() instanceof FaultInjectingLibc)) {
            return ((BoundToLibc<S>) bound).over(inject(bound.libc()));
        }
        return strategy;
    }

    /**
     * Makes the {@code nth} (from 1) matching call fail with {@code errno} instead of running.
     * A failing {@code close} still closes (Linux releases the descriptor even when close fails).
     */
    public static FaultHooks.Fault failNth(String call, int nth, int errno) {
        return HOOKS.failNth(call, nth, errno);
    }

    /**
     * Makes the {@code nth} matching {@code mmap} land elsewhere than the address it asks for
     * (the kernel picks one), to drive the "returned address differs" path.
     */
    public static FaultHooks.Fault misplaceNth(String call, int nth) {
        return HOOKS.misplaceNth(call, nth);
    }

    /** Records the description of every call made until closed (failed ones included). */
    public static FaultHooks.Recording record() {
        return HOOKS.record();
    }

    /** The hook itself, for code that drives any library's hook the same way (the conformance kit). */
    public static FaultHooks hooks() {
        return HOOKS;
    }

    /** Runs {@code body} unseen by the hook: availability probes are never faulted. */
    public static <T> T withoutFaults(Supplier<T> body) {
        return HOOKS.withoutFaults(body);
    }
}
