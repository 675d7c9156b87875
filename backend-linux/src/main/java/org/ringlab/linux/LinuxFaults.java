package org.ringlab.linux;

import java.util.function.Supplier;
import org.ringlab.api.FaultHooks;


/**
 * <b>Test-only</b> fault injection for {@link LinuxLibc}'s calls: the {@link FaultHooks} of
 * this library (see there for how calls are named and counted). Production code never arms
 * it; when nothing is armed each libc call pays one volatile read.
 *
 * <pre>{@code
 * try (FaultHooks.Fault fault = LinuxFaults.failNth("mmap", 3, 12)) {
 *     strategy.allocate(spec);   // throws NativeCallException for mmap(MAP_FIXED view 2 of 2), errno 12
 * }
 * }</pre>
 */
public final class LinuxFaults {

    private static final FaultHooks HOOKS = new FaultHooks("libc (FFM)");

    private LinuxFaults() {
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

    static FaultHooks.Fault consult(String function, String call) {
        return HOOKS.consult(function, call);
    }

    static <T> T withoutFaults(Supplier<T> body) {
        return HOOKS.withoutFaults(body);
    }
}
