package org.ringlab.jna;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * <b>Test-only</b> fault injection for {@link JnaLibc}, so that every failure path of an
 * allocation can be driven and checked for leaks (the same rules as backend-linux's
 * {@code LinuxFaults}; public so the conformance kit can fail every call). Production code never
 * arms it; each call then pays one volatile read.
 *
 * <p>A call is named by its function ({@code "mmap"}, and {@code nth} counts every call of
 * it) or by a prefix of its description including the parenthesis
 * ({@code "mmap(MAP_FIXED view 2"}). One hook at a time, process-wide; probes never see it.
 */
public final class JnaFaults {

    // null, a Fault or a Recording.
    private static volatile Object hook;
    private static final ThreadLocal<Boolean> BYPASS = new ThreadLocal<>();

    private JnaFaults() {
    }

    /** Makes the {@code nth} (from 1) matching call fail with {@code errno}; a failing close still closes. */
    public static Fault failNth(String call, int nth, int errno) {
        if (errno <= 0) {
            throw new IllegalArgumentException("errno must be positive, got " + errno);
        }
        return arm(new Fault(call, nth, errno));
    }

    /** Makes the {@code nth} matching {@code mmap} land where the kernel likes, not where it asks. */
    static Fault misplaceNth(String call, int nth) {
        if (!call.startsWith("mmap")) {
            throw new IllegalArgumentException("only mmap calls can be misplaced, got '" + call + "'");
        }
        return arm(new Fault(call, nth, 0));
    }

    /** Records the description of every call until closed. */
    public static Recording record() {
        return arm(new Recording());
    }

    static Fault consult(String function, String call) {
        Object h = hook;
        if (h == null || BYPASS.get() != null) {
            return null;
        }
        if (h instanceof Recording recording) {
            recording.add(call);
            return null;
        }
        Fault fault = (Fault) h;
        return fault.hit(function, call) ? fault : null;
    }

    /** Runs {@code body} with no hook seen by this thread (availability probes). */
    static <T> T withoutFaults(Supplier<T> body) {
        if (BYPASS.get() != null) {
            return body.get();
        }
        BYPASS.set(Boolean.TRUE);
        try {
            return body.get();
        } finally {
            BYPASS.remove();
        }
    }

    private static synchronized <H> H arm(H newHook) {
        if (hook != null) {
            throw new IllegalStateException("a fault hook is already armed (" + hook + "): close it first");
        }
        hook = newHook;
        return newHook;
    }

    private static synchronized void disarm(Object armed) {
        if (hook == armed) {
            hook = null;
        }
    }

    /** An armed fault; {@link #close()} disarms it. */
    public static final class Fault implements AutoCloseable {
        private final String call;
        private final int nth;
        private final int errno;
        private int seen;
        private String firedAt;

        private Fault(String call, int nth, int errno) {
            if (call == null || call.isBlank() || nth < 1) {
                throw new IllegalArgumentException("need a call name and nth >= 1, got '" + call + "' #" + nth);
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

        boolean misplaces() {
            return errno == 0;
        }

        public int errno() {
            return errno;
        }

        public synchronized String firedCall() {
            return firedAt;
        }

        @Override
        public void close() {
            disarm(this);
        }

        @Override
        public String toString() {
            return (misplaces() ? "misplace " : "fail ") + call + " #" + nth;
        }
    }

    /** Records call descriptions; {@link #close()} stops recording. */
    public static final class Recording implements AutoCloseable {
        private final List<String> calls = new ArrayList<>();

        private synchronized void add(String call) {
            calls.add(call);
        }

        public synchronized List<String> calls() {
            return List.copyOf(calls);
        }

        @Override
        public void close() {
            disarm(this);
        }

        @Override
        public String toString() {
            return "recording of " + calls().size() + " calls";
        }
    }
}
