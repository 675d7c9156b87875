package org.ringlab.conformance.kit;

import java.util.List;
import java.util.function.Supplier;

import org.ringlab.api.FaultHooks;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.jna.JnaFaults;
import org.ringlab.linux.LinuxFaults;

/**
 * A backend's test hook for its native calls, as the kit drives it: record the calls one
 * allocation makes, then make the {@code nth} call of a function fail with an errno. A third
 * party with native calls implements this over its own hook and passes it to
 * {@link Kit#withFaultInjector}.
 */
public interface FaultInjector {

    /** For reports: which hook this is. */
    String name();

    /** Whether {@code strategy}'s native calls go through this hook. */
    boolean covers(MemoryStrategy strategy);

    /**
     * Whether the native calls of {@code provider} (a memory, growth or mapped-file strategy)
     * go through this hook; by default only memory strategies, through {@link #covers}.
     */
    default boolean coversProvider(Object provider) {
        return provider instanceof MemoryStrategy s && covers(s);
    }

    /** The descriptions of the native calls {@code body} makes, in order ({@code "mmap(MAP_FIXED view 2 of 2)"}). */
    <T> Recorded<T> record(Supplier<T> body);

    /** Arms a failure of the {@code nth} (from 1) call of {@code function}; close to disarm. */
    Armed failNth(String function, int nth, int errno);

    /** What a recorded body returned, and the calls it made. */
    record Recorded<T>(T result, List<String> calls) {
    }

    /** An armed failure. */
    interface Armed extends AutoCloseable {
        boolean fired();

        @Override
        void close();
    }

    /** The function a call description names: {@code mmap} for {@code mmap(MAP_FIXED view 2 of 2)}. */
    static String function(String call) {
        int paren = call.indexOf('(');
        return paren < 0 ? call : call.substring(0, paren);
    }

    /** backend-linux's {@link LinuxFaults}: every FFM libc call of the strategies in {@code org.ringlab.linux}. */
    static FaultInjector linux() {
        return over("LinuxFaults", "org.ringlab.linux", LinuxFaults.hooks());
    }

    /** backend-jna's {@link JnaFaults}: every JNA libc call of the strategies in {@code org.ringlab.jna}. */
    static FaultInjector jna() {
        return over("JnaFaults", "org.ringlab.jna", JnaFaults.hooks());
    }

    /**
     * An injector over a {@link FaultHooks} (the api's hook, which a third party's bindings
     * can use too) covering the strategies whose classes are in {@code packageName}.
     */
    static FaultInjector over(String name, String packageName, FaultHooks hooks) {
        return new FaultInjector() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean covers(MemoryStrategy strategy) {
                return coversProvider(strategy);
            }

            @Override
            public boolean coversProvider(Object provider) {
                return provider.getClass().getPackageName().equals(packageName);
            }

            @Override
            public <T> Recorded<T> record(Supplier<T> body) {
                try (FaultHooks.Recording recording = hooks.record()) {
                    T result = body.get();
                    return new Recorded<>(result, recording.calls());
                }
            }

            @Override
            public Armed failNth(String function, int nth, int errno) {
                FaultHooks.Fault fault = hooks.failNth(function, nth, errno);
                return new Armed() {
                    @Override
                    public boolean fired() {
                        return fault.fired();
                    }

                    @Override
                    public void close() {
                        fault.close();
                    }
                };
            }
        };
    }
}
