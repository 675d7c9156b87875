package org.ringlab.api.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.ringlab.api.NativeCallException;

/**
 * <b>Test-only</b> fault injection for a binding's native calls, so that every failure path of
 * an allocation can be driven and checked for leaks, from the backend's tests, another
 * module's, or the conformance kit. It is consulted by a decorator of the binding (ringlab's
 * Linux backends: backend-linux's {@code FaultInjectingLibc}, armed through {@code LinuxFaults},
 * for the FFM and the JNA binding alike), never by production calls; a third party's binding
 * can be decorated the same way.
 *
 * <p>A call is named either by its function ({@code "mmap"}, {@code "close"}, …), and then
 * {@code nth} counts every call of that function, or by a prefix of its description that
 * includes the parenthesis ({@code "mmap(MAP_FIXED view 2"}). Descriptions are what
 * {@link NativeCallException#call()} reports and what {@link #record()} lists.
 *
 * <p>One hook at a time per library, process-wide: calls from every thread count, so tests
 * that arm a hook must not run in parallel with others using that library. Close the hook to
 * disarm it. Availability probes run inside {@link #withoutFaults} and never see a hook.
 *
 * <pre>{@code
 * try (FaultHooks.Fault fault = LinuxFaults.failNth("mmap", 3, 12)) {
 *     LinuxFaults.instrument(strategy).allocate(spec);   // throws NativeCallException for mmap(MAP_FIXED view 2 of 2), errno 12
 * }
 * }</pre>
 */
public final class FaultHooks {

    private final String library;
    // null, a Fault or a Recording.
    private volatile Object hook;
    private final ThreadLocal<Boolean> bypass = new ThreadLocal<>();

    /** @param library names the bindings in messages ({@code "libc (FFM)"}) */
    public FaultHooks(String library) {
        this.library = library;
    }

    /**
     * Makes the {@code nth} (from 1) matching call fail with {@code errno} instead of running.
     * A failing {@code close} still closes (Linux releases the descriptor even when close fails).
     */
    public Fault failNth(String call, int nth, int errno) {
        if (errno <= 0) {
            throw new IllegalArgumentException("errno must be positive, got " + errno);
        }
        return arm(new Fault(call, nth, errno));
    }

    /**
     * Makes the {@code nth} matching {@code mmap} land elsewhere than the address it asks for
     * (the kernel picks one), to drive the "returned address differs" path. Misplacing an
     * {@code mmap} that asks for no address (the reservation) changes nothing.
     */
    public Fault misplaceNth(String call, int nth) {
        if (!call.startsWith("mmap")) {
            throw new IllegalArgumentException("only mmap calls can be misplaced, got '" + call + "'");
        }
        return arm(new Fault(call, nth, 0));
    }

    /** Records the description of every call made until closed (failed ones included). */
    public Recording record() {
        return arm(new Recording());
    }

    /** The fault to apply to this call, or null to run it normally; counts the call. For the bindings class. */
    public Fault consult(String function, String call) {
        Object h = hook;
        if (h == null || bypass.get() != null) {
            return null;
        }
        if (h instanceof Recording recording) {
            recording.add(call);
            return null;
        }
        Fault fault = (Fault) h;
        return fault.hit(function, call) ? fault : null;
    }

    /** Runs {@code body} with no hook seen by this thread: availability probes must not be faulted. */
    public <T> T withoutFaults(Supplier<T> body) {
        if (bypass.get() != null) {
            return body.get();
        }
        bypass.set(Boolean.TRUE);
        try {
            return body.get();
        } finally {
            bypass.remove();
        }
    }

    private synchronized <H> H arm(H newHook) {
        if (hook != null) {
            throw new IllegalStateException("a fault hook is already armed (" + hook + "): close it first");
        }
        hook = newHook;
        return newHook;
    }

    private synchronized void disarm(Object armed) {
        if (hook == armed) {
            hook = null;
        }
    }

    /** An armed fault; {@link #close()} disarms it. */
    public final class Fault implements AutoCloseable {
        private final String call;
        private final int nth;
        private final int errno;
        private int seen;
        private String firedAt;

        private Fault(String call, int nth, int errno) {
            if (call == null || call.isBlank()) {
                throw new IllegalArgumentException("a call name is required, got '" + call + "'");
            }
            if (nth < 1) {
                throw new IllegalArgumentException("nth counts from 1, got " + nth);
            }
            this.call = call;
            this.nth = nth;
            this.errno = errno;
        }

        private synchronized boolean hit(String function, String description) {
            boolean matches = function.equals(call) || (call.indexOf('(') > 0 && description.startsWith(call));
            if (!matches || ++seen != nth) {
                return false;
            }
            firedAt = description;
            return true;
        }

        /** A misplaced mapping rather than a failure: the bindings let the kernel pick the address. */
        public boolean misplaces() {
            return errno == 0;
        }

        /** The injected errno (0 for a misplaced mapping). */
        public int errno() {
            return errno;
        }

        /** Whether the fault has been applied. */
        public synchronized boolean fired() {
            return firedAt != null;
        }

        /** Description of the call the fault was applied to. */
        public synchronized Optional<String> firedCall() {
            return Optional.ofNullable(firedAt);
        }

        @Override
        public void close() {
            disarm(this);
        }

        @Override
        public String toString() {
            return library + ": " + (misplaces() ? "misplace " : "fail ") + call + " #" + nth
                    + (misplaces() ? "" : " with errno " + errno);
        }
    }

    /** Records call descriptions; {@link #close()} stops recording. */
    public final class Recording implements AutoCloseable {
        private final List<String> calls = new ArrayList<>();

        private Recording() {
        }

        private synchronized void add(String call) {
            calls.add(call);
        }

        /** Descriptions of the calls made so far, in order. */
        public synchronized List<String> calls() {
            return List.copyOf(calls);
        }

        @Override
        public void close() {
            disarm(this);
        }

        @Override
        public String toString() {
            return library + ": recording of " + calls().size() + " calls";
        }
    }
}
